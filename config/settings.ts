import { randomBytes } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { z } from "zod";
import { privateDir } from "../registry/db/data-dir";
import { productionSecretProblems } from "../registry/domain/secret-rules";
import { metricsListen, MetricsSettingsError, type MetricsListen } from "../registry/metrics-settings";
import { DEFAULT_MAX_IN_FLIGHT } from "../server/in-flight";

/**
 * Every setting of the portal, read from the environment and validated once at start.
 * In production (NODE_ENV=production) missing secrets stop the start with a clear message, and so do weak or equal
 * secrets and a PUBLIC_URL that is not https:// (docs/decisions/088);
 * otherwise (demo mode) secrets are generated once and kept in DATA_DIR/secrets.json.
 */
const schema = z.object({
  NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  /** docs/decisions/087: unset, all interfaces without trusted proxies, else 127.0.0.1 (only the proxy may connect). */
  HOST: z.string().trim().min(1).optional(),
  /** docs/decisions/087: with trusted proxies in production, listening on all interfaces needs this said out loud. */
  HOST_ALL_INTERFACES_WITH_PROXY: z.enum(["true", "false"]).default("false"),
  /** docs/decisions/087: unknown-device sign-ins per minute (one portal process) that start a surge; 0: never. */
  SIGN_IN_SURGE_PER_MINUTE: z.coerce.number().int().min(0).max(1_000_000).default(120),
  BASE_PATH: z
    .string()
    .default("/")
    .refine((v) => /^\/([A-Za-z0-9._~-]+\/)*$/.test(v.endsWith("/") ? v : `${v}/`), "BASE_PATH must look like /portal/")
    .transform((v) => (v.endsWith("/") ? v : `${v}/`)),
  PUBLIC_URL: z.url().optional(),
  TRUST_PROXY_HOPS: z.coerce.number().int().min(0).max(10).default(0),
  DATA_DIR: z.string().default("./data"),
  DATABASE_URL: z.string().optional(),
  REGISTRY_URL: z.url().optional(),
  /** docs/decisions/085: sent in X-Portal-Key to a registry at REGISTRY_URL, which then trusts the browser's details. */
  REGISTRY_PORTAL_KEY: z.string().min(32, "REGISTRY_PORTAL_KEY must be at least 32 characters").optional(),
  SESSION_SECRET: z.string().min(32, "SESSION_SECRET must be at least 32 characters").optional(),
  TOKEN_SECRET: z.string().min(32, "TOKEN_SECRET must be at least 32 characters").optional(),
  DEMO_MODE: z.enum(["true", "false"]).optional(),
  LOG_LEVEL: z.enum(["info", "error", "silent"]).default("info"),
  SHUTDOWN_GRACE_MS: z.coerce.number().int().min(0).default(10_000),
  SHUTDOWN_READY_DELAY_MS: z.coerce.number().int().min(0).optional(),
  BUILD_DIR: z.string().default("build"),
  GRANULAR_CENTER_STEPS: z.enum(["true", "false"]).default("true"),
  /** docs/decisions/086: page and data requests in the app at once; beyond, 503 with Retry-After. */
  MAX_REQUESTS_IN_FLIGHT: z.coerce.number().int().min(1).max(100_000).default(DEFAULT_MAX_IN_FLIGHT),
});

export type Settings = {
  production: boolean;
  demoMode: boolean;
  port: number;
  /** Where the portal listens: HOST, else 127.0.0.1 behind trusted proxies, else all interfaces (docs/decisions/087). */
  host: string;
  basePath: string;
  publicUrl: string;
  trustProxyHops: number;
  dataDir: string;
  databaseUrl?: string;
  registryUrl?: string;
  /** The key proving this portal to the registry at REGISTRY_URL (X-Portal-Key, docs/decisions/085). */
  registryPortalKey?: string;
  sessionSecret: string;
  tokenSecret?: string;
  logLevel: "info" | "error" | "silent";
  shutdownGraceMs: number;
  /** On SIGTERM, how long /readyz answers 503 while the server still accepts, before it stops accepting. */
  shutdownReadyDelayMs: number;
  /** The session cookie is named __Host-… (Secure, Path=/): PUBLIC_URL is https and BASE_PATH is "/" (docs/decisions/019). */
  hostPrefixedCookie: boolean;
  buildDir: string;
  /** SCR-006: the granular center steps (default) or the combined TransplantCenterSituation screen. */
  granularCenterSteps: boolean;
  /** Unknown-device sign-ins per minute that start a surge: a proof of work before any hashing (docs/decisions/087). */
  signInSurgePerMinute: number;
  /** Page and data requests in the app at once; one more is answered 503 with Retry-After (docs/decisions/086). */
  maxRequestsInFlight: number;
  /** METRICS_PORT and METRICS_HOST: Prometheus metrics on a port of their own; unset, none (docs/decisions/131). */
  metrics?: MetricsListen;
};

export class SettingsError extends Error {}

