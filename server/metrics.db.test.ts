import express from "express";
import type http from "node:http";
import type { AddressInfo } from "node:net";
import type { ServerBuild } from "react-router";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { signInSurge } from "../app/features/accounts/sign-in-surge.server";
import type { Db } from "../registry/db";
import { testDatabases, type TestDb } from "../registry/db/test-databases";
import { ScryptPool } from "../registry/domain/scrypt-pool";
import { countDbErrors, createMetricsRegistry, registerRegistryMetrics, serveMetrics } from "../registry/metrics";
import { enqueueMessage } from "../registry/outbox/outbox";
import { admissionLimit, admissionRules } from "./in-flight";
import { registerPortalMetrics } from "./metrics";

/** A build's route list as React Router writes it (flat, by parent): the root, /records/:id, /profile/devices. */
const routes = {
  root: { id: "root", path: "", parentId: undefined },
  "routes/_private": { id: "routes/_private", parentId: "root" },
  "routes/_private.records.$id": { id: "routes/_private.records.$id", path: "records/:id", parentId: "routes/_private" },
  "routes/_private.profile.devices": { id: "routes/_private.profile.devices", path: "profile/devices", parentId: "routes/_private" },
};
const build = { routes } as unknown as ServerBuild;

const listening = (server: http.Server) =>
  new Promise<number>((resolve) => server.once("listening", () => resolve((server.address() as AddressInfo).port)));

/**
 * docs/decisions/131: the metrics server scraped like Prometheus does, after the portal and the registry did some work:
 * every series named in the decision is there, the route label is the pattern, and the app's port has no /metrics.
 */
describe.each(testDatabases())("metrics ($name)", (target) => {
  let test: TestDb;
  let db: Db;
  let pool: ScryptPool;
  let app: http.Server;
  let metricsServer: http.Server;
  let appUrl = "";
  let metricsUrl = "";

  beforeAll(async () => {
    test = await target.open();
    await test.reset();
    const registry = createMetricsRegistry();
    pool = new ScryptPool({ workers: 1, queue: 4 });
    const count = { dbError: (_error: unknown) => {} };
    db = countDbErrors(test.db, (error) => count.dbError(error));
    const registryMetrics = registerRegistryMetrics(registry, { db, scryptPool: pool });
    count.dbError = registryMetrics.dbError;
    registryMetrics.outboxBatch({ sent: 2, failed: 1, givenUp: 1 });

    const limit = admissionLimit(
      // No line: the second request is refused at once.
      { ...admissionRules(1), line: 0 },
      () => ({ className: "patient", keys: [] }),
      (_req, res) => void res.status(503).send("busy"),
    );
    const web = express();
    web.use(registerPortalMetrics({ registry, build, basePath: "/", admission: limit.gate, signInSurgePerMinute: 3 }));
    web.use("/", limit);
    web.get("/records/:id", (_req, res) => void setTimeout(() => res.send("record"), 150));
    web.get("/profile/devices", (_req, res) => void res.send("devices"));
    app = web.listen(0, "127.0.0.1");
    appUrl = `http://127.0.0.1:${await listening(app)}`;
    metricsServer = await serveMetrics(registry, { port: 0, host: "127.0.0.1" }, () => {});
    metricsUrl = `http://127.0.0.1:${(metricsServer.address() as AddressInfo).port}`;
  });

  afterAll(async () => {
    app?.close();
    metricsServer?.close();
    await pool?.close();
    await test?.close();
  });

  it("exposes each series, with route patterns and no raw ids", async () => {
    // Requests: two at once against a limit of one (one refused), then a page.
    const answers = await Promise.all([fetch(`${appUrl}/records/4711`), fetch(`${appUrl}/records/4712`)]);
    expect(answers.map((a) => a.status).sort()).toEqual([200, 503]);
    expect((await fetch(`${appUrl}/profile/devices`)).status).toBe(200);
    // Password hashes: three at once on one worker, so two wait in the queue.
    const job = { salt: Buffer.alloc(16), keyLength: 32, N: 1024, r: 8, p: 1, maxmem: 64 * 1024 * 1024 };
    await Promise.all([1, 2, 3].map((n) => pool.derive({ ...job, password: `pw${n}` })));
    // The outbox: one message waiting; the database: one failed query.
    await enqueueMessage(test.db, { channel: "email", to: "ana@example.org", subject: "s", text: "t" }, { hold: false, now: new Date() });
    await expect(db.query("select * from no_such_table")).rejects.toThrow();
    // The sign-in surge: three unknown-device attempts within the minute start one.
    const surge = signInSurge(3, new Uint8Array(32));
    for (let i = 0; i < 3; i++) surge.note(Date.now());

    const scrape = await fetch(`${metricsUrl}/metrics`);
    expect(scrape.status).toBe(200);
    expect(scrape.headers.get("content-type")).toMatch(/^text\/plain; version=0\.0\.4/);
    const text = await scrape.text();
    const series = [
      'http_requests_total{method="GET",route="/records/:id",status="200"} 1',
      'http_requests_total{method="GET",route="/records/:id",status="503"} 1',
      'http_requests_total{method="GET",route="/profile/devices",status="200"} 1',
      'http_request_duration_seconds_bucket{le="0.005",method="GET",route="/profile/devices",status_class="2xx"}',
      'http_request_duration_seconds_count{method="GET",route="/records/:id",status_class="2xx"} 1',
      'http_requests_in_flight{class="patient"} 0',
      'http_requests_in_flight{class="page"} 0',
      'http_requests_in_flight{class="sign-in"} 0',
      'http_requests_waiting{class="patient"} 0',
      "http_requests_parked 0",
      'http_requests_refused_total{class="patient"} 1',
      'http_requests_refused_total{class="sign-in"} 0',
      'password_hash_pool_workers{state="max"} 1',
      'password_hash_pool_queue_length{lane="common"} 0',
      'password_hash_pool_queue_length{lane="priority"} 0',
      "password_hash_pool_refused_total 0",
      'password_hash_pool_wait_seconds_count{lane="common"} 3',
      "sign_in_surge_active 1",
      "sign_in_surge_attempts_last_minute ",
      "sign_in_surge_threshold_per_minute 3",
      'outbox_messages{status="pending"} 1',
      "outbox_oldest_pending_seconds ",
      "outbox_sent_total 2",
      'outbox_send_failures_total{final="true"} 1',
      'outbox_send_failures_total{final="false"} 0',
      'db_pool_connections{state="max"}',
      'db_errors_total{kind="query",class="42"} 1',
      "process_cpu_seconds_total ",
      "process_resident_memory_bytes ",
      "nodejs_eventloop_lag_seconds ",
    ];
    for (const line of series) expect(text, line).toContain(line);
    // The surge is one per process: the run on each database adds its three attempts within the minute.
    expect(Number(/^sign_in_surge_attempts_last_minute (\d+)$/m.exec(text)?.[1])).toBeGreaterThanOrEqual(3);
    expect(text).not.toMatch(/4711|4712/);
  });

  it("serves nothing but /metrics on its port, and the app's port has no /metrics", async () => {
    expect((await fetch(`${metricsUrl}/`)).status).toBe(404);
    expect((await fetch(`${metricsUrl}/metrics`, { method: "POST" })).status).toBe(404);
    const onApp = await fetch(`${appUrl}/metrics`);
    expect(onApp.status).toBe(404);
    expect(await onApp.text()).not.toContain("http_requests_total");
  });
});
