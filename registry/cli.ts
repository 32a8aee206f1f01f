/**
 * Registry commands: `npx tsx registry/cli.ts <command>` (or `npm run registry -- <command>`).
 *   serve    the registry alone over HTTP on REGISTRY_HOST:REGISTRY_PORT (default 127.0.0.1:4000)
 *   migrate  apply pending migrations and exit
 *   outbox   print the outbox, newest first
 *   create-invite --first-name A --last-name B --email x@y [--lang en|es]
 *            create an immune-tolerance invite, queue its email and print the link
 *   seed-centers, import-centers <file.csv|file.json>, list-centers   transplant centers (registry/cli-centers.ts)
 *   approve-labs --order N|--screening N|--all, attach-lab-results <requisition> <file.pdf>, list-lab-orders,
 *            record-lab-values <requisition> <file.csv|file.json>, add-lab --name "…"
 *            lab orders (registry/commands/cli-labs.ts)
 *   create-admin --email x@y --name "A B" [--lang en|es]
 *            create (or restore) a staff administrator and print their one-time setup link (docs/decisions/126)
 *   export-consent <medicalRecordId> <out.pdf>   write a record's signed immune-tolerance consent (PDF) to a new file
 *   prune-audit [--years N]   delete audit rows older than N years (default and least 6; docs/operations.md)
 *   list-referrals, referral-status, program-stage   center and program staff steps (registry/commands/cli-staff.ts)
 *   sms-inbound --from <E.164> --text <message> [--url <webhook>]   post a signed inbound text (STOP, START, HELP)
 * Environment: see registrySettingsFromEnv in registry/settings.ts.
 */
import { createServer } from "node:http";
import { parseArgs } from "node:util";
import { labCommands } from "./commands/cli-labs";
import { staffCommands } from "./commands/cli-staff";
import { createAdminCommands, ensureDemoAdministrator } from "./commands/create-admin";
import { createInvite } from "./commands/create-invite";
import { exportConsent } from "./commands/export-consent";
import { smsInboundCommand } from "./commands/sms-inbound";
import { AUDIT_RETENTION_YEARS, pruneAudit } from "./commands/prune-audit";
import { centerCommands } from "./cli-centers";
import { seedDemoCenters } from "./data/demo-centers";
import { migrations } from "./migrations/index";
import { runMigrations } from "./db/migrate";
import { checkDataDir, PRIVATE_UMASK } from "./db/data-dir";
import { describeThisProcess } from "./db/data-dir-lock";
import { openDb, openDriverDb } from "./db/open";
import { createRegistryHandler } from "./handler";
import { startLabApprovalSweep } from "./areas/labs-approval";
import { toNodeListener } from "./http-node";
import { listOutbox } from "./outbox/outbox";
import { startOutboxWorker } from "./outbox/worker";
import { checkServeConfig, registrySettingsFromEnv, type RegistryConfig } from "./settings";
import { DEFAULT_HASH_QUEUE, DEFAULT_HASH_WORKERS, ScryptPool } from "./domain/scrypt-pool";
import { countDbErrors, createMetricsRegistry, registerRegistryMetrics, serveMetrics, type RegistryMetrics } from "./metrics";
import { metricsListen } from "./metrics-settings";

const log = (entry: Record<string, unknown>) => process.stderr.write(JSON.stringify({ time: new Date().toISOString(), ...entry }) + "\n");

