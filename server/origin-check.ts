/**
 * The cross-site check on form posts, made before React Router sees the request (docs/decisions/018). React Router refuses an
 * action whose `Origin` host differs from the `X-Forwarded-Host` (first value) or `Host` header by throwing, which
 * came out as a 500; this is the same comparison, made first, so such a post gets a 403 page instead. A post
 * without `Origin` (old browsers, curl) passes here and meets the CSRF token check of every form.
 */
const UNSAFE_METHODS = new Set(["POST", "PUT", "PATCH", "DELETE"]);

type Headers = Record<string, string | string[] | undefined>;

function first(value: string | string[] | undefined): string | undefined {
  return Array.isArray(value) ? value[0] : value;
}

export function isCrossSite(method: string, headers: Headers): boolean {
  if (!UNSAFE_METHODS.has(method.toUpperCase())) return false;
  const origin = first(headers.origin);
  if (origin === undefined || origin === "") return false;
  let originHost: string;
  try {
    originHost = origin === "null" ? "null" : new URL(origin).host;
  } catch {
    return true;
  }
  const forwarded = first(headers["x-forwarded-host"])?.split(",")[0]?.trim();
  const host = forwarded || first(headers.host);
  return !host || originHost !== host;
}
