import { randomBytes } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { z } from "zod";

/**
 * Every setting of the portal, read from the environment and validated once at start.
 * In production (NODE_ENV=production) missing secrets stop the start with a clear message;
 * otherwise (demo mode) secrets are generated once and kept in DATA_DIR/secrets.json.
 */
const schema = z.object({
  NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default("0.0.0.0"),
  BASE_PATH: z
    .string()
    .default("/")
    .refine((v) => /^\/([A-Za-z0-9._~-]+\/)*$/.test(v.endsWith("/") ? v : `${v}/`), "BASE_PATH must look like /portal/")
    .transform((v) => (v.endsWith("/") ? v : `${v}/`)),
  PUBLIC_URL: z.string().url().optional(),
  TRUST_PROXY_HOPS: z.coerce.number().int().min(0).max(10).default(0),
  DATA_DIR: z.string().default("./data"),
  DATABASE_URL: z.string().optional(),
  REGISTRY_URL: z.string().url().optional(),
  SESSION_SECRET: z.string().min(32, "SESSION_SECRET must be at least 32 characters").optional(),
  TOKEN_SECRET: z.string().min(32, "TOKEN_SECRET must be at least 32 characters").optional(),
  DEMO_MODE: z.enum(["true", "false"]).optional(),
  LOG_LEVEL: z.enum(["info", "error", "silent"]).default("info"),
  SHUTDOWN_GRACE_MS: z.coerce.number().int().min(0).default(10_000),
  SHUTDOWN_READY_DELAY_MS: z.coerce.number().int().min(0).optional(),
  BUILD_DIR: z.string().default("build"),
  GRANULAR_CENTER_STEPS: z.enum(["true", "false"]).default("true"),
});

export type Settings = {
  production: boolean;
  demoMode: boolean;
  port: number;
  host: string;
  basePath: string;
  publicUrl: string;
  trustProxyHops: number;
  dataDir: string;
  databaseUrl?: string;
  registryUrl?: string;
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
};

export class SettingsError extends Error {}

/** Reads DATA_DIR/secrets.json, adding any missing generated secret. Demo mode only. */
export function demoSecret(dataDir: string, name: string): string {
  const file = path.join(dataDir, "secrets.json");
  fs.mkdirSync(dataDir, { recursive: true });
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
  if (missing.length) throw new SettingsError(`Missing settings in production: ${missing.join(", ")}`);
  const basePath = e.BASE_PATH;
  const publicUrl = (e.PUBLIC_URL ?? `http://localhost:${e.PORT}${basePath}`).replace(/\/?$/, "/");
  return {
    production,
    demoMode,
    port: e.PORT,
    host: e.HOST,
    basePath,
    publicUrl,
    trustProxyHops: e.TRUST_PROXY_HOPS,
    dataDir,
    databaseUrl: e.DATABASE_URL,
    registryUrl: e.REGISTRY_URL,
    sessionSecret: e.SESSION_SECRET ?? demoSecret(dataDir, "sessionSecret"),
    tokenSecret: e.TOKEN_SECRET ?? (e.REGISTRY_URL ? undefined : demoSecret(dataDir, "tokenSecret")),
    logLevel: e.LOG_LEVEL,
    shutdownGraceMs: e.SHUTDOWN_GRACE_MS,
    shutdownReadyDelayMs: e.SHUTDOWN_READY_DELAY_MS ?? (production ? 5_000 : 500),
    hostPrefixedCookie: publicUrl.startsWith("https:") && basePath === "/",
    buildDir: e.BUILD_DIR,
    granularCenterSteps: e.GRANULAR_CENTER_STEPS === "true",
  };
}