async function open(config: RegistryConfig) {
  return openDb({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
}

async function serve(config: RegistryConfig): Promise<void> {
  checkServeConfig(config);
  // docs/decisions/131: METRICS_PORT set, Prometheus metrics on a server of their own (127.0.0.1 by default).
  const metricsAt = metricsListen(process.env, config.port);
  const demoMode = config.settings.demoMode;
  // A new PGlite data directory is created, migrated and (demo mode) seeded in a child process (docs/decisions/071).
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
  const metrics = metricsAt ? createMetricsRegistry() : undefined;
  let registryMetrics: RegistryMetrics | undefined;
  const db = metrics ? countDbErrors(opened, (error) => registryMetrics?.dbError(error)) : opened;
  if (metrics) registryMetrics = registerRegistryMetrics(metrics, { db, scryptPool });
  // CEN-012: a demo registry starts with the invented demo centers when it has no center.
  if (demoMode) {
    seeded ||= await seedDemoCenters(db);
    if (seeded) log({ level: "info", event: "registry.demo-centers", seeded });
    // docs/decisions/126: a demo registry without an administrator gets one; the link is in the demo outbox.
    await ensureDemoAdministrator(db, config.settings, log);
  }
  // docs/decisions/085: the browser's address, user agent and request id are taken only from a portal with the key.
  const server = createServer(
    toNodeListener(createRegistryHandler({ db, settings: config.settings, log, scryptPool }), { portalKey: config.portalKey }),
  );
  const worker = startOutboxWorker(db, config, log, { observe: registryMetrics?.outboxBatch });
  const metricsServer = metrics && metricsAt ? await serveMetrics(metrics, metricsAt, log) : undefined;
  // LAB-002: lab orders approved automatically after LAB_APPROVAL_DELAY minutes (nothing runs for 0 or never).
  const labSweep = startLabApprovalSweep(db, config.settings, log);
  server.listen(config.port, config.host, () => {
    log({
      level: "info",
      event: "registry.listening",
      host: config.host,
      port: config.port,
      // Without REGISTRY_PORTAL_KEY (outside production) every caller is counted by its socket's address.
      portalKey: config.portalKey ? "set" : "unset: X-Client-Address ignored",
      database: config.databaseUrl ? "postgres" : "pglite",
      demoMode: config.settings.demoMode,
    });
    if (config.settings.demoMode && config.secretsFile) {
      // LAB-006: in demo mode the lab staff key is generated on first start and printed in the server log.
      log({ level: "info", event: "registry.demo-secrets", secretsFile: config.secretsFile, labStaffKey: config.settings.labStaffKey });
    }
  });
  const stop = () => {
    labSweep.stop();
    metricsServer?.close();
    server.close(
      () =>
        void worker
          .stop()
          .then(() => db.close())
          .then(() => process.exit(0)),
    );
    setTimeout(() => process.exit(0), 5000).unref();
  };
  process.once("SIGINT", stop);
  process.once("SIGTERM", stop);
}

async function migrate(config: RegistryConfig): Promise<void> {
  const db = await openDriverDb({ databaseUrl: config.databaseUrl, dataDir: config.dataDir, migrate: false });
  try {
    const applied = await runMigrations(db);
    for (const id of applied) process.stdout.write(`applied ${id}\n`);
    process.stdout.write(`schema up to date (${migrations.length} migrations, last ${migrations.at(-1)?.id ?? "none"})\n`);
  } finally {
    await db.close();
  }
}

async function outbox(config: RegistryConfig): Promise<void> {
  const db = await open(config);
  const entries = await listOutbox(db);
  if (entries.length === 0) process.stdout.write("The outbox is empty.\n");
  for (const m of entries) {
    // The body of a message sent or given up on is not kept (docs/decisions/084).
    const text = m.text || "(not kept: the message was sent or given up on)";
    process.stdout.write(`--- ${m.createdAt}  ${m.channel}  to ${m.to}\n${m.subject ? `Subject: ${m.subject}\n` : ""}\n${text}\n\n`);
  }
  await db.close();
}

async function createInviteCommand(config: RegistryConfig, args: string[]): Promise<void> {
  const { values } = parseArgs({
    args,
    options: { "first-name": { type: "string" }, "last-name": { type: "string" }, email: { type: "string" }, lang: { type: "string" } },
    strict: true,
  });
  if (values.lang !== undefined && values.lang !== "en" && values.lang !== "es") throw new Error("--lang must be en or es");
  const db = await open(config);
  try {
    const invite = await createInvite(db, config.settings, {
      firstName: values["first-name"] ?? "",
      lastName: values["last-name"] ?? "",
      email: values.email ?? "",
      lang: values.lang,
    });
    process.stdout.write(
      `invite ${invite.id} created, valid until ${invite.expiresAt.toISOString()}; the invitation email is queued.\n${invite.link}\n`,
    );
  } finally {
    await db.close();
  }
}

async function exportConsentCommand(config: RegistryConfig, args: string[]): Promise<void> {
  if (args.length !== 2) throw new Error("usage: export-consent <medicalRecordId> <out.pdf>");
  const db = await open(config);
  try {
    const done = await exportConsent(db, args[0]!, args[1]!);
    process.stdout.write(
      `signed consent of medical record ${done.medicalRecordId} (signed ${done.signedAt.toISOString()}) written to ${args[1]} (${done.bytes} bytes)\n`,
    );
  } finally {
    await db.close();
  }
}

/** docs/decisions/085: `prune-audit [--years N]` deletes audit rows older than N years (default and least 6). */
async function pruneAuditCommand(config: RegistryConfig, args: string[]): Promise<void> {
  const { values } = parseArgs({ args, options: { years: { type: "string" } }, strict: true });
  const years = values.years === undefined ? AUDIT_RETENTION_YEARS : /^\d{1,3}$/.test(values.years) ? Number(values.years) : NaN;
  const db = await open(config);
  try {
    const done = await pruneAudit(db, years);
    process.stdout.write(`${done.deleted} audit rows from before ${done.before.toISOString()} deleted\n`);
  } finally {
    await db.close();
  }
}

const commands: Record<string, (config: RegistryConfig, args: string[]) => Promise<void>> = {
  serve,
  migrate,
  outbox,
  "create-invite": createInviteCommand,
  "export-consent": exportConsentCommand,
  "prune-audit": pruneAuditCommand,
  "sms-inbound": (config, args) => smsInboundCommand(config, args),
  ...centerCommands,
  ...labCommands,
  ...staffCommands,
  ...createAdminCommands,
};

async function main(): Promise<void> {
  const name = process.argv[2] ?? "";
  const command = commands[name];
  if (!command) {
    process.stderr.write(`usage: registry <${Object.keys(commands).join("|")}>\n`);
    process.exit(2);
  }
  // docs/decisions/084: what the registry creates (DATA_DIR, the database, secrets) is this user's alone, and a
  // DATA_DIR (or its database) open to other users stops every command with one line.
  process.umask(PRIVATE_UMASK);
  // `registry list-centers | head`: a reader that stops early closes the pipe. What is left to print is dropped
  // without a word, the command finishes (its database closed) and exits 0, as `ls | head` does.
  process.stdout.on("error", (error: NodeJS.ErrnoException) => {
    if (error.code === "EPIPE" || error.code === "ERR_STREAM_DESTROYED") return;
    process.stderr.write(`cannot write the output: ${error.code ?? error.message}\n`);
    process.exitCode = 1;
  });
  const config = registrySettingsFromEnv(process.env);
  checkDataDir(config.dataDir);
  // docs/decisions/094: what this process is, for the PGlite data directory's lock and the line refusing it.
  describeThisProcess(name === "serve" ? { program: "registry serve", port: config.port } : { program: "command", command: name });
  await command(config, process.argv.slice(3));
}

main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
});
