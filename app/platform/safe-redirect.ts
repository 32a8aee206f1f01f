/**
 * The one rule for redirects whose target comes from a query or form value (docs/decisions/018): the target must be
 * a path of this site, relative to BASE_PATH (React Router prefixes BASE_PATH to a redirect that starts with "/"), and
 * nothing a browser could read as another host. Anything else gives the fallback.
 *
 * Refused, before and after percent-decoding: control characters (a browser drops tab, CR and LF, so "/\t/evil"
 * becomes "//evil"), backslashes (read as "/"), a leading "//", anything that is not a path ("https:", "javascript:",
 * relative paths), and very long values. What passes is re-serialised by the URL parser (so it is plain ASCII, safe
 * for a Location header) and must still be on the same origin; the fragment is dropped.
 */
const MAX_LENGTH = 2048;
const PROBE_ORIGIN = "http://portal.invalid";
// eslint-disable-next-line no-control-regex
const UNSAFE = /[\u0000-\u001f\u007f-\u009f\\\u2028\u2029]/;

function decodedFully(value: string): string | null {
  let current = value;
  // Nested encodings ("%252F") are decoded again, a few times at most.
  for (let i = 0; i < 3; i++) {
    let next: string;
    try {
      next = decodeURIComponent(current);
    } catch {
      return null;
    }
    if (next === current) return current;
    current = next;
  }
  return current;
}

function looksSafe(path: string): boolean {
  return path.startsWith("/") && !path.startsWith("//") && !UNSAFE.test(path);
}

export function safeRedirectPath(target: string | null | undefined, fallback = "/"): string {
  if (!target || target.length > MAX_LENGTH || !looksSafe(target)) return fallback;
  const decoded = decodedFully(target);
  if (decoded === null || !looksSafe(decoded)) return fallback;
  let url: URL;
  try {
    url = new URL(target, PROBE_ORIGIN);
  } catch {
    return fallback;
  }
  if (url.origin !== PROBE_ORIGIN) return fallback;
  const path = `${url.pathname}${url.search}`;
  return looksSafe(path) ? path : fallback;
}
