import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { loadSettings, SettingsError } from "./settings";

const tmp = () => fs.mkdtempSync(path.join(os.tmpdir(), "settings-"));
// As `openssl rand -base64 48` makes them: production refuses weak ones (docs/decisions/088).
const SESSION = "Sx4vB9nQ2mW7eR1tY6uI3oP8aS5dF0gHjKlZ";
const TOKEN = "Tq7vX2pLm9zRw4sKd8yNf3bHc6jGe1aU5oIiW0rEtYq";

describe("settings", () => {
  it("demo mode generates secrets once and keeps them under DATA_DIR", () => {
    const dir = tmp();
    const a = loadSettings({ DATA_DIR: dir });
    const b = loadSettings({ DATA_DIR: dir });
    expect(a.demoMode).toBe(true);
    expect(a.sessionSecret.length).toBeGreaterThanOrEqual(32);
    expect(b.sessionSecret).toBe(a.sessionSecret);
    expect(b.tokenSecret).toBe(a.tokenSecret);
  });
  it("production refuses to start without its secrets, naming them", () => {
    expect(() => loadSettings({ NODE_ENV: "production", DATA_DIR: tmp() })).toThrow(SettingsError);
    expect(() => loadSettings({ NODE_ENV: "production", DATA_DIR: tmp() })).toThrow(/SESSION_SECRET.*TOKEN_SECRET.*PUBLIC_URL/);
  });
  it("production refuses demo mode and short secrets", () => {
    const env = { NODE_ENV: "production", SESSION_SECRET: SESSION, TOKEN_SECRET: TOKEN, PUBLIC_URL: "https://x.example/" };
    expect(loadSettings(env).demoMode).toBe(false);
    expect(() => loadSettings({ ...env, DEMO_MODE: "true" })).toThrow(/DEMO_MODE/);
    expect(() => loadSettings({ ...env, SESSION_SECRET: "short" })).toThrow(/at least 32/);
  });
  it("production refuses weak, placeholder and equal secrets and an http:// PUBLIC_URL, one line each (docs/decisions/088)", () => {
    const env = { NODE_ENV: "production", SESSION_SECRET: SESSION, TOKEN_SECRET: TOKEN, PUBLIC_URL: "https://x.example/", DATA_DIR: tmp() };
    expect(loadSettings(env).production).toBe(true);
    const refused = (more: Record<string, string>) => {
      try {
        loadSettings({ ...env, ...more });
      } catch (error) {
        expect(error).toBeInstanceOf(SettingsError);
        return (error as Error).message.split("\n");
      }
      throw new Error(`accepted ${JSON.stringify(more)}`);
    };
    expect(refused({ SESSION_SECRET: "s".repeat(40) })).toEqual([
      "SESSION_SECRET is too simple for production: at least 10 different characters; generate one with `openssl rand -base64 48`",
    ]);
    expect(refused({ TOKEN_SECRET: "ChangeMe-please-0123456789-abcdefghij" })).toEqual([
      'TOKEN_SECRET holds a placeholder ("changeme") for production; generate one with `openssl rand -base64 48`',
    ]);
    expect(refused({ TOKEN_SECRET: SESSION })).toEqual(["SESSION_SECRET and TOKEN_SECRET are the same: each secret must have its own value"]);
    expect(refused({ LAB_STAFF_KEY: TOKEN })).toEqual(["TOKEN_SECRET and LAB_STAFF_KEY are the same: each secret must have its own value"]);
    expect(refused({ LAB_STAFF_KEY: "lab-key-0123456" })).toEqual([
      "LAB_STAFF_KEY is too short for production: at least 32 characters; generate one with `openssl rand -base64 48`",
    ]);
    expect(refused({ PUBLIC_URL: "http://x.example/" })).toEqual([
      "PUBLIC_URL must start with https:// in production (where patients reach the portal, behind TLS)",
    ]);
    expect(refused({ PUBLIC_URL: "http://127.0.0.1:3000/" })).toHaveLength(1);
    expect(refused({ SESSION_SECRET: "s".repeat(40), TOKEN_SECRET: "s".repeat(40), PUBLIC_URL: "http://localhost/" })).toHaveLength(4);
    // Outside production (demo mode, the e2e suite) the rules do not apply.
    expect(loadSettings({ DATA_DIR: tmp(), SESSION_SECRET: "s".repeat(40), PUBLIC_URL: "http://127.0.0.1:3000/" }).production).toBe(false);
  });
  it("normalises BASE_PATH and rejects odd ones", () => {
    expect(loadSettings({ DATA_DIR: tmp(), BASE_PATH: "/portal" }).basePath).toBe("/portal/");
    expect(() => loadSettings({ DATA_DIR: tmp(), BASE_PATH: "portal" })).toThrow(/BASE_PATH/);
    expect(() => loadSettings({ DATA_DIR: tmp(), PORT: "http" })).toThrow(SettingsError);
  });
  it("names the session cookie __Host-… only for an https PUBLIC_URL at the site's root", () => {
    const env = { NODE_ENV: "production", SESSION_SECRET: SESSION, TOKEN_SECRET: TOKEN, DATA_DIR: tmp() };
    expect(loadSettings({ ...env, PUBLIC_URL: "https://x.example/" }).hostPrefixedCookie).toBe(true);
    expect(loadSettings({ ...env, PUBLIC_URL: "https://x.example/portal/", BASE_PATH: "/portal/" }).hostPrefixedCookie).toBe(false);
    expect(loadSettings({ DATA_DIR: tmp(), PUBLIC_URL: "http://x.example/" }).hostPrefixedCookie).toBe(false);
    expect(loadSettings({ DATA_DIR: tmp() }).hostPrefixedCookie).toBe(false);
  });
  it("waits SHUTDOWN_READY_DELAY_MS before it stops accepting: 5 s in production, briefly otherwise", () => {
    const env = {
      NODE_ENV: "production",
      SESSION_SECRET: SESSION,
      TOKEN_SECRET: TOKEN,
      PUBLIC_URL: "https://x.example/",
      DATA_DIR: tmp(),
    };
    expect(loadSettings(env).shutdownReadyDelayMs).toBe(5000);
    expect(loadSettings({ DATA_DIR: tmp() }).shutdownReadyDelayMs).toBe(500);
    expect(loadSettings({ DATA_DIR: tmp(), SHUTDOWN_READY_DELAY_MS: "0" }).shutdownReadyDelayMs).toBe(0);
  });
  it("listens on 127.0.0.1 behind trusted proxies unless HOST says otherwise; production refuses all interfaces with trusted proxies unless allowed (docs/decisions/087)", () => {
    expect(loadSettings({ DATA_DIR: tmp() }).host).toBe("0.0.0.0");
    expect(loadSettings({ DATA_DIR: tmp(), TRUST_PROXY_HOPS: "1" }).host).toBe("127.0.0.1");
    expect(loadSettings({ DATA_DIR: tmp(), TRUST_PROXY_HOPS: "1", HOST: "10.0.0.5" }).host).toBe("10.0.0.5");
    const env = { NODE_ENV: "production", SESSION_SECRET: SESSION, TOKEN_SECRET: TOKEN, PUBLIC_URL: "https://x.example/", DATA_DIR: tmp() };
    expect(loadSettings({ ...env, TRUST_PROXY_HOPS: "1" }).host).toBe("127.0.0.1");
    expect(loadSettings({ ...env, HOST: "0.0.0.0" }).host).toBe("0.0.0.0");
    for (const host of ["0.0.0.0", "::"]) {
      expect(() => loadSettings({ ...env, TRUST_PROXY_HOPS: "1", HOST: host })).toThrow(/X-Forwarded-For: set HOST=127\.0\.0\.1/);
      expect(loadSettings({ ...env, TRUST_PROXY_HOPS: "1", HOST: host, HOST_ALL_INTERFACES_WITH_PROXY: "true" }).host).toBe(host);
    }
  });
  it("starts a sign-in surge at 120 unknown-device sign-ins a minute unless SIGN_IN_SURGE_PER_MINUTE says otherwise (0: never)", () => {
    expect(loadSettings({ DATA_DIR: tmp() }).signInSurgePerMinute).toBe(120);
    expect(loadSettings({ DATA_DIR: tmp(), SIGN_IN_SURGE_PER_MINUTE: "0" }).signInSurgePerMinute).toBe(0);
    expect(() => loadSettings({ DATA_DIR: tmp(), SIGN_IN_SURGE_PER_MINUTE: "-1" })).toThrow(SettingsError);
  });
  it("production with REGISTRY_URL needs REGISTRY_PORTAL_KEY, the proof the registry asks for (docs/decisions/085)", () => {
    const env = {
      NODE_ENV: "production",
      SESSION_SECRET: SESSION,
      PUBLIC_URL: "https://x.example/",
      DATA_DIR: tmp(),
      REGISTRY_URL: "http://10.0.0.5:4000",
    };
    expect(() => loadSettings(env)).toThrow(/REGISTRY_PORTAL_KEY \(with REGISTRY_URL\)/);
    const key = "Pk5wQ8eR2tY7uI1oP4aS9dF3gH6jK0lZxCvB";
    expect(loadSettings({ ...env, REGISTRY_PORTAL_KEY: key }).registryPortalKey).toBe(key);
    expect(() => loadSettings({ DATA_DIR: tmp(), REGISTRY_PORTAL_KEY: "short" })).toThrow(/REGISTRY_PORTAL_KEY must be at least 32/);
  });
});
