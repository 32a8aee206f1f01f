import http from "node:http";
import client from "prom-client";
import { errorCode, isDatabaseFault } from "./db/faults";
import type { Db, DbPoolStats } from "./db/types";
import type { ScryptLane, ScryptPool } from "./domain/scrypt-pool";
import type { OutboxBatch } from "./outbox/worker";
import type { MetricsListen } from "./metrics-settings";

/**
 * Prometheus metrics (docs/decisions/131): text exposition on a port of its own (METRICS_PORT), never the public one.
 * The registry's series live here (password hashing pool, outbox, database), so that both the portal (the registry in
 * its process) and `registry serve` (the registry alone) expose them; the portal adds its own in server/metrics.ts.
 */

/** A registry of metrics with Node's default process series (CPU, memory, event loop lag, handles, GC). */
export function createMetricsRegistry(): client.Registry {
  const registry = new client.Registry();
  client.collectDefaultMetrics({ register: registry });
  return registry;
}

/** What the registry's series read. Each part is optional: the portal calling REGISTRY_URL has none of them. */
export type RegistryMetricSources = {
  db?: Db;
  scryptPool?: ScryptPool;
};

export type RegistryMetrics = {
  /** Counts a failed database call (use through `countDbErrors`). */
  dbError: (thrown: unknown) => void;
  /** Counts what one outbox batch did (startOutboxWorker's `observe`). */
  outboxBatch: (batch: OutboxBatch) => void;
};

/**
 * The registry's series:
 * - `password_hash_pool_*`: workers, hashes running, hashes waiting by lane, refusals, and a histogram of each hash's
 *   wait in the queue (registry/domain/scrypt-pool.ts);
 * - `outbox_messages{status}` and `outbox_oldest_pending_seconds` (read from the table at each scrape), and
 *   `outbox_send_failures_total{final}` / `outbox_sent_total` (this process's worker);
 * - `db_pool_connections{state}` (PostgreSQL: max, total, idle, waiting) and `db_errors_total{kind, class}`.
 */
export function registerRegistryMetrics(registry: client.Registry, sources: RegistryMetricSources): RegistryMetrics {
  const { scryptPool, db } = sources;
  const registers = [registry];
  if (scryptPool) {
    new client.Gauge({
      name: "password_hash_pool_workers",
      help: "Password hashing worker threads allowed (max) and alive (current)",
      labelNames: ["state"],
      registers,
      collect() {
        const s = scryptPool.stats();
        this.set({ state: "max" }, scryptPool.options.workers);
        this.set({ state: "alive" }, s.workers);
        this.set({ state: "running" }, s.running);
      },
    });
    new client.Gauge({
      name: "password_hash_pool_queue_length",
      help: "Password hashes waiting for a worker, by lane (priority: known devices; proved: a solved proof of work)",
      labelNames: ["lane"],
      registers,
      collect() {
        const s = scryptPool.stats();
        this.set({ lane: "priority" }, s.priorityQueued);
        this.set({ lane: "proved" }, s.provedQueued);
        this.set({ lane: "common" }, s.queued - s.priorityQueued - s.provedQueued);
      },
    });
    let refusedSeen = 0;
    new client.Counter({
      name: "password_hash_pool_refused_total",
      help: "Password hashes refused because every worker was busy and the queue full (answered 503 busy)",
      registers,
      collect() {
        const refused = scryptPool.stats().refused;
        this.inc(Math.max(0, refused - refusedSeen));
        refusedSeen = refused;
      },
    });
    const waits = new client.Histogram({
      name: "password_hash_pool_wait_seconds",
      help: "Time a password hash waited in the queue before a worker took it, by lane",
      labelNames: ["lane"],
      buckets: [0.005, 0.05, 0.1, 0.25, 0.5, 1, 2, 4, 8, 16],
      registers,
    });
    scryptPool.onWait((lane: ScryptLane, waitedMs: number) => waits.observe({ lane }, waitedMs / 1000));
  }

  const outboxSent = new client.Counter({ name: "outbox_sent_total", help: "Outbox messages sent by this process's worker", registers });
  const outboxFailures = new client.Counter({
    name: "outbox_send_failures_total",
    help: "Outbox sends that failed in this process's worker (final: the message is given up, status 'failed')",
    labelNames: ["final"],
    registers,
  });
  outboxFailures.inc({ final: "false" }, 0);
  outboxFailures.inc({ final: "true" }, 0);

  const dbErrors = new client.Counter({
    name: "db_errors_total",
    help: "Failed database calls: kind fault (the database or the connection failed) or query; class: SQLSTATE class or system code",
    labelNames: ["kind", "class"],
    registers,
  });

  if (db) {
    new client.Gauge({
      name: "outbox_messages",
      help: "Outbox rows by status (pending: waiting to be sent; failed: given up; held: no provider)",
      labelNames: ["status"],
      registers,
      async collect() {
        for (const status of ["pending", "sent", "failed", "held"]) this.set({ status }, 0);
        try {
          const rows = await db.query<{ status: string; n: number }>("select status, count(*)::int8 as n from outbox group by status");
          for (const row of rows) this.set({ status: row.status }, Number(row.n));
        } catch {
          // The database is not answering: db_errors_total says so; the gauge keeps zeros rather than failing the scrape.
        }
      },
    });
    new client.Gauge({
      name: "outbox_oldest_pending_seconds",
      help: "Age of the oldest outbox message still waiting to be sent (0 when none waits)",
      registers,
      async collect() {
        try {
          const [row] = await db.query<{ age: number | null }>(
            "select extract(epoch from now() - min(created_at))::float8 as age from outbox where status = 'pending'",
          );
          this.set(Math.max(0, Number(row?.age ?? 0)));
        } catch {
          this.set(0);
        }
      },
    });
    new client.Gauge({
      name: "db_pool_connections",
      help: "PostgreSQL connection pool: max, total open, idle, and callers waiting for one (PGlite: max 1)",
      labelNames: ["state"],
      registers,
      collect() {
        const s: DbPoolStats = db.poolStats?.() ?? { max: 1, total: 1, idle: 0, waiting: 0 };
        this.set({ state: "max" }, s.max);
        this.set({ state: "total" }, s.total);
        this.set({ state: "idle" }, s.idle);
        this.set({ state: "waiting" }, s.waiting);
      },
    });
  }

  return {
    dbError: (thrown) => {
      const code = errorCode(thrown);
      const klass = code === undefined ? "none" : /^[0-9A-Z]{5}$/.test(code) && !code.startsWith("E") ? code.slice(0, 2) : code;
      dbErrors.inc({ kind: isDatabaseFault(thrown) ? "fault" : "query", class: klass });
    },
    outboxBatch: (batch) => {
      outboxSent.inc(batch.sent);
      outboxFailures.inc({ final: "false" }, batch.failed - batch.givenUp);
      outboxFailures.inc({ final: "true" }, batch.givenUp);
    },
  };
}

