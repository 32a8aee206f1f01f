import type { RequestHandler } from "express";
import path from "node:path";
import client from "prom-client";
import { matchRoutes, type RouteObject, type ServerBuild } from "react-router";
import { currentSignInSurge } from "../app/features/accounts/sign-in-surge.server";
import { ADMISSION_CLASSES, type AdmissionGate } from "./in-flight";

/**
 * The portal's own series (docs/decisions/131), next to the registry's (registry/metrics.ts) on METRICS_PORT:
 * - `http_requests_total{method, route, status}` and `http_request_duration_seconds{method, route, status_class}`: the
 *   route is the pattern (`/records/:id`), never the raw path: no ids, tokens or emails in a label;
 * - `http_requests_in_flight{class}`, `http_requests_waiting{class}`, `http_requests_refused_total{class}` and
 *   `http_requests_parked`: the admission (server/in-flight.ts, docs/decisions/134), by class `patient`, `page`, `sign-in`;
 * - `sign_in_surge_active`, `sign_in_surge_attempts_last_minute`, `sign_in_surge_threshold_per_minute`.
 */

/** The build's flat route list as the nested tree `matchRoutes` reads. */
function routeTree(routes: ServerBuild["routes"], parentId: string | undefined): RouteObject[] {
  const tree: RouteObject[] = [];
  for (const r of Object.values(routes)) {
    if (!r || r.parentId !== parentId) continue;
    if (r.index) tree.push({ id: r.id, path: r.path, index: true, caseSensitive: r.caseSensitive });
    else tree.push({ id: r.id, path: r.path, caseSensitive: r.caseSensitive, children: routeTree(routes, r.id) });
  }
  return tree;
}

/** React Router's single-fetch data requests end in `.data` (`/_root.data` for the root). */
const DATA_SUFFIX = ".data";

/**
 * The pattern of the app route a path leads to (`/profile/devices`, `/records/:id`), `.data` kept for data
 * requests; "unmatched" for what no route takes (a 404), "app" while the build is not known (npm run dev).
 */
export function routePatternOf(build: ServerBuild | undefined, basePath: string): (pathname: string) => string {
  if (!build) return () => "app";
  const tree = routeTree(build.routes, undefined);
  const basename = basePath.replace(/\/$/, "") || "/";
  return (pathname) => {
    let data = "";
    let target = pathname;
    if (target.endsWith(DATA_SUFFIX)) {
      data = DATA_SUFFIX;
      target = target.slice(0, -DATA_SUFFIX.length);
      if (target.endsWith("/_root")) target = target.slice(0, -"_root".length);
    }
    const matches = matchRoutes(tree, target, basename);
    if (!matches) return "unmatched";
    const parts = matches.map((m) => (m.route.path ?? "").replace(/^\/|\/$/g, "")).filter(Boolean);
    return `/${parts.join("/")}${data}`;
  };
}

export type PortalMetricsOptions = {
  registry: client.Registry;
  build: ServerBuild | undefined;
  basePath: string;
  /** The admission gate: its counts by class. */
  admission: AdmissionGate;
  signInSurgePerMinute: number;
};

const METHODS = new Set(["GET", "HEAD", "POST"]);

/** Registers the portal's series; answers the middleware that counts and times every request (mount it first). */
export function registerPortalMetrics(o: PortalMetricsOptions): RequestHandler {
  const registers = [o.registry];
  const base = o.basePath;
  const appPattern = routePatternOf(o.build, base);
  const routeOf = (pathname: string): string => {
    if (!pathname.startsWith(base) && `${pathname}/` !== base) return pathname === "/" ? "/" : "outside";
    const rest = pathname.slice(base.length);
    if (rest === "healthz" || rest === "readyz" || rest === "sms/inbound") return `/${rest}`;
    if (rest.startsWith("assets/")) return "/assets/*";
    if (rest === "__manifest") return "/__manifest";
    if (path.extname(rest) && !rest.endsWith(DATA_SUFFIX)) return "/static";
    return appPattern(pathname);
  };

  const requests = new client.Counter({
    name: "http_requests_total",
    help: "Requests answered, by method, route pattern and status",
    labelNames: ["method", "route", "status"],
    registers,
  });
  const duration = new client.Histogram({
    name: "http_request_duration_seconds",
    help: "Time from the request's arrival to its answer's end, by method, route pattern and status class",
    labelNames: ["method", "route", "status_class"],
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2, 4, 8],
    registers,
  });
  new client.Gauge({
    name: "http_requests_in_flight",
    help: "Requests admitted and not yet answered, by admission class",
    labelNames: ["class"],
    registers,
    collect() {
      for (const c of ADMISSION_CLASSES) this.set({ class: c }, o.admission.current(c));
    },
  });
  new client.Gauge({
    name: "http_requests_waiting",
    help: "Requests waiting in their class's short line for a place, by admission class",
    labelNames: ["class"],
    registers,
    collect() {
      for (const c of ADMISSION_CLASSES) this.set({ class: c }, o.admission.waiting(c));
    },
  });
  new client.Gauge({
    name: "http_requests_parked",
    help: "Admitted requests waiting on a timer outside the count (a sign-in's surge wait, a refusal's delay)",
    registers,
    collect() {
      this.set(o.admission.parked());
    },
  });
  const refusedSeen = new Map<string, number>();
  new client.Counter({
    name: "http_requests_refused_total",
    help: "Requests refused at once (503 busy, Retry-After) by admission class",
    labelNames: ["class"],
    registers,
    collect() {
      for (const c of ADMISSION_CLASSES) {
        const refused = o.admission.refused(c);
        this.inc({ class: c }, Math.max(0, refused - (refusedSeen.get(c) ?? 0)));
        refusedSeen.set(c, refused);
      }
    },
  });
  new client.Gauge({
    name: "sign_in_surge_active",
    help: "1 while unknown-device sign-ins surge (a proof of work before any hashing), else 0",
    registers,
    collect() {
      const shared = currentSignInSurge();
      this.set(shared?.surge.active(Date.now()) ? 1 : 0);
    },
  });
  new client.Gauge({
    name: "sign_in_surge_attempts_last_minute",
    help: "Unknown-device sign-in attempts counted within the last minute by this process",
    registers,
    collect() {
      this.set(currentSignInSurge()?.surge.recent(Date.now()) ?? 0);
    },
  });
  new client.Gauge({
    name: "sign_in_surge_threshold_per_minute",
    help: "SIGN_IN_SURGE_PER_MINUTE: attempts per minute that start a surge (0: never)",
    registers,
    collect() {
      this.set(currentSignInSurge()?.perMinute ?? o.signInSurgePerMinute);
    },
  });

  return (req, res, next) => {
    const start = process.hrtime.bigint();
    const done = () => {
      res.off("finish", done);
      res.off("close", done);
      const method = METHODS.has(req.method) ? req.method : "other";
      const route = routeOf(req.path);
      const status = res.headersSent ? res.statusCode : 499;
      requests.inc({ method, route, status: String(status) });
      const seconds = Number(process.hrtime.bigint() - start) / 1e9;
      duration.observe({ method, route, status_class: `${String(status).charAt(0)}xx` }, seconds);
    };
    res.on("finish", done);
    res.on("close", done);
    next();
  };
}
