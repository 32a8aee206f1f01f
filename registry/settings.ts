import { randomBytes } from "node:crypto";
import { readFileSync, renameSync, writeFileSync } from "node:fs";
import path from "node:path";
import { z } from "zod";
import { DEFAULT_DB_TIMEOUTS, type DbTimeouts } from "./db/faults";
import { privateDir } from "./db/data-dir";
import { DEFAULT_SCRYPT, validScryptParams } from "./domain/passwords";
import { productionSecretProblems, SECRET_NAMES } from "./domain/secret-rules";
import { DEFAULT_HASH_QUEUE, DEFAULT_HASH_WORKERS } from "./domain/scrypt-pool";

/** docs/decisions/022: a refused attempt is answered after a second. */
export const DEFAULT_REFUSAL_DELAY_MS = 1000;

export type RegistrySettings = {
  tokenSecret: string;
  publicUrl: string;
  demoMode: boolean;
  scrypt: { N: number; r: number; p: number };
  /**
   * Password hashes computed at once (worker threads) and waiting at most; beyond, the registry answers 503 busy
   * (PASSWORD_HASH_WORKERS, PASSWORD_HASH_QUEUE; docs/decisions/020). Left out: the defaults.
   */
  passwordHashing?: { workers: number; queue: number };
  /** Milliseconds before a 429 or 503-busy refusal is answered (REFUSAL_DELAY_MS, docs/decisions/022). Left out: 1000. */
  refusalDelayMs?: number;
  /**
   * The shared lab key (LAB_STAFF_KEY), accepted on /update-labs' calls only with STAFF_SHARED_KEYS=on (docs/decisions/133,
   * 136). Generated in demo mode; elsewhere only set, and required in production only with STAFF_SHARED_KEYS=on.
   */
  labStaffKey?: string;
  /**
   * Keys of the staff calls after the patient's part (docs/decisions/041): transplant-center staff set referral
   * statuses (CENTER_STAFF_KEY), the immune-tolerance program's staff set program stages (PROGRAM_STAFF_KEY).
   * Generated in demo mode; unset outside it, the calls refuse every request (the staff commands still work).
   */
  centerStaffKey?: string;
  programStaffKey?: string;
  /**
   * STAFF_SHARED_KEYS=on: the shared staff keys are still accepted (the lab's on /update-labs' calls, the center's and
   * the program's calls POST /api/staff/referrals/{id}/status and POST /api/staff/program/{id}/stage), for the
   * changeover to personal staff accounts only (docs/decisions/133). Off (the default): the center's and program's
   * calls answer 410, and a lab's calls need a signed-in lab person of the order's lab.
   */
  staffSharedKeys?: boolean;
  /**
   * Minutes after which a lab order is approved without staff (LAB_APPROVAL_DELAY, LAB-002): 0 = at once;
   * null (or left out) = never, staff approve with `approve-labs`.
   */
  labApprovalDelayMinutes?: number | null;
  messaging: MessagingSettings;
  /**
   * A MaxMind DB file (.mmdb: GeoLite2 or DB-IP Lite, city or country level) that names the place of each signed-in
   * device's address (GEOIP_DATABASE, docs/decisions/116). Read once when the registry starts; a file that cannot be
   * read is logged and no place is named. Left out: no places.
   */
  geoipDatabase?: string;
};

/**
 * Where patient messages go (PLT-015). A channel without a provider keeps its messages in the outbox as
 * 'held' (demo mode: read them at the demo outbox); with one, they are 'pending' until the outbox worker sends them.
 */
export type MessagingSettings = {
  /** `smtp://user:pass@host:587` or `smtps://...:465`; email is held when unset. */
  smtpUrl: string | undefined;
  /** The From of every email, e.g. `Kidney Registry <registration@example.org>`. */
  mailFrom: string;
  /** HTTP SMS provider adapter: POST JSON {to, text} with `Authorization: Bearer <smsToken>`; texts are held when unset. */
  smsUrl: string | undefined;
  smsToken: string | undefined;
  /**
   * The key of the inbound-text webhook's signatures (SMS_WEBHOOK_SECRET, docs/decisions/106): HMAC-SHA256 over the
   * timestamp and the raw body. Generated in demo mode; without it every inbound text is refused (401).
   */
  smsWebhookSecret?: string;
  /** The number texts come from, which patients reply STOP or START to (SMS_FROM, E.164); in demo mode DEMO_SMS_FROM. */
  smsFrom?: string;
};

/** The number texts come from in demo mode: a fictional one (555-01XX numbers are reserved for fiction). */
export const DEMO_SMS_FROM = "+12025550100";