/**
 * The same database, each failed call counted by `onError` (a query, or a transaction that could not begin or
 * commit); errors the application throws inside a transaction are not the database's and are not counted.
 */
export function countDbErrors(db: Db, onError: (thrown: unknown) => void): Db {
  const counted = new WeakSet<object>();
  const note = (thrown: unknown) => {
    if (typeof thrown === "object" && thrown !== null) {
      if (counted.has(thrown)) return;
      counted.add(thrown);
    }
    onError(thrown);
  };
  const wrap = (inner: Db): Db => ({
    async query<T = Record<string, unknown>>(sql: string, params?: unknown[]): Promise<T[]> {
      try {
        return await inner.query<T>(sql, params);
      } catch (error) {
        note(error);
        throw error;
      }
    },
    async transaction<T>(fn: (tx: Db) => Promise<T>): Promise<T> {
      let inFn = false;
      try {
        return await inner.transaction((tx) => {
          inFn = true;
          return fn(wrap(tx)).finally(() => (inFn = false));
        });
      } catch (error) {
        // Thrown by the application inside fn (a refusal, a validation): not the database's. A failed begin or commit:
        // counted, as is a query of fn that failed (counted once, where it failed).
        if (!inFn && (errorCode(error) !== undefined || isDatabaseFault(error))) note(error);
        throw error;
      }
    },
    close: () => inner.close(),
    poolStats: inner.poolStats ? () => inner.poolStats!() : undefined,
  });
  return wrap(db);
}

/**
 * The metrics' own HTTP server: `GET /metrics` answers the text exposition; anything else 404. Resolves once listening.
 */
export function serveMetrics(registry: client.Registry, listen: MetricsListen, log: (entry: Record<string, unknown>) => void): Promise<http.Server> {
  const server = http.createServer((req, res) => {
    const path = (req.url ?? "").split("?")[0];
    if (path !== "/metrics" || (req.method !== "GET" && req.method !== "HEAD")) {
      res.writeHead(404, { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store" }).end("Not found\n");
      return;
    }
    registry.metrics().then(
      (text) => {
        res.writeHead(200, { "Content-Type": registry.contentType, "Cache-Control": "no-store" });
        res.end(req.method === "HEAD" ? undefined : text);
      },
      (error: unknown) => {
        log({ level: "error", msg: "metrics not collected", error: error instanceof Error ? error.message : "unknown" });
        res.writeHead(500, { "Content-Type": "text/plain; charset=utf-8" }).end("metrics not collected\n");
      },
    );
  });
  server.keepAliveTimeout = 65_000;
  return new Promise((resolve, reject) => {
    server.once("error", reject);
    server.listen(listen.port, listen.host, () => {
      server.off("error", reject);
      const address = server.address();
      log({ msg: "metrics listening", host: listen.host, port: typeof address === "object" && address ? address.port : listen.port });
      resolve(server);
    });
  });
}
