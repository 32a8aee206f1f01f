import type { z } from "zod";

export type Method = "GET" | "POST" | "PUT" | "DELETE";

/**
 * Who may call a route (the document's security schemes, registry/openapi/document.ts): anyone, the signed-in patient
 * (`Authorization: Bearer`), a staff person (`Authorization: Bearer st_…`, docs/decisions/126), staff with their key (X-Lab-Staff-Key, X-Center-Staff-Key, X-Program-Staff-Key), the holder
 * of an invite (X-Invite-Token). A list means any one of them.
 */
export type RouteAuth = "none" | "patient" | "staff" | "lab-staff" | "center-staff" | "program-staff" | "invite";

/**
 * A route's description, from which the registry's OpenAPI document is generated (docs/decisions/102): every route has
 * one, and registry/openapi/document.test.ts checks that the document holds every route and that real answers match it.
 */
export type RouteDoc = {
  summary: string;
  auth: RouteAuth | readonly RouteAuth[];
  /** The JSON body it reads, as a client sends it. */
  body?: z.ZodType;
  /** Its query parameters (an object of them). */
  query?: z.ZodObject;
  /** Headers it reads besides those of `auth` (an object of them, by header name). */
  headers?: z.ZodObject;
  /**
   * Its answer with status 200: the `results` of the `{ success, results, message, errors? }` envelope; a file
   * (`{ file: "application/pdf" }`, `{ file: "text/csv" }`); or a JSON body that is no envelope (`{ bare: schema }`).
   */
  answer: z.ZodType | { file: "application/pdf" | "text/csv" } | { bare: z.ZodType };
  /** Top-level fields its envelopes may carry besides those four (register's `addressValidation`). */
  extras?: z.ZodRawShape;
  /** Refusals whose envelope carries results (status -> results); any other refusal has `results: null`. */
  refusals?: Readonly<Record<number, z.ZodType>>;
};

export type Route<C> = {
  method: Method;
  pattern: string;
  handle: (ctx: C, params: Record<string, string>) => Promise<Response>;
  doc: RouteDoc;
};

export type Match<C> =
  | { kind: "found"; route: Route<C>; params: Record<string, string> }
  | { kind: "wrong-method"; allowed: Method[] }
  | { kind: "none" };

/**
 * Matches `/api/pass/:id`-style patterns segment by segment; a trailing slash is ignored. The order of `routes` does
 * not matter: of the patterns that match with the request's method, the most specific wins (compared segment by
 * segment from the left, a literal segment beats a parameter), so `/api/pass/centers` is never read as a record id.
 */
export function matchRoute<C>(routes: readonly Route<C>[], method: string, pathname: string): Match<C> {
  const segments = split(pathname);
  const allowed: Method[] = [];
  let best: { route: Route<C>; params: Record<string, string>; rank: string } | null = null;
  for (const route of routes) {
    const { segments: pattern, rank } = shapeOf(route);
    if (pattern.length !== segments.length) continue;
    const params = matchPattern(pattern, segments);
    if (!params) continue;
    if (route.method !== method) {
      if (!allowed.includes(route.method)) allowed.push(route.method);
      continue;
    }
    if (!best || rank > best.rank) best = { route, params, rank };
  }
  if (best) return { kind: "found", route: best.route, params: best.params };
  return allowed.length ? { kind: "wrong-method", allowed } : { kind: "none" };
}

/**
 * Throws when two routes would answer the same request (same method, and the same literal segments with parameters in
 * the same places): the registry refuses to start rather than let one of them never be reached.
 */
export function assertDistinctRoutes<C>(routes: readonly Route<C>[]): void {
  const seen = new Map<string, string>();
  for (const route of routes) {
    const shape = `${route.method} ${split(route.pattern)
      .map((p) => (p.startsWith(":") ? ":" : p))
      .join("/")}`;
    const other = seen.get(shape);
    if (other !== undefined) throw new Error(`two routes answer the same requests: ${route.method} ${other} and ${route.pattern}`);
    seen.set(shape, route.pattern);
  }
}

/** A route's pattern split into segments and its specificity, worked out once per route (matchRoute runs per request). */
const shapes = new WeakMap<object, { segments: string[]; rank: string }>();

function shapeOf(route: { pattern: string }): { segments: string[]; rank: string } {
  let shape = shapes.get(route);
  if (!shape) {
    const segments = split(route.pattern);
    shape = { segments, rank: specificity(segments) };
    shapes.set(route, shape);
  }
  return shape;
}

/** "1" for each literal segment and "0" for each parameter: a greater string is a more specific pattern of that length. */
function specificity(pattern: string[]): string {
  return pattern.map((p) => (p.startsWith(":") ? "0" : "1")).join("");
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