/** Everything the registry reads from the environment. */
export type RegistryConfig = {
  settings: RegistrySettings;
  /** PostgreSQL server; PGlite under `${dataDir}/pgdata` when undefined. */
  databaseUrl: string | undefined;
  dataDir: string;
  /** Port of `registry serve`. */
  port: number;
  /** PostgreSQL's time limits when serving (DB_*_TIMEOUT_MS; docs/decisions/086). */
  databaseTimeouts: DbTimeouts;
  /** Address `registry serve` listens on (REGISTRY_HOST, default 127.0.0.1: loopback only; docs/decisions/085). */
  host: string;
  /**
   * The key a portal calling `registry serve` over HTTP sends in `X-Portal-Key` (REGISTRY_PORTAL_KEY, the same on the
   * portal): only then are its `X-Client-Address`, `X-Client-User-Agent` and `X-Request-Id` trusted (docs/decisions/085).
   */
  portalKey: string | undefined;
  production: boolean;
  /** Where generated demo secrets are kept, when they were used. */
  secretsFile: string | undefined;
};

/** The secrets the registry itself uses (SESSION_SECRET is the portal's: config/settings.ts checks it). */
const REGISTRY_SECRET_NAMES = SECRET_NAMES.filter((name) => name !== "SESSION_SECRET");

const flag = z.enum(["true", "false", "1", "0"]).transform((v) => v === "true" || v === "1");
const int = (min: number, max: number) => z.coerce.number().int().min(min).max(max);

