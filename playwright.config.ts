import { defineConfig, type PlaywrightTestConfig } from "@playwright/test";
import { chromiumArgs, executablePath } from "./tests/e2e/support/chromium.mjs";
import type { TestOptions } from "./tests/e2e/fixtures";
import { axeShapesDir } from "./tests/e2e/support/axe-shapes";
import { buildDir, databaseUrl, dataDir, E2E_METRICS_PORT, E2E_PORT, e2eRegistryEnv, geoipDatabase } from "./tests/e2e/support/e2e-env";

const PROXY_PORT = E2E_PORT + 80;
const PROXIED_PORT = E2E_PORT + 1;
const portalEnv = {
  HOST: "127.0.0.1",
  NODE_ENV: "development",
  DEMO_MODE: "true",
  LOG_LEVEL: "error",
  // A password hash at 1/8 of the production memory and time (docs/decisions/117): the journeys sign in hundreds of
  // times and the production cost would spend minutes of the run's two cores on it; registry/domain/passwords.test.ts
  // and the registry tests keep the production parameters covered.
  SCRYPT_N: String(2 ** 14),
};

type WebServer = Extract<NonNullable<PlaywrightTestConfig["webServer"]>, { command: string }>;
/** How each portal the run starts is waited for and heard from: a fresh one every run, only its errors shown. */
const portalServer = { timeout: 120_000, reuseExistingServer: false, stdout: "ignore", stderr: "pipe" } as const;
const proxyServers: WebServer[] = [
  {
    command: `rm -rf ${dataDir}-proxied && node build-portal/server.js`,
    url: `http://127.0.0.1:${PROXIED_PORT}/portal/readyz`,
    ...portalServer,
    env: {
      ...portalEnv,
      PORT: String(PROXIED_PORT),
      DATA_DIR: `${dataDir}-proxied`,
      BASE_PATH: "/portal/",
      BUILD_DIR: "build-portal",
      TRUST_PROXY_HOPS: "1",
    },
  },
  {
    command: `node tests/e2e/proxy/run-nginx.mjs ${PROXY_PORT} ${PROXIED_PORT}`,
    url: `http://127.0.0.1:${PROXY_PORT}/portal/healthz`,
    ...portalServer,
    timeout: 30_000,
  },
];

export default defineConfig<TestOptions>({
  testDir: "tests/e2e",
  // Whole journeys (a patient through several screens, each checked with axe) on a 2-core machine.
  timeout: 120_000,
  expect: { timeout: 10_000 },
  fullyParallel: true,
  workers: 2,
  retries: process.env.CI ? 1 : 0,
  reporter: [["list"]],
  use: {
    baseURL: `http://127.0.0.1:${E2E_PORT}/`,
    launchOptions: { executablePath, args: chromiumArgs },
    trace: "off",
    // No transitions to paint (Pico's, on focus and hover): less work for Chromium on two cores (decision 117).
    reducedMotion: "reduce",
  },
  projects: [
    { name: "js", testIgnore: "proxy/**", use: { javaScriptEnabled: true } },
    { name: "nojs", testIgnore: "proxy/**", use: { javaScriptEnabled: false } },
    // An older browser (decisions 030, 089): scripts run, but every API the check tests is missing (showModal,
    // submitter, TextEncoderStream…), so the portal stays on its HTML path. The main journeys only (MAIN_JOURNEY).
    { name: "older", testIgnore: "proxy/**", grep: /@main-journey/, use: { javaScriptEnabled: true, olderBrowser: true } },
    // The oldest browsers that pass the check (Chrome 85, Firefox 105, Safari 15.4): the enhanced layer without any
    // API newer than them (tests/e2e/support/old-browsers.ts). The main journeys only.
    { name: "oldest", testIgnore: "proxy/**", grep: /@main-journey/, use: { javaScriptEnabled: true, oldestBrowser: true } },
    // The portal built for /portal/ (build-portal/) behind nginx running deploy/nginx/portal.conf.
    {
      name: "proxy-js",
      testMatch: "proxy/**/*.spec.ts",
      use: {
        javaScriptEnabled: true,
        baseURL: `http://127.0.0.1:${PROXY_PORT}/portal/`,
      },
    },
    {
      name: "proxy-nojs",
      testMatch: "proxy/**/*.spec.ts",
      use: {
        javaScriptEnabled: false,
        baseURL: `http://127.0.0.1:${PROXY_PORT}/portal/`,
      },
    },
  ],
  webServer: [
    {
      command: `rm -rf ${dataDir} ${axeShapesDir} && node --import tsx tests/e2e/support/write-geoip.ts ${geoipDatabase} && ${databaseUrl ? "node tests/e2e/support/reset-database.mjs && " : ""}node ${buildDir}/server.js`,
      url: `http://127.0.0.1:${E2E_PORT}/readyz`,
      ...portalServer,
      // One trusted proxy hop, so each test can be its own client (X-Forwarded-For, tests/e2e/fixtures.ts): the
      // registry rate-limits registrations and sign-ins per client address (docs/decisions/007 and 021).
      env: {
        ...portalEnv,
        PORT: String(E2E_PORT),
        DATA_DIR: dataDir,
        BUILD_DIR: buildDir,
        TRUST_PROXY_HOPS: "1",
        METRICS_PORT: String(E2E_METRICS_PORT),
        ...e2eRegistryEnv,
        ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
      },
    },
    // E2E_PROXY=0 skips the proxied portal and nginx (a run of the js/nojs projects only, e.g. while developing).
    ...(process.env.E2E_PROXY === "0" ? [] : proxyServers),
  ],
});