/**
 * Where to listen (docs/decisions/087). With TRUST_PROXY_HOPS > 0 the portal believes X-Forwarded-For, so a client that
 * reaches its port directly could choose its own address (and its own per-address limits): unset HOST then means
 * 127.0.0.1, and in production HOST=0.0.0.0 (or ::) is refused unless HOST_ALL_INTERFACES_WITH_PROXY=true says that
 * only the proxy can reach the port (a container network, a firewall).
 */
function listenHost(host: string | undefined, trustProxyHops: number, refuseAllInterfaces: boolean): string {
  if (!host) return trustProxyHops > 0 ? "127.0.0.1" : "0.0.0.0";
  if (trustProxyHops > 0 && refuseAllInterfaces && ["0.0.0.0", "::", "[::]", "*"].includes(host)) {
    throw new SettingsError(
      `HOST=${host} with TRUST_PROXY_HOPS=${trustProxyHops} lets a client that reaches the port directly choose its own address with X-Forwarded-For: set HOST=127.0.0.1 (the proxy's side), or HOST_ALL_INTERFACES_WITH_PROXY=true if only the proxy can reach this port`,
    );
  }
  return host;
}

/** Reads DATA_DIR/secrets.json, adding any missing generated secret. Demo mode only. */
export function demoSecret(dataDir: string, name: string): string {
  const file = path.join(dataDir, "secrets.json");
  // docs/decisions/084: DATA_DIR 0700 whatever the umask; one open to other users is refused (DataDirOpenError).
  privateDir(dataDir);
  let stored: Record<string, string> = {};
  try {
    stored = JSON.parse(fs.readFileSync(file, "utf8")) as Record<string, string>;
  } catch {
    stored = {};
  }
  const existing = stored[name];
  if (existing) return existing;
  const secret = randomBytes(32).toString("base64url");
  stored[name] = secret;
  fs.writeFileSync(file, JSON.stringify(stored, null, 2), { mode: 0o600 });
  return secret;
}

export function loadSettings(env: Record<string, string | undefined> = process.env): Settings {
  const parsed = schema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join(".")}: ${i.message}`);
    throw new SettingsError(`Invalid settings:\n${lines.join("\n")}`);
  }
  const e = parsed.data;
  const production = e.NODE_ENV === "production";
  const demoMode = e.DEMO_MODE ? e.DEMO_MODE === "true" : !production;
  if (production && demoMode) throw new SettingsError("DEMO_MODE=true is refused with NODE_ENV=production");
  const dataDir = path.resolve(e.DATA_DIR);
  const missing: string[] = [];
  if (production && !e.SESSION_SECRET) missing.push("SESSION_SECRET");
  if (production && !e.REGISTRY_URL && !e.TOKEN_SECRET) missing.push("TOKEN_SECRET (or REGISTRY_URL)");
  if (production && !e.PUBLIC_URL) missing.push("PUBLIC_URL");
  if (production && e.REGISTRY_URL && !e.REGISTRY_PORTAL_KEY) missing.push("REGISTRY_PORTAL_KEY (with REGISTRY_URL)");
  if (missing.length) throw new SettingsError(`Missing settings in production: ${missing.join(", ")}`);
  // docs/decisions/088: no weak, placeholder or shared secret and no http:// PUBLIC_URL in production, one line each.
  const weak = production ? productionSecretProblems(env) : [];
  if (weak.length) throw new SettingsError(weak.join("\n"));
  const host = listenHost(e.HOST, e.TRUST_PROXY_HOPS, production && e.HOST_ALL_INTERFACES_WITH_PROXY !== "true");
  let metrics: MetricsListen | undefined;
  try {
    metrics = metricsListen(env, e.PORT);
  } catch (error) {
    if (error instanceof MetricsSettingsError) throw new SettingsError(error.message);
    throw error;
  }
  const basePath = e.BASE_PATH;
  const publicUrl = (e.PUBLIC_URL ?? `http://localhost:${e.PORT}${basePath}`).replace(/\/?$/, "/");
  return {
    production,
    demoMode,
    port: e.PORT,
    host,
    basePath,
    publicUrl,
    trustProxyHops: e.TRUST_PROXY_HOPS,
    dataDir,
    databaseUrl: e.DATABASE_URL,
    registryUrl: e.REGISTRY_URL,
    registryPortalKey: e.REGISTRY_PORTAL_KEY,
    sessionSecret: e.SESSION_SECRET ?? demoSecret(dataDir, "sessionSecret"),
    tokenSecret: e.TOKEN_SECRET ?? (e.REGISTRY_URL ? undefined : demoSecret(dataDir, "tokenSecret")),
    logLevel: e.LOG_LEVEL,
    shutdownGraceMs: e.SHUTDOWN_GRACE_MS,
    shutdownReadyDelayMs: e.SHUTDOWN_READY_DELAY_MS ?? (production ? 5_000 : 500),
    hostPrefixedCookie: publicUrl.startsWith("https:") && basePath === "/",
    buildDir: e.BUILD_DIR,
    granularCenterSteps: e.GRANULAR_CENTER_STEPS === "true",
    signInSurgePerMinute: e.SIGN_IN_SURGE_PER_MINUTE,
    maxRequestsInFlight: e.MAX_REQUESTS_IN_FLIGHT,
    metrics,
  };
}