const envSchema = z.object({
  NODE_ENV: z.string().optional(),
  DEMO_MODE: flag.optional(),
  DATABASE_URL: z.url().optional(),
  DATA_DIR: z.string().min(1).default("data"),
  TOKEN_SECRET: z.string().min(32, "TOKEN_SECRET must be at least 32 characters").optional(),
  LAB_STAFF_KEY: z.string().min(16, "LAB_STAFF_KEY must be at least 16 characters").optional(),
  CENTER_STAFF_KEY: z.string().min(16, "CENTER_STAFF_KEY must be at least 16 characters").optional(),
  PROGRAM_STAFF_KEY: z.string().min(16, "PROGRAM_STAFF_KEY must be at least 16 characters").optional(),
  STAFF_SHARED_KEYS: z.enum(["on", "off"], "STAFF_SHARED_KEYS must be on or off").optional(),
  PUBLIC_URL: z.url().optional(),
  /** The portal's port and base path: without PUBLIC_URL, links point where the portal's own default says it is (PLT-017). */
  PORT: int(0, 65535).default(3000),
  BASE_PATH: z.string().default("/"),
  REGISTRY_PORT: int(1, 65535).default(4000),
  // docs/decisions/086: PostgreSQL's time limits (milliseconds; 0 turns one off).
  DB_CONNECT_TIMEOUT_MS: int(0, 600_000).default(DEFAULT_DB_TIMEOUTS.connectMs),
  DB_STATEMENT_TIMEOUT_MS: int(0, 3_600_000).default(DEFAULT_DB_TIMEOUTS.statementMs),
  DB_IDLE_IN_TRANSACTION_TIMEOUT_MS: int(0, 3_600_000).default(DEFAULT_DB_TIMEOUTS.idleInTransactionMs),
  REGISTRY_HOST: z.string().min(1).default("127.0.0.1"),
  REGISTRY_PORTAL_KEY: z.string().min(32, "REGISTRY_PORTAL_KEY must be at least 32 characters").optional(),
  SCRYPT_N: int(2 ** 10, 2 ** 20).default(DEFAULT_SCRYPT.N),
  SCRYPT_R: int(1, 32).default(DEFAULT_SCRYPT.r),
  SCRYPT_P: int(1, 16).default(DEFAULT_SCRYPT.p),
  PASSWORD_HASH_WORKERS: int(1, 64).default(DEFAULT_HASH_WORKERS),
  PASSWORD_HASH_QUEUE: int(0, 10_000).default(DEFAULT_HASH_QUEUE),
  REFUSAL_DELAY_MS: int(0, 10_000).default(DEFAULT_REFUSAL_DELAY_MS),
  SMTP_URL: z
    .url()
    .refine((v) => /^smtps?:\/\//.test(v), "SMTP_URL must start with smtp:// or smtps://")
    .optional(),
  MAIL_FROM: z.string().min(3).max(320).optional(),
  SMS_URL: z
    .url()
    .refine((v) => /^https?:\/\//.test(v), "SMS_URL must be an http(s) URL")
    .optional(),
  SMS_TOKEN: z.string().min(8, "SMS_TOKEN must be at least 8 characters").optional(),
  SMS_WEBHOOK_SECRET: z.string().min(32, "SMS_WEBHOOK_SECRET must be at least 32 characters").optional(),
  SMS_FROM: z
    .string()
    .regex(/^\+[1-9]\d{6,14}$/, "SMS_FROM must be a number in E.164 form, such as +12025550100")
    .optional(),
  GEOIP_DATABASE: z.string().min(1).optional(),
  LAB_APPROVAL_DELAY: z
    .string()
    .regex(/^(never|\d{1,6})$/, "LAB_APPROVAL_DELAY must be a number of minutes or never")
    .transform((v) => (v === "never" ? null : Number(v)))
    .optional(),
});

/**
 * Reads and checks the registry's environment (the portal reuses it for the in-process registry).
 * - NODE_ENV=production: TOKEN_SECRET and PUBLIC_URL are required (LAB_STAFF_KEY too, with STAFF_SHARED_KEYS=on only:
 *   lab staff sign in with their own accounts, docs/decisions/136) and demo mode is off
 *   (DEMO_MODE=true is refused: demo pages never exist in production); every secret given must pass the rules of
 *   domain/secret-rules.ts (32+ characters, 10+ different, no placeholder, none equal to another) and PUBLIC_URL must
 *   be https:// (docs/decisions/088).
 * - Otherwise demo mode is on unless DEMO_MODE=false; missing secrets are generated once and kept in
 *   `${DATA_DIR}/secrets.json` (mode 0600, the portal's format), so sign-ins survive restarts.
 * - Messages (PLT-015): SMTP_URL + MAIL_FROM for email, SMS_URL + SMS_TOKEN for texts; a channel without a provider
 *   keeps its messages 'held' in the outbox. SMS_FROM and SMS_WEBHOOK_SECRET: the number texts come from and the key
 *   of the inbound-text webhook (docs/decisions/106; both required with SMS_URL in production).
 * - LAB_APPROVAL_DELAY (LAB-002): minutes until a lab order is approved automatically, or `never`; default 0 in demo
 *   mode, never otherwise.
 * - GEOIP_DATABASE: the path of a MaxMind DB file naming the places of signed-in devices (docs/decisions/116),
 *   resolved from the working directory; read when the handler is made, never a reason to refuse to start.
 * Empty variables count as unset. Throws an Error naming every problem.
 */
export function registrySettingsFromEnv(env: Record<string, string | undefined>): RegistryConfig {
  const present = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined && v !== ""));
  const parsed = envSchema.safeParse(present);
  if (!parsed.success) {
    throw new Error(`Invalid registry environment: ${parsed.error.issues.map((i) => `${i.path.join(".")}: ${i.message}`).join("; ")}`);
  }
  const e = parsed.data;
  const production = e.NODE_ENV === "production";
  const scrypt = { N: e.SCRYPT_N, r: e.SCRYPT_R, p: e.SCRYPT_P };
  const problems: string[] = [];
  if (!validScryptParams(scrypt)) problems.push("SCRYPT_N must be a power of two");
  if (e.SMTP_URL && !e.MAIL_FROM) problems.push("MAIL_FROM is required with SMTP_URL");
  if (e.SMS_URL && !e.SMS_TOKEN) problems.push("SMS_TOKEN is required with SMS_URL");
  if (production) {
    if (e.DEMO_MODE) problems.push("DEMO_MODE=true is not allowed with NODE_ENV=production");
    if (!e.TOKEN_SECRET) problems.push("TOKEN_SECRET is required with NODE_ENV=production");
    if (e.STAFF_SHARED_KEYS === "on" && !e.LAB_STAFF_KEY)
      problems.push("LAB_STAFF_KEY is required with STAFF_SHARED_KEYS=on and NODE_ENV=production");
    if (!e.PUBLIC_URL) problems.push("PUBLIC_URL is required with NODE_ENV=production");
    // docs/decisions/106: a provider's texts need the number they come from and the key of its inbound webhook.
    if ((e.SMS_URL || e.SMS_WEBHOOK_SECRET) && !e.SMS_FROM)
      problems.push("SMS_FROM is required with SMS_URL or SMS_WEBHOOK_SECRET and NODE_ENV=production");
    if (e.SMS_URL && !e.SMS_WEBHOOK_SECRET) problems.push("SMS_WEBHOOK_SECRET is required with SMS_URL and NODE_ENV=production");
    // docs/decisions/088: the registry's own secrets strong and distinct (from the portal's too), PUBLIC_URL https://.
    problems.push(...productionSecretProblems(present, REGISTRY_SECRET_NAMES));
  }
  if (problems.length) throw new Error(`Invalid registry environment: ${problems.join("; ")}`);

  let tokenSecret = e.TOKEN_SECRET;
  let secretsFile: string | undefined;
  if (!tokenSecret) {
    secretsFile = path.resolve(e.DATA_DIR, "secrets.json");
    tokenSecret = keptSecret(secretsFile, "tokenSecret");
  }
  // docs/decisions/041, 136: demo mode generates the lab, center and program staff keys; elsewhere they are only set.
  const demoMode = !production && e.DEMO_MODE !== false;
  const staffKey = (given: string | undefined, name: string) =>
    given ?? (demoMode ? keptSecret((secretsFile ??= path.resolve(e.DATA_DIR, "secrets.json")), name) : undefined);
  return {
    settings: {
      tokenSecret,
      labStaffKey: staffKey(e.LAB_STAFF_KEY, "labStaffKey"),
      centerStaffKey: staffKey(e.CENTER_STAFF_KEY, "centerStaffKey"),
      programStaffKey: staffKey(e.PROGRAM_STAFF_KEY, "programStaffKey"),
      staffSharedKeys: e.STAFF_SHARED_KEYS === "on",
      // The portal's PUBLIC_URL, or the portal's default for it (config/settings.ts: http://localhost:PORT/BASE_PATH),
      // so links from registry commands run beside a portal (create-invite) open that portal.
      publicUrl: (e.PUBLIC_URL ?? `http://localhost:${e.PORT}${e.BASE_PATH}`).replace(/\/+$/, ""),
      demoMode,
      scrypt,
      passwordHashing: { workers: e.PASSWORD_HASH_WORKERS, queue: e.PASSWORD_HASH_QUEUE },
      refusalDelayMs: e.REFUSAL_DELAY_MS,
      // LAB-002: approved at once in demo mode unless set; outside demo mode only by staff unless set.
      labApprovalDelayMinutes: e.LAB_APPROVAL_DELAY !== undefined ? e.LAB_APPROVAL_DELAY : demoMode ? 0 : null,
      messaging: {
        smtpUrl: e.SMTP_URL,
        mailFrom: e.MAIL_FROM ?? "Kidney Registry <registration@localhost>",
        smsUrl: e.SMS_URL,
        smsToken: e.SMS_TOKEN,
        // docs/decisions/106: generated in demo mode, like the staff keys; never a default in production.
        smsWebhookSecret: staffKey(e.SMS_WEBHOOK_SECRET, "smsWebhookSecret"),
        smsFrom: e.SMS_FROM ?? (demoMode ? DEMO_SMS_FROM : undefined),
      },
      ...(e.GEOIP_DATABASE ? { geoipDatabase: path.resolve(e.GEOIP_DATABASE) } : {}),
    },
    databaseUrl: e.DATABASE_URL,
    dataDir: path.resolve(e.DATA_DIR),
    port: e.REGISTRY_PORT,
    databaseTimeouts: {
      connectMs: e.DB_CONNECT_TIMEOUT_MS,
      statementMs: e.DB_STATEMENT_TIMEOUT_MS,
      idleInTransactionMs: e.DB_IDLE_IN_TRANSACTION_TIMEOUT_MS,
    },
    host: e.REGISTRY_HOST,
    portalKey: e.REGISTRY_PORTAL_KEY,
    production,
    secretsFile,
  };
}

