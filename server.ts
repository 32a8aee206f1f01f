/**
 * The portal's HTTP server: serves the built React Router app and its assets, runs the registry in-process
 * (or calls REGISTRY_URL), and adds what a patient-facing service needs in front of the app: security
 * headers, compression, the encrypted session, health checks, logs and a graceful stop.
 */
import type { ServerBuild } from "react-router";
import compression from "compression";
import express from "express";
import { hkdfSync } from "node:crypto";
import http, { type IncomingMessage } from "node:http";
import path from "node:path";
import { pathToFileURL } from "node:url";
import zlib from "node:zlib";
import onHeaders from "on-headers";
import { loadSettings, SettingsError } from "./config/settings";
import { operatorEnvironment } from "./server/operator-node-env";
import { checkDataDir, DataDirOpenError, PRIVATE_UMASK } from "./registry/db/data-dir";
import { describeThisProcess } from "./registry/db/data-dir-lock";
import { endSignInAtLimit } from "./app/platform/auth.server";
import { settleFlash } from "./app/platform/flash.server";
import { languageFromHeaders, languageNow } from "./app/platform/i18n.server";
import { createRegistryClient } from "./app/registry/client.server";
import { createSessionStore } from "./app/platform/session.server";
import { staffSessionAtRequest } from "./app/platform/staff-auth.server";
import { isStaffPath, STAFF_COOKIE, STAFF_COOKIE_PURPOSE, STAFF_PATH, type StaffSessionData } from "./app/platform/staff-session";
import { LAST_SEEN_RESOLUTION_MS, ROUTE_DISCOVERY_PATH, SESSION_STATUS_PATH, sessionLimit } from "./app/platform/session-limits";
import { routerContextFor, type PortalContext } from "./app/platform/context";
import { bodyLimit, declaredTooLarge, MAX_BODY_BYTES } from "./server/body-limit";
import { describeError, startFailureLine } from "./server/describe-error";
import { createLogger, type Log } from "./server/logger";
import { isCrossSite } from "./server/origin-check";
import { methodGuard } from "./server/method-guard";
import { basePathSlash } from "./server/base-path-slash";
import { routeConsoleToLog } from "./server/console-to-log";
import { createRequestHandler } from "./server/react-router-handler";
import { shortPageHtml, type ShortPage } from "./server/short-page";
import { admissionLimit, admissionRules, parkFor } from "./server/in-flight";
import { precompressedAssets } from "./server/precompressed-assets";
import { admissionClassifier, type ReadSessions } from "./server/admission-class";
import { noteRefusedSignIn, provedSignInPost } from "./app/features/accounts/sign-in-surge.server";
import { registerPortalMetrics } from "./server/metrics";
import { createMetricsRegistry, serveMetrics } from "./registry/metrics";
import { withTimeout } from "./registry/db/faults";

/** /readyz waits this long for the registry's health (which bounds its own database query at 2 s). */
const READY_TIMEOUT_MS = 3_000;
import { requestLog } from "./server/request-log";
import { startRegistry } from "./server/registry-runtime";
import { smsWebhook } from "./server/sms-webhook";
import { securityHeaders } from "./server/security-headers";
import { startDevApp } from "./server/dev-vite";

// Until the settings give the log level, and for what escapes every handler: one JSON line, never a raw stack.
let log: Log = createLogger("info");
const fatal = (msg: string) => (error: unknown) => {
  log({ level: "error", msg, ...describeError(error) });
  process.exit(1);
};
process.on("uncaughtException", fatal("uncaught exception"));
process.on("unhandledRejection", fatal("unhandled rejection"));

