/**
 * The portal's HTTP server: serves the built Remix app and its assets, runs the registry in-process
 * (or calls REGISTRY_URL), and adds what a patient-facing service needs in front of the app: security
 * headers, compression, the encrypted session, health checks, logs and a graceful stop.
 */
import { createRequestHandler } from "@remix-run/express";
import type { ServerBuild } from "@remix-run/node";
import compression from "compression";
import express from "express";
import { hkdfSync } from "node:crypto";
import path from "node:path";
import { pathToFileURL } from "node:url";
import onHeaders from "on-headers";
import { loadSettings, SettingsError } from "./config/settings";
import { addFlash, clearSignIn } from "./app/auth.server";
import { detectLanguage } from "./app/i18n.server";
import { createRegistryClient } from "./app/registry/client.server";
import { createSessionStore } from "./app/session.server";
import { LAST_SEEN_RESOLUTION_MS, sessionLimit } from "./app/session-limits";
import type { PortalContext } from "./app/context";
import { createLogger } from "./server/logger";
import { requestLog } from "./server/request-log";
import { startRegistry } from "./server/registry-runtime";
import { securityHeaders } from "./server/security-headers";

async function main() {
  const started = Date.now();
  let settings;
  try {
    settings = loadSettings();
  } catch (error) {
    if (error instanceof SettingsError) {
      process.stderr.write(`${error.message}\n`);
      process.exit(1);
    }
    throw error;
  }
  const log = createLogger(settings.logLevel);
  const operatorEnv = { ...process.env };
  // The secrets policy above follows the NODE_ENV the operator set; from here on the libraries (React, Remix)
  // always run their production builds: faster, and no stack traces in answers, in demo mode too.
  process.env.NODE_ENV = "production";
  const buildPath = path.resolve(settings.buildDir, "server/index.js");
  const build = (await import(pathToFileURL(buildPath).href)) as ServerBuild;
  const builtFor = (build.basename ?? "/").replace(/\/?$/, "/");
  if (builtFor !== settings.basePath) {
    process.stderr.write(`The build in ${settings.buildDir} was made for BASE_PATH=${builtFor}, not ${settings.basePath}: run npm run build with the same BASE_PATH.\n`);
    process.exit(1);
  }

  const registry = await startRegistry(settings, log, operatorEnv);
  const registryClient = createRegistryClient({ fetch: registry.fetch, baseUrl: registry.baseUrl });
  const sessions = createSessionStore({ secret: settings.sessionSecret, path: settings.basePath });
  // Its own key for signing form time stamps (the bot check, DECISIONS D11), separate from the session's.
  const formKey = new Uint8Array(hkdfSync("sha256", settings.sessionSecret, "pass-portal", "form-signing-v1", 32));
  let draining = false;

  const app = express();
  app.disable("x-powered-by");
  app.set("trust proxy", settings.trustProxyHops);
  app.use(requestLog(log));
  app.use(securityHeaders);
  app.use(compression());

  const base = settings.basePath;
  const healthz: express.RequestHandler = (_req, res) => {
    res.setHeader("Cache-Control", "no-store");
    res.json({ status: "ok" });
  };
  const readyz: express.RequestHandler = async (_req, res) => {
    res.setHeader("Cache-Control", "no-store");
    if (draining) return void res.status(503).json({ status: "draining" });
    try {
      const answer = await registryClient.health();
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
  app.use(`${base}assets`, express.static(path.join(client, "assets"), { immutable: true, maxAge: "1y", index: false }));
  app.use(base, express.static(client, { maxAge: "1h", index: false }));

  app.all(
    `${base}*`,
    createRequestHandler({
      build,
      mode: "production",
      getLoadContext: async (req, res): Promise<PortalContext> => {
        const session = sessions.read(req.headers.cookie);
        const now = Date.now();
        const limit = sessionLimit(session.data, now);
        if (limit === "idle" || limit === "absolute") {
          clearSignIn(session);
          addFlash(session, { kind: "status", key: limit === "idle" ? "session.timedOut" : "session.expired" });
        } else if (limit === "active" && now - (session.get("lastSeenAt") ?? 0) > LAST_SEEN_RESOLUTION_MS) {
          session.set("lastSeenAt", now);
        }
        onHeaders(res, () => {
          res.setHeader("Cache-Control", "no-store");
          if (!session.changed) return;
          try {
            res.appendHeader("Set-Cookie", sessions.write(session, req.secure));
          } catch (error) {
            log({ level: "error", msg: "session not written", error: error instanceof Error ? error.message : "unknown" });
          }
        });
        const langProbe = new Request("http://portal.local/", {
          headers: { "accept-language": req.headers["accept-language"] ?? "", cookie: req.headers.cookie ?? "" },
        });
        return {
          nonce: String(res.locals.nonce),
          session,
          registry: registryClient,
          demoMode: settings.demoMode,
          publicUrl: settings.publicUrl,
          clientAddress: req.ip ?? "",
          log,
          lang: await detectLanguage(langProbe, session.get("lang")),
          basePath: base,
          isSecure: req.secure,
          formKey,
          granularCenterSteps: settings.granularCenterSteps,
        };
      },
    }),
  );
  if (base !== "/") app.get("/", (_req, res) => res.redirect(base));

  const server = app.listen(settings.port, settings.host, () => {
    const address = server.address();
    const port = typeof address === "object" && address ? address.port : settings.port;
    log({ msg: "portal listening", port, basePath: base, demoMode: settings.demoMode, startupMs: Date.now() - started });
  });
  server.keepAliveTimeout = 65_000;

  const stop = (signal: string) => {
    if (draining) return;
    draining = true;
    log({ msg: "draining", signal });
    const timer = setTimeout(() => process.exit(0), settings.shutdownGraceMs);
    timer.unref();
    server.close(async () => {
      await registry.close();
      log({ msg: "stopped" });
      process.exit(0);
    });
    server.closeIdleConnections();
  };
  process.on("SIGTERM", () => stop("SIGTERM"));
  process.on("SIGINT", () => stop("SIGINT"));
}

main().catch((error: unknown) => {
  process.stderr.write(`Portal failed to start: ${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
});
