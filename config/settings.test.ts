import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { loadSettings, SettingsError } from "./settings";

const tmp = () => fs.mkdtempSync(path.join(os.tmpdir(), "settings-"));

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
    const env = { NODE_ENV: "production", SESSION_SECRET: "s".repeat(40), TOKEN_SECRET: "t".repeat(40), PUBLIC_URL: "https://x.example/" };
    expect(loadSettings(env).demoMode).toBe(false);
    expect(() => loadSettings({ ...env, DEMO_MODE: "true" })).toThrow(/DEMO_MODE/);
    expect(() => loadSettings({ ...env, SESSION_SECRET: "short" })).toThrow(/at least 32/);
  });
  it("normalises BASE_PATH and rejects odd ones", () => {
    expect(loadSettings({ DATA_DIR: tmp(), BASE_PATH: "/portal" }).basePath).toBe("/portal/");
    expect(() => loadSettings({ DATA_DIR: tmp(), BASE_PATH: "portal" })).toThrow(/BASE_PATH/);
    expect(() => loadSettings({ DATA_DIR: tmp(), PORT: "http" })).toThrow(SettingsError);
  });
  it("names the session cookie __Host-… only for an https PUBLIC_URL at the site's root", () => {
    const env = { NODE_ENV: "production", SESSION_SECRET: "s".repeat(40), TOKEN_SECRET: "t".repeat(40), DATA_DIR: tmp() };
    expect(loadSettings({ ...env, PUBLIC_URL: "https://x.example/" }).hostPrefixedCookie).toBe(true);
    expect(loadSettings({ ...env, PUBLIC_URL: "https://x.example/portal/", BASE_PATH: "/portal/" }).hostPrefixedCookie).toBe(false);
    expect(loadSettings({ ...env, PUBLIC_URL: "http://x.example/" }).hostPrefixedCookie).toBe(false);
    expect(loadSettings({ DATA_DIR: tmp() }).hostPrefixedCookie).toBe(false);
  });
  it("waits SHUTDOWN_READY_DELAY_MS before it stops accepting: 5 s in production, briefly otherwise", () => {
    const env = {
      NODE_ENV: "production",
      SESSION_SECRET: "s".repeat(40),
      TOKEN_SECRET: "t".repeat(40),
      PUBLIC_URL: "https://x.example/",
      DATA_DIR: tmp(),
    };
    expect(loadSettings(env).shutdownReadyDelayMs).toBe(5000);
    expect(loadSettings({ DATA_DIR: tmp() }).shutdownReadyDelayMs).toBe(500);
    expect(loadSettings({ DATA_DIR: tmp(), SHUTDOWN_READY_DELAY_MS: "0" }).shutdownReadyDelayMs).toBe(0);
  });
});