async function main() {
  const started = Date.now();
  // docs/decisions/084: what the portal creates (DATA_DIR, the database, secrets) is this user's alone.
  process.umask(PRIVATE_UMASK);
  let settings;
  try {
    settings = loadSettings(operatorEnvironment());
    // docs/decisions/084: a DATA_DIR (or its database) open to other users stops the start, before anything is read.
    checkDataDir(settings.dataDir);
  } catch (error) {
    if (error instanceof SettingsError || error instanceof DataDirOpenError) {
      process.stderr.write(`${error.message}\n`);
      process.exit(1);
    }
    throw error;
  }
  log = createLogger(settings.logLevel);
  const operatorEnv = operatorEnvironment();
  // `npm run dev` (server/dev-vite.ts): the app from Vite with hot updates, in demo mode only.
  if (process.argv.includes("--dev") && !settings.demoMode) {
    process.stderr.write("npm run dev runs in demo mode only: unset NODE_ENV=production and DEMO_MODE=false.\n");
    process.exit(1);
  }
  const dev = process.argv.includes("--dev") ? await startDevApp() : undefined;
  // docs/decisions/088: what React Router, React or Node print on their own becomes JSON log lines (not under Vite).
  if (!dev) routeConsoleToLog(() => log);
  // The secrets policy above follows the NODE_ENV the operator set; the libraries (React, React Router) run their
  // production builds, in demo mode too: server/boot.ts set NODE_ENV before they were loaded.
  const buildPath = path.resolve(settings.buildDir, "server/index.js");
  const build = dev ? dev.build : ((await import(pathToFileURL(buildPath).href)) as ServerBuild);
  const builtFor = typeof build === "function" ? settings.basePath : (build.basename ?? "/").replace(/\/?$/, "/");
  if (builtFor !== settings.basePath) {
    process.stderr.write(
      `The build in ${settings.buildDir} was made for BASE_PATH=${builtFor}, not ${settings.basePath}: run npm run build with the same BASE_PATH.\n`,
    );
    process.exit(1);
  }

  // docs/decisions/094: the in-process registry's PGlite data directory is locked as the portal's (pid and port), so a
  // staff command run meanwhile refuses with one line instead of changing a copy of the database.
  describeThisProcess({ program: "portal", port: settings.port });
  // docs/decisions/131: METRICS_PORT set, Prometheus metrics on a server of their own (loopback by default).
  const metrics = settings.metrics ? createMetricsRegistry() : undefined;
  const registry = await startRegistry(settings, log, operatorEnv, metrics);
  const registryClient = createRegistryClient({ fetch: registry.fetch, baseUrl: registry.baseUrl });
  const sessions = createSessionStore({ secret: settings.sessionSecret, path: settings.basePath, hostPrefixed: settings.hostPrefixedCookie });
  // The staff console's own cookie, key and path (docs/decisions/127): never sent with a patient's page.
  const staffSessions = createSessionStore<StaffSessionData>({
    secret: settings.sessionSecret,
    path: `${settings.basePath}${STAFF_PATH}`,
    cookie: STAFF_COOKIE,
    purpose: STAFF_COOKIE_PURPOSE,
  });
  // Its own key for signing form time stamps (the bot check, ACC-018), separate from the session's.
  const formKey = new Uint8Array(hkdfSync("sha256", settings.sessionSecret, "pass-portal", "form-signing-v1", 32));
  // SIGTERM: first `draining` (readiness 503, still serving, every answer closes its connection), then `closing`.
  let draining = false;
  const languageOf = (req: IncomingMessage, patientLang = sessions.read(req.headers.cookie).get("lang")) =>
    languageFromHeaders({ acceptLanguage: req.headers["accept-language"], cookie: req.headers.cookie }, patientLang);
  // The short pages, made once per language; the session the admission read (docs/decisions/134) gives the language,
  // so a refusal decrypts nothing more and computes no page: it must stay the cheapest answer.
  const shortPages = new Map<string, Buffer>();
  const shortPage = (page: ShortPage, status: number) => (req: IncomingMessage, res: express.Response) => {
    const read = res.locals.sessions as ReadSessions | undefined;
    const patientLang = (read?.session ?? sessions.read(req.headers.cookie)).get("lang");
    const lang = languageNow({ acceptLanguage: req.headers["accept-language"], cookie: req.headers.cookie }, patientLang);
    let html = shortPages.get(`${page}.${lang}`);
    if (!html) shortPages.set(`${page}.${lang}`, (html = Buffer.from(shortPageHtml(page, lang, settings.basePath))));
    res.status(status).setHeader("Cache-Control", "no-store");
    res.setHeader("Content-Type", "text/html; charset=utf-8");
    res.end(html);
  };

  // docs/decisions/086, 134: pages and data requests in flight, shared by class (signed-in patients and known devices,
  // anonymous pages, sign-in posts) with a fair share per address; beyond it 503 and Retry-After.
  const classify = admissionClassifier({
    sessions,
    staffSessions,
    formKey,
    hostPrefixedCookie: settings.hostPrefixedCookie && settings.basePath === "/",
    basePath: settings.basePath,
    provedSignIn: (query, session, address) => provedSignInPost(query, session, address),
  });
  const busy = shortPage("busy", 503);
  const busyLimit = admissionLimit(
    admissionRules(settings.maxRequestsInFlight),
    (req, res) => {
      const admission = classify(req, res);
      res.locals.admissionClass = admission.className;
      return admission;
    },
    (req, res) => {
      // docs/decisions/134: a sign-in post kept out is an unknown-device attempt too (the surge starts all the same).
      if (res.locals.admissionClass === "sign-in") noteRefusedSignIn(settings.signInSurgePerMinute, formKey, log);
      busy(req, res);
    },
  );

  const app = express();
  app.disable("x-powered-by");
  app.set("trust proxy", settings.trustProxyHops);
  // docs/decisions/131: every request counted and timed by its route's pattern and status.
  if (metrics) {
    app.use(
      registerPortalMetrics({
        registry: metrics,
        build: typeof build === "function" ? undefined : build,
        basePath: settings.basePath,
        admission: busyLimit.gate,
        signInSurgePerMinute: settings.signInSurgePerMinute,
      }),
    );
  }
  // docs/decisions/085: a request id per request (the proxy's, when trusted), in the log line and `X-Request-Id`.
  app.use(requestLog(log, settings.trustProxyHops));
  app.use(securityHeaders);
  // docs/decisions/088: methods other than GET, HEAD and POST get 405 with Allow; a Remix `?_data=` request gets 400.
  app.use(methodGuard);
  // ACC-038: /portal (no trailing slash) with no proxy in front to add it goes to /portal/, the query kept.
  app.use(basePathSlash(settings.basePath));
  app.use((_req, res, next) => {
    onHeaders(res, () => {
      if (draining) res.setHeader("Connection", "close");
    });
    next();
  });
  // docs/decisions/017: every body is read here, within the limit, before anything parses it.
  app.use(bodyLimit(MAX_BODY_BYTES, shortPage("tooLarge", 413)));
  // docs/decisions/018: a post from another site is refused here (React Router would throw: a 500).
  const crossSite = shortPage("crossSite", 403);
  app.use((req, res, next) => (isCrossSite(req.method, req.headers) ? crossSite(req, res) : next()));
  // gzip level 2: half the time of the default level 6 on a page, 6 % bigger (docs/decisions/056). Brotli (what
  // browsers choose) at quality 2, not compression's 4: a third less CPU, 5 % bigger, smaller than gzip 2 (078).
  app.use(compression({ level: 2, brotli: { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 2 } } }));

  const base = settings.basePath;
  const healthz: express.RequestHandler = (_req, res) => {
    res.setHeader("Cache-Control", "no-store");
    res.json({ status: "ok" });
  };
  const readyz: express.RequestHandler = async (_req, res) => {
    res.setHeader("Cache-Control", "no-store");
    if (draining) return void res.status(503).json({ status: "draining" });
    try {
      // docs/decisions/086: a registry that does not answer within the limit (frozen, overloaded) is not ready either.
      const answer = await withTimeout(registryClient.health(), READY_TIMEOUT_MS);
      if (!answer.success) throw new Error("registry not healthy");
      res.json({ status: "ready" });
    } catch {
      res.status(503).json({ status: "unavailable" });
    }
  };
  for (const prefix of new Set(["/", base])) {
    app.get(`${prefix}healthz`, healthz);
    app.get(`${prefix}readyz`, readyz);
  }

  const client = path.resolve(settings.buildDir, "client");
  if (dev) app.use(dev.middlewares);
  else {
    // docs/decisions/143: the scripts and stylesheets compressed ahead with Brotli's best quality, to a browser that takes br.
    app.use(`${base}assets`, precompressedAssets(path.join(client, "assets")));
    app.use(`${base}assets`, express.static(path.join(client, "assets"), { immutable: true, maxAge: "1y", index: false }));
    // The files at the root of the client build (favicon.svg, robots.txt...) all have an extension: a page's path
    // (/landing) skips the file system look-up (docs/decisions/056).
    const rootFiles = express.static(client, { maxAge: "1h", index: false });
    app.use(base, (req, res, next) => (path.extname(req.path) ? rootFiles(req, res, next) : next()));
  }

  // docs/decisions/106: the SMS provider's inbound texts (STOP, START, HELP), judged by the registry.
  app.post(`${base}sms/inbound`, smsWebhook(registry));

  // docs/decisions/086: pages and data requests beyond MAX_REQUESTS_IN_FLIGHT get 503 and Retry-After at once (the
  // health checks and static files above are never counted).
  app.use(base, busyLimit);
  // Express 5 (path-to-regexp 8): `{*splat}` is BASE_PATH itself and every path under it, as `*` was in Express 4. Its
  // segments are decoded as a parameter: a malformed escape (/% or /%E0%A4%A) is a 400 in the error handler below.
  app.all(
    `${base}{*splat}`,
    createRequestHandler({
      build,
      mode: dev ? "development" : "production",
      getLoadContext: async (req, res) => {
        // Read once, by the admission (docs/decisions/134).
        const read = res.locals.sessions as ReadSessions | undefined;
        const session = read?.session ?? sessions.read(req.headers.cookie);
        const now = Date.now();
        const limit = sessionLimit(session.data, now);
        if (limit === "idle" || limit === "absolute") {
          endSignInAtLimit(session, limit, now);
        } else if (
          limit === "active" &&
          now - (session.get("lastSeenAt") ?? 0) > LAST_SEEN_RESOLUTION_MS &&
          // ACC-051: an idle tab asking whether the session is alive is not activity, nor is the browser asking React
          // Router where new links lead.
          req.path !== `${base}${SESSION_STATUS_PATH}` &&
          req.path !== `${base}${ROUTE_DISCOVERY_PATH}`
        ) {
          session.set("lastSeenAt", now);
        }
        // The staff console's session: read only under /staff (its cookie goes nowhere else), with its own limits.
        const staff = isStaffPath(req.path, base);
        const staffSession = read?.staffSession ?? staffSessions.read(staff ? req.headers.cookie : undefined);
        if (staff) {
          const asking = req.path === `${base}${STAFF_PATH}/${SESSION_STATUS_PATH}` || req.path === `${base}${ROUTE_DISCOVERY_PATH}`;
          staffSessionAtRequest(staffSession, now, { activity: !asking, resolutionMs: LAST_SEEN_RESOLUTION_MS });
        }
        onHeaders(res, () => {
          res.setHeader("Cache-Control", "no-store");
          settleFlash(session, res.statusCode);
          settleFlash(staffSession, res.statusCode);
          try {
            if (session.changed) res.appendHeader("Set-Cookie", sessions.write(session, req.secure));
            if (staffSession.changed) res.appendHeader("Set-Cookie", staffSessions.write(staffSession, req.secure));
          } catch (error) {
            log({ level: "error", msg: "session not written", error: error instanceof Error ? error.message : "unknown" });
          }
        });
        const portal: PortalContext = {
          nonce: String(res.locals.nonce),
          session,
          staffSession,
          // docs/decisions/085: every registry call of this request forwards the browser's address, user agent and request id.
          registry: registryClient.forRequest({
            clientAddress: req.ip ?? "",
            userAgent: req.headers["user-agent"] ?? "",
            requestId: String(res.locals.requestId),
          }),
          requestId: String(res.locals.requestId),
          demoMode: settings.demoMode,
          publicUrl: settings.publicUrl,
          clientAddress: req.ip ?? "",
          log,
          // The console: the person's own language (their invitation's), after the switch's cookie, as for patients.
          lang: await languageOf(req, staff ? staffSession.get("lang") : session.get("lang")),
          basePath: base,
          isSecure: req.secure,
          hostPrefixedCookie: settings.hostPrefixedCookie && base === "/",
          formKey,
          granularCenterSteps: settings.granularCenterSteps,
          signInSurgePerMinute: settings.signInSurgePerMinute,
          // docs/decisions/134: a wait (the no-JavaScript sign-in's surge wait) outside the admission count.
          park: parkFor,
        };
        // v8_middleware (docs/decisions/125): loaders and actions read it with `context.get(portalContext)`.
        return routerContextFor(portal);
      },
    }),
  );
  if (base !== "/") app.get("/", (_req, res) => res.redirect(base));
  // What the handlers above pass on: one JSON log line, a short page, never a stack trace.
  const unexpected = shortPage("unexpected", 500);
  app.use((error: unknown, req: express.Request, res: express.Response, next: express.NextFunction) => {
    const status = Number((error as { status?: unknown } | null)?.status);
    const clientError = Number.isInteger(status) && status >= 400 && status < 500;
    if (!clientError) log({ level: "error", msg: "request failed", method: req.method, path: req.path, ...describeError(error) });
    if (res.headersSent) return next(error);
    if (clientError) return void res.status(status).type("text").send(String(status));
    unexpected(req, res);
  });

  const server = (dev ? dev.server(app) : http.createServer(app)).listen(settings.port, settings.host, () => {
    const address = server.address();
    const port = typeof address === "object" && address ? address.port : settings.port;
    log({ msg: "portal listening", port, basePath: base, demoMode: settings.demoMode, startupMs: Date.now() - started });
  });
  server.keepAliveTimeout = 65_000;
  // Never on the public port: a server of its own, on METRICS_HOST (127.0.0.1 unless said otherwise).
  const metricsServer = metrics && settings.metrics ? await serveMetrics(metrics, settings.metrics, log) : undefined;
  // "Expect: 100-continue" with a body over the limit: the 413 comes instead of the 100, so the body is never sent.
  server.on("checkContinue", (req: IncomingMessage, res) => {
    if (!declaredTooLarge(req, MAX_BODY_BYTES)) res.writeContinue();
    app(req, res);
  });

  // docs/decisions/019: readiness 503 for SHUTDOWN_READY_DELAY_MS while still serving (the load balancer sees it
  // and moves away; every answer closes its connection), then no new connections, the open requests finish, and
  // the process exits; SHUTDOWN_GRACE_MS after the signal at the latest.
  const stop = (signal: string) => {
    if (draining) return;
    draining = true;
    log({ msg: "draining", signal, readyDelayMs: settings.shutdownReadyDelayMs, graceMs: settings.shutdownGraceMs });
    setTimeout(() => {
      log({ level: "error", msg: "stopped before open requests finished", graceMs: settings.shutdownGraceMs });
      process.exit(1);
    }, settings.shutdownGraceMs).unref();
    setTimeout(
      () => {
        log({ msg: "closing" });
        metricsServer?.close();
        server.close(async () => {
          await registry.close();
          log({ msg: "stopped" });
          process.exit(0);
        });
        server.closeIdleConnections();
      },
      Math.min(settings.shutdownReadyDelayMs, settings.shutdownGraceMs),
    );
  };
  process.on("SIGTERM", () => stop("SIGTERM"));
  process.on("SIGINT", () => stop("SIGINT"));
}

main().catch((error: unknown) => {
  log({ level: "error", msg: "portal failed to start", ...describeError(error) });
  process.stderr.write(`${startFailureLine(error)}\n`);
  process.exit(1);
});
