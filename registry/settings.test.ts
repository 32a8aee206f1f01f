import { mkdtempSync, readFileSync, statSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { DEFAULT_HASH_WORKERS } from "./domain/scrypt-pool";
import { checkServeConfig, keptSecret, registrySettingsFromEnv } from "./settings";

const tmp = () => mkdtempSync(path.join(os.tmpdir(), "registry-settings-"));
const PROD = {
  NODE_ENV: "production",
  // As `openssl rand -base64 48` makes them: production refuses weak ones (docs/decisions/088).
  TOKEN_SECRET: "Tq7vX2pLm9zRw4sKd8yNf3bHc6jGe1aU5oIiW0rEtYq",
  LAB_STAFF_KEY: "Lb3nM8kQ1wE6rT9yU2iO5pA7sD4fG0hJxZcVbN",
  PUBLIC_URL: "https://portal.example.org/",
  DATABASE_URL: "postgres://u:p@db.example.org:5432/registry",
};

describe("registrySettingsFromEnv", () => {
  it("demo: defaults, and secrets generated once into DATA_DIR/secrets.json (0600)", () => {
    const dir = tmp();
    const a = registrySettingsFromEnv({ DATA_DIR: dir });
    const b = registrySettingsFromEnv({ DATA_DIR: dir, TOKEN_SECRET: "" });
    expect(a.settings).toEqual({
      tokenSecret: expect.any(String),
      labStaffKey: expect.any(String),
      publicUrl: "http://localhost:3000",
      centerStaffKey: expect.any(String),
      programStaffKey: expect.any(String),
      staffSharedKeys: false,
      demoMode: true,
      scrypt: { N: 2 ** 17, r: 8, p: 1 },
      labApprovalDelayMinutes: 0,
      passwordHashing: { workers: DEFAULT_HASH_WORKERS, queue: 8 },
      refusalDelayMs: 1000,
      messaging: {
        smtpUrl: undefined,
        mailFrom: "Kidney Registry <registration@localhost>",
        smsUrl: undefined,
        smsToken: undefined,
        smsWebhookSecret: expect.any(String),
        smsFrom: "+12025550100",
      },
    });
    expect(a.settings.tokenSecret.length).toBeGreaterThanOrEqual(32);
    expect(b.settings.tokenSecret).toBe(a.settings.tokenSecret);
    expect(b.settings.labStaffKey).toBe(a.settings.labStaffKey);
    expect([b.settings.centerStaffKey, b.settings.programStaffKey]).toEqual([a.settings.centerStaffKey, a.settings.programStaffKey]);
    expect(new Set([a.settings.labStaffKey, a.settings.centerStaffKey, a.settings.programStaffKey]).size).toBe(3);
    expect(a).toMatchObject({ databaseUrl: undefined, dataDir: dir, port: 4000, production: false, secretsFile: path.join(dir, "secrets.json") });
    expect(statSync(path.join(dir, "secrets.json")).mode & 0o777).toBe(0o600);
  });

  it("without PUBLIC_URL, links point at the portal's own default: its PORT and BASE_PATH (create-invite beside a portal)", () => {
    const dir = tmp();
    expect(registrySettingsFromEnv({ DATA_DIR: dir, PORT: "4000", BASE_PATH: "/portal/" }).settings.publicUrl).toBe("http://localhost:4000/portal");
    expect(registrySettingsFromEnv({ DATA_DIR: dir, PORT: "8080" }).settings.publicUrl).toBe("http://localhost:8080");
    expect(registrySettingsFromEnv({ DATA_DIR: dir, PORT: "8080", PUBLIC_URL: "https://pass.example.org/portal/" }).settings.publicUrl).toBe(
      "https://pass.example.org/portal",
    );
  });

  it("shares the portal's secrets file, keeping its other entries", () => {
    const dir = tmp();
    const file = path.join(dir, "secrets.json");
    writeFileSync(file, JSON.stringify({ sessionSecret: "s".repeat(43), tokenSecret: "k".repeat(43) }));
    const c = registrySettingsFromEnv({ DATA_DIR: dir });
    expect(c.settings.tokenSecret).toBe("k".repeat(43));
    const stored = JSON.parse(readFileSync(file, "utf8"));
    expect(stored).toEqual({
      sessionSecret: "s".repeat(43),
      tokenSecret: "k".repeat(43),
      labStaffKey: c.settings.labStaffKey,
      centerStaffKey: c.settings.centerStaffKey,
      programStaffKey: c.settings.programStaffKey,
      smsWebhookSecret: c.settings.messaging.smsWebhookSecret,
    });
    expect(keptSecret(file, "labStaffKey")).toBe(c.settings.labStaffKey);
  });

  it("center and program staff keys (docs/decisions/041): from the environment; outside demo mode unset means none", () => {
    const keys = { CENTER_STAFF_KEY: "center-key-0123456789-Qw8Er4Ty6Ui2Op", PROGRAM_STAFF_KEY: "program-key-0123456789-As3Df5Gh7Jk9L" };
    expect(registrySettingsFromEnv({ ...PROD, ...keys, DATA_DIR: tmp() }).settings).toMatchObject({
      centerStaffKey: keys.CENTER_STAFF_KEY,
      programStaffKey: keys.PROGRAM_STAFF_KEY,
    });
    const dir = tmp();
    const unset = registrySettingsFromEnv({ ...PROD, DATA_DIR: dir }).settings;
    expect([unset.centerStaffKey, unset.programStaffKey]).toEqual([undefined, undefined]);
    expect(
      registrySettingsFromEnv({ DATA_DIR: tmp(), DEMO_MODE: "false", TOKEN_SECRET: "t".repeat(40), LAB_STAFF_KEY: "l".repeat(20) }).settings
        .centerStaffKey,
    ).toBeUndefined();
    expect(() => registrySettingsFromEnv({ DATA_DIR: tmp(), CENTER_STAFF_KEY: "short" })).toThrow(/CENTER_STAFF_KEY must be at least 16 characters/);
  });

  it("LAB_STAFF_KEY (docs/decisions/136): needed in production only with STAFF_SHARED_KEYS=on; generated in demo mode only", () => {
    const { LAB_STAFF_KEY: _lab, ...withoutLabKey } = PROD;
    const production = registrySettingsFromEnv({ ...withoutLabKey, DATA_DIR: tmp() });
    expect(production.settings.labStaffKey).toBeUndefined();
    expect(production.secretsFile).toBeUndefined();
    expect(() => registrySettingsFromEnv({ ...withoutLabKey, STAFF_SHARED_KEYS: "off", DATA_DIR: tmp() })).not.toThrow();
    expect(() => registrySettingsFromEnv({ ...withoutLabKey, STAFF_SHARED_KEYS: "on", DATA_DIR: tmp() })).toThrow(
      /LAB_STAFF_KEY is required with STAFF_SHARED_KEYS=on and NODE_ENV=production/,
    );
    expect(registrySettingsFromEnv({ ...PROD, STAFF_SHARED_KEYS: "on", DATA_DIR: tmp() }).settings.labStaffKey).toBe(PROD.LAB_STAFF_KEY);
    // Outside demo mode, unset means none (no key is generated into secrets.json).
    const dir = tmp();
    expect(registrySettingsFromEnv({ DATA_DIR: dir, DEMO_MODE: "false", TOKEN_SECRET: "t".repeat(40) }).settings.labStaffKey).toBeUndefined();
    expect(registrySettingsFromEnv({ DATA_DIR: dir, DEMO_MODE: "false" }).settings.labStaffKey).toBeUndefined();
    expect(Object.keys(JSON.parse(readFileSync(path.join(dir, "secrets.json"), "utf8")))).toEqual(["tokenSecret"]);
  });

  it("the shared staff keys' calls (docs/decisions/133): off unless STAFF_SHARED_KEYS=on, for the changeover", () => {
    expect(registrySettingsFromEnv({ DATA_DIR: tmp() }).settings.staffSharedKeys).toBe(false);
    expect(registrySettingsFromEnv({ DATA_DIR: tmp(), STAFF_SHARED_KEYS: "off" }).settings.staffSharedKeys).toBe(false);
    expect(registrySettingsFromEnv({ DATA_DIR: tmp(), STAFF_SHARED_KEYS: "on" }).settings.staffSharedKeys).toBe(true);
    expect(() => registrySettingsFromEnv({ DATA_DIR: tmp(), STAFF_SHARED_KEYS: "yes" })).toThrow(/STAFF_SHARED_KEYS must be on or off/);
  });

  it("the inbound-text webhook (docs/decisions/106): a key generated in demo mode, none by default in production", () => {
    const dir = tmp();
    const demo = registrySettingsFromEnv({ DATA_DIR: dir }).settings.messaging;
    expect(demo.smsWebhookSecret!.length).toBeGreaterThanOrEqual(32);
    expect(registrySettingsFromEnv({ DATA_DIR: dir }).settings.messaging.smsWebhookSecret).toBe(demo.smsWebhookSecret);
    expect(registrySettingsFromEnv({ ...PROD, DATA_DIR: tmp() }).settings.messaging).toMatchObject({
      smsWebhookSecret: undefined,
      smsFrom: undefined,
    });
    const sms = { SMS_URL: "https://sms.example.org/send", SMS_TOKEN: "sms-token-0123456789" };
    expect(() => registrySettingsFromEnv({ ...PROD, ...sms, DATA_DIR: tmp() })).toThrow(
      /SMS_FROM is required with SMS_URL or SMS_WEBHOOK_SECRET.*SMS_WEBHOOK_SECRET is required with SMS_URL/,
    );
    expect(() =>
      registrySettingsFromEnv({
        ...PROD,
        ...sms,
        SMS_FROM: "+12025550123",
        SMS_WEBHOOK_SECRET: "changeme-changeme-changeme-0123456789",
        DATA_DIR: tmp(),
      }),
    ).toThrow(/SMS_WEBHOOK_SECRET holds a placeholder/);
    const given = { SMS_FROM: "+12025550123", SMS_WEBHOOK_SECRET: "Wh7kQ2mZ9pLx4Rt8Vn3Bc6Jy1Fd5Gs0Ha" };
    expect(registrySettingsFromEnv({ ...PROD, ...sms, ...given, DATA_DIR: tmp() }).settings.messaging).toMatchObject({
      smsFrom: given.SMS_FROM,
      smsWebhookSecret: given.SMS_WEBHOOK_SECRET,
    });
  });

  it("production: reads everything from the environment and writes no file", () => {
    const c = registrySettingsFromEnv({
      ...PROD,
      REGISTRY_PORT: "4100",
      SCRYPT_N: "65536",
      DATA_DIR: tmp(),
      PASSWORD_HASH_WORKERS: "2",
      PASSWORD_HASH_QUEUE: "0",
      REFUSAL_DELAY_MS: "250",
    });
    expect(c.settings).toEqual({
      tokenSecret: PROD.TOKEN_SECRET,
      labStaffKey: PROD.LAB_STAFF_KEY,
      publicUrl: "https://portal.example.org",
      staffSharedKeys: false,
      demoMode: false,
      scrypt: { N: 65536, r: 8, p: 1 },
      labApprovalDelayMinutes: null,
      passwordHashing: { workers: 2, queue: 0 },
      refusalDelayMs: 250,
      messaging: { smtpUrl: undefined, mailFrom: "Kidney Registry <registration@localhost>", smsUrl: undefined, smsToken: undefined },
    });
    expect(c).toMatchObject({ databaseUrl: PROD.DATABASE_URL, port: 4100, production: true, secretsFile: undefined });
  });

  it("production refuses to start without its secrets, naming each", () => {
    expect(() => registrySettingsFromEnv({ NODE_ENV: "production", DATA_DIR: tmp() })).toThrow(/TOKEN_SECRET.*PUBLIC_URL/);
    expect(() => registrySettingsFromEnv({ NODE_ENV: "production", DATA_DIR: tmp() })).not.toThrow(/LAB_STAFF_KEY/);
    expect(() => registrySettingsFromEnv({ ...PROD, TOKEN_SECRET: undefined })).toThrow(/TOKEN_SECRET is required/);
    expect(() => registrySettingsFromEnv({ ...PROD, DEMO_MODE: "true" })).toThrow(/DEMO_MODE/);
  });

  it.each([
    [{ TOKEN_SECRET: "t".repeat(40) }, /^Invalid registry environment: TOKEN_SECRET is too simple for production/],
    [{ LAB_STAFF_KEY: "Lb3nM8kQ1wE6rT9yU2iO5pA7s" }, /LAB_STAFF_KEY is too short for production: at least 32 characters/],
    [{ CENTER_STAFF_KEY: "changeme-changeme-changeme-0123456789" }, /CENTER_STAFF_KEY holds a placeholder \("changeme"\)/],
    [{ PROGRAM_STAFF_KEY: PROD.LAB_STAFF_KEY }, /LAB_STAFF_KEY and PROGRAM_STAFF_KEY are the same/],
    [{ LAB_STAFF_KEY: PROD.TOKEN_SECRET }, /TOKEN_SECRET and LAB_STAFF_KEY are the same/],
    [{ SESSION_SECRET: PROD.TOKEN_SECRET }, /SESSION_SECRET and TOKEN_SECRET are the same/],
    [{ PUBLIC_URL: "http://portal.example.org/" }, /PUBLIC_URL must start with https:\/\//],
    [{ PUBLIC_URL: "http://localhost:3000/" }, /PUBLIC_URL must start with https:\/\//],
  ])("production refuses %j (docs/decisions/088)", (env, message) => {
    expect(() => registrySettingsFromEnv({ ...PROD, DATA_DIR: tmp(), ...env })).toThrow(message);
  });

  it("outside production the secret rules do not apply (demo and development keep their own)", () => {
    const dir = tmp();
    expect(registrySettingsFromEnv({ DATA_DIR: dir, TOKEN_SECRET: "t".repeat(40), PUBLIC_URL: "http://localhost:3000/" }).production).toBe(false);
  });

  it.each([
    [{ TOKEN_SECRET: "short" }, /TOKEN_SECRET/],
    [{ REGISTRY_PORT: "http" }, /REGISTRY_PORT/],
    [{ SCRYPT_N: "3000" }, /power of two/],
    [{ SCRYPT_N: "512" }, /SCRYPT_N/],
    [{ DATABASE_URL: "not a url" }, /DATABASE_URL/],
    [{ DEMO_MODE: "maybe" }, /DEMO_MODE/],
    [{ SMTP_URL: "http://mail.example.org" }, /SMTP_URL/],
    [{ SMTP_URL: "smtp://mail.example.org:587" }, /MAIL_FROM is required/],
    [{ SMS_URL: "https://sms.example.org/send" }, /SMS_TOKEN is required/],
    [{ SMS_URL: "ftp://sms.example.org" }, /SMS_URL/],
    [{ LAB_APPROVAL_DELAY: "soon" }, /LAB_APPROVAL_DELAY/],
    [{ LAB_APPROVAL_DELAY: "-5" }, /LAB_APPROVAL_DELAY/],
    [{ PASSWORD_HASH_WORKERS: "0" }, /PASSWORD_HASH_WORKERS/],
    [{ PASSWORD_HASH_QUEUE: "-1" }, /PASSWORD_HASH_QUEUE/],
    [{ REFUSAL_DELAY_MS: "60000" }, /REFUSAL_DELAY_MS/],
  ])("refuses %j", (env, message) => {
    expect(() => registrySettingsFromEnv({ DATA_DIR: tmp(), ...env })).toThrow(message);
  });

  it("reads LAB_APPROVAL_DELAY (LAB-002): minutes or never, in and out of demo mode", () => {
    expect(registrySettingsFromEnv({ DATA_DIR: tmp(), LAB_APPROVAL_DELAY: "never" }).settings.labApprovalDelayMinutes).toBeNull();
    expect(registrySettingsFromEnv({ DATA_DIR: tmp(), LAB_APPROVAL_DELAY: "90" }).settings.labApprovalDelayMinutes).toBe(90);
    expect(registrySettingsFromEnv({ DATA_DIR: tmp(), DEMO_MODE: "false" }).settings.labApprovalDelayMinutes).toBeNull();
    expect(registrySettingsFromEnv({ ...PROD, LAB_APPROVAL_DELAY: "0" }).settings.labApprovalDelayMinutes).toBe(0);
  });

  it("reads GEOIP_DATABASE (docs/decisions/116): a path from the working directory; unset or empty, none", () => {
    expect(registrySettingsFromEnv({ DATA_DIR: tmp(), GEOIP_DATABASE: "geo/dbip-city-lite.mmdb" }).settings.geoipDatabase).toBe(
      path.resolve("geo/dbip-city-lite.mmdb"),
    );
    expect(registrySettingsFromEnv({ ...PROD, GEOIP_DATABASE: "/srv/geoip/GeoLite2-City.mmdb" }).settings.geoipDatabase).toBe(
      "/srv/geoip/GeoLite2-City.mmdb",
    );
    expect(registrySettingsFromEnv({ DATA_DIR: tmp(), GEOIP_DATABASE: "" }).settings).not.toHaveProperty("geoipDatabase");
    expect(registrySettingsFromEnv({ DATA_DIR: tmp() }).settings).not.toHaveProperty("geoipDatabase");
  });

  it("reads the message providers (PLT-015)", () => {
    const c = registrySettingsFromEnv({
      DATA_DIR: tmp(),
      SMTP_URL: "smtp://user:pass@mail.example.org:587",
      MAIL_FROM: "Registry <reg@example.org>",
      SMS_URL: "https://sms.example.org/send",
      SMS_TOKEN: "sms-token-123456",
    });
    expect(c.settings.messaging).toEqual({
      smtpUrl: "smtp://user:pass@mail.example.org:587",
      mailFrom: "Registry <reg@example.org>",
      smsUrl: "https://sms.example.org/send",
      smsToken: "sms-token-123456",
      smsWebhookSecret: expect.any(String),
      smsFrom: "+12025550100",
    });
  });

  it("DEMO_MODE=false turns demo mode off outside production", () => {
    expect(registrySettingsFromEnv({ DATA_DIR: tmp(), DEMO_MODE: "false" }).settings.demoMode).toBe(false);
  });
});

// docs/decisions/085: the registry alone listens on loopback unless told, and serves in
// production only with the key that proves a portal.
describe("registry serve: where it listens and the portal key", () => {
  const PORTAL_KEY = "k7Qp2xWm9vRt4sLz8nBc3yHd6fJg1aUe5oKi";

  it("listens on 127.0.0.1 by default, on REGISTRY_HOST when set", () => {
    expect(registrySettingsFromEnv({ DATA_DIR: tmp() })).toMatchObject({ host: "127.0.0.1", port: 4000, portalKey: undefined });
    expect(registrySettingsFromEnv({ DATA_DIR: tmp(), REGISTRY_HOST: "10.0.0.5", REGISTRY_PORT: "4100" })).toMatchObject({
      host: "10.0.0.5",
      port: 4100,
    });
  });

  it("refuses a short REGISTRY_PORTAL_KEY, and serving in production without one", () => {
    expect(() => registrySettingsFromEnv({ DATA_DIR: tmp(), REGISTRY_PORTAL_KEY: "short" })).toThrow(
      /REGISTRY_PORTAL_KEY must be at least 32 characters/,
    );
    const config = registrySettingsFromEnv({ ...PROD, DATA_DIR: tmp() });
    expect(() => checkServeConfig(config)).toThrow(/REGISTRY_PORTAL_KEY is required to serve the registry with NODE_ENV=production/);
    const keyed = registrySettingsFromEnv({ ...PROD, DATA_DIR: tmp(), REGISTRY_PORTAL_KEY: PORTAL_KEY });
    expect(keyed.portalKey).toBe(PORTAL_KEY);
    expect(() => checkServeConfig(keyed)).not.toThrow();
    // Outside production the registry serves without it, trusting no caller's X-Client-Address.
    expect(() => checkServeConfig(registrySettingsFromEnv({ DATA_DIR: tmp() }))).not.toThrow();
  });
});