/**
 * What `registry serve` needs beyond the settings (docs/decisions/085): in production a REGISTRY_PORTAL_KEY, without which
 * every patient behind a portal would share the portal's address in the per-address limits. Throws naming it.
 */
export function checkServeConfig(config: RegistryConfig): void {
  if (config.production && !config.portalKey) {
    throw new Error("Invalid registry environment: REGISTRY_PORTAL_KEY is required to serve the registry with NODE_ENV=production");
  }
}

/**
 * A generated secret kept in `secretsFile`, a flat JSON map of name -> secret shared with the portal's settings
 * (sessionSecret, tokenSecret, labStaffKey). A missing name is generated and added; the file is replaced atomically.
 */
export function keptSecret(secretsFile: string, name: string, bytes = 32): string {
  // docs/decisions/084: DATA_DIR 0700 whatever the umask; one open to other users is refused (DataDirOpenError).
  privateDir(path.dirname(secretsFile));
  const read = (): Record<string, unknown> => {
    try {
      const v: unknown = JSON.parse(readFileSync(secretsFile, "utf8"));
      return typeof v === "object" && v !== null && !Array.isArray(v) ? (v as Record<string, unknown>) : {};
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === "ENOENT") return {};
      throw new Error(`${secretsFile} is not a valid secrets file; remove it to generate new secrets`);
    }
  };
  const stored = read();
  const existing = stored[name];
  if (typeof existing === "string" && existing.length >= 16) return existing;
  const secret = randomBytes(bytes).toString("base64url");
  const tmp = `${secretsFile}.${process.pid}.tmp`;
  writeFileSync(tmp, JSON.stringify({ ...stored, [name]: secret }, null, 2) + "\n", { mode: 0o600 });
  renameSync(tmp, secretsFile);
  return secret;
}
