// Requirement PLT-018: the registry in the portal's process (or REGISTRY_URL), on PGlite unless DATABASE_URL names a server.
import type { Settings } from "../config/settings";
import { PORTAL_KEY_HEADER } from "../registry/contract/forwarded";
import { ensureDemoAdministrator } from "../registry/commands/create-admin";
import { seedDemoCenters } from "../registry/data/demo-centers";
import { openDb } from "../registry/db";
import { createRegistryHandler } from "../registry/handler";
import { DEFAULT_HASH_QUEUE, DEFAULT_HASH_WORKERS, ScryptPool } from "../registry/domain/scrypt-pool";
import { startOutboxWorker } from "../registry/outbox/worker";
import { startLabApprovalSweep } from "../registry/areas/labs-approval";
import { registrySettingsFromEnv } from "../registry/settings";
import { countDbErrors, registerRegistryMetrics, type RegistryMetrics } from "../registry/metrics";
import type { Registry as MetricsRegistry } from "prom-client";
import type { Log } from "./logger";
import { parkFor } from "./in-flight";

export type RegistryRuntime = {
  fetch: (request: Request) => Promise<Response>;
  baseUrl: string;
  close: () => Promise<void>;
};

/**
 * The registry the portal talks to: over HTTP when REGISTRY_URL is set, otherwise the reference registry
 * inside this process (its settings read by the registry's own settings module), called through its fetch
 * handler with no socket: no network reaches that function, so the browser's details it forwards need no key
 * (docs/decisions/085).
 */
export async function startRegistry(
  settings: Settings,
  log: Log,
  env: Record<string, string | undefined> = process.env,
  /** METRICS_PORT's registry: the in-process registry adds its series (docs/decisions/131). */
  metrics?: MetricsRegistry,
): Promise<RegistryRuntime> {
  if (settings.registryUrl) {
    // docs/decisions/085: the key that makes the registry trust the browser's address, user agent and request id.
    const key = settings.registryPortalKey;
    const remote = (request: Request) => {
      if (key) request.headers.set(PORTAL_KEY_HEADER, key);
      return fetch(request);
    };
    return { fetch: remote, baseUrl: settings.registryUrl, close: async () => {} };
  }
  const config = registrySettingsFromEnv({ ...env, DATA_DIR: settings.dataDir, PUBLIC_URL: settings.publicUrl });
  const demoMode = config.settings.demoMode;
  // A new PGlite data directory is created, migrated and (demo mode) given the demo centers in a child process,
  // so that this work's memory does not stay in the server (docs/decisions/071).
  let seeded = 0;
  const opened = await openDb({
    databaseUrl: config.databaseUrl,
    dataDir: config.dataDir,
    demoData: demoMode,
    onPrepared: (p) => (seeded = p.demoCenters),
    // PostgreSQL's connection, statement and idle-transaction limits (docs/decisions/086).
    timeouts: config.databaseTimeouts,
  });
  // Password hashing in its own worker threads, bounded (docs/decisions/020).
  const scryptPool = new ScryptPool(config.settings.passwordHashing ?? { workers: DEFAULT_HASH_WORKERS, queue: DEFAULT_HASH_QUEUE });
  // docs/decisions/131: with METRICS_PORT, every failed database call is counted, and the pool, outbox and database read.
  let registryMetrics: RegistryMetrics | undefined;
  const db = metrics ? countDbErrors(opened, (error) => registryMetrics?.dbError(error)) : opened;
  if (metrics) registryMetrics = registerRegistryMetrics(metrics, { db, scryptPool });
  // docs/decisions/134: a refusal's delay (REFUSAL_DELAY_MS) is waited outside the portal's admission count.
  const handler = createRegistryHandler({ db, settings: config.settings, log, scryptPool, pause: parkFor });
  log({ msg: "registry in process", database: config.databaseUrl ? "postgresql" : "pglite" });
  if (demoMode) {
    // LAB-006: in demo mode the lab staff key is generated on first start and printed in the server log.
    log({ msg: "demo lab staff key (for /update-labs)", labStaffKey: config.settings.labStaffKey });
    // CEN-012: a demo registry starts with the invented demo centers when it has no center.
    seeded ||= await seedDemoCenters(db);
    if (seeded) log({ msg: "demo transplant centers stored (invented data)", seeded });
    // docs/decisions/126: without an administrator, a demo one; its setup link is in the demo outbox (never logged).
    await ensureDemoAdministrator(db, config.settings, log);
  }
  // PLT-015: email and text messages leave through the outbox worker (held in the outbox in demo mode).
  const worker = startOutboxWorker(db, config, log, { observe: registryMetrics?.outboxBatch });
  // LAB-002: lab orders waiting longer than LAB_APPROVAL_DELAY are approved by a periodic sweep.
  const labSweep = startLabApprovalSweep(db, config.settings, log);
  return {
    fetch: handler,
    baseUrl: "http://registry.internal",
    close: async () => {
      labSweep.stop();
      await worker.stop();
      await scryptPool.close();
      await db.close();
    },
  };
}
