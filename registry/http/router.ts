export type Method = "GET" | "POST" | "PUT" | "DELETE";

export type Route<C> = { method: Method; pattern: string; handle: (ctx: C, params: Record<string, string>) => Promise<Response> };

export type Match<C> =
  | { kind: "found"; route: Route<C>; params: Record<string, string> }
  | { kind: "wrong-method"; allowed: Method[] }
  | { kind: "none" };

/** Matches `/api/pass/:id`-style patterns segment by segment; a trailing slash is ignored. */
export function matchRoute<C>(routes: readonly Route<C>[], method: string, pathname: string): Match<C> {
  const segments = split(pathname);
  const allowed: Method[] = [];
  for (const route of routes) {
    const params = matchPattern(split(route.pattern), segments);
    if (!params) continue;
    if (route.method === method) return { kind: "found", route, params };
    if (!allowed.includes(route.method)) allowed.push(route.method);
  }
  return allowed.length ? { kind: "wrong-method", allowed } : { kind: "none" };
}

function split(path: string): string[] {
  return path.split("/").filter((s) => s !== "");
}

function matchPattern(pattern: string[], segments: string[]): Record<string, string> | null {
  if (pattern.length !== segments.length) return null;
  const params: Record<string, string> = {};
  for (let i = 0; i < pattern.length; i++) {
    const p = pattern[i]!;
    const s = segments[i]!;
    if (p.startsWith(":")) {
      let value: string;
      try {
        value = decodeURIComponent(s);
      } catch {
        return null;
      }
      params[p.slice(1)] = value;
    } else if (p !== s) return null;
  }
  return params;
}
