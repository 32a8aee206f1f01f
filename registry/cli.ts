/**
 * Registry commands: `npx tsx registry/cli.ts <command>` (or `npm run registry -- <command>`).
 *   serve    the registry alone over HTTP on REGISTRY_PORT (default 4000)
 *   migrate  apply pending migrations and exit
 *   outbox   print the outbox, newest first
 *   create-invite --first-name A --last-name B --email x@y [--lang en|es]
 *            create an immune-tolerance invite, queue its email and print the link
 *   seed-centers, import-centers <file.csv|file.json>, list-centers   transplant centers (registry/cli-centers.ts)
 *   approve-labs --order N|--screening N|--all, attach-lab-results <requisition> <file.pdf>, list-lab-orders,
 *            record-lab-values <requisition> <file.csv|file.json>
 *            lab orders (registry/commands/cli-labs.ts)
 *   export-consent <medicalRecordId> <out.pdf>   write a record's signed immune-tolerance consent (PDF) to a new file
 *   list-referrals, referral-status, program-stage   center and program staff steps (registry/commands/cli-staff.ts)
 * Environment: see registrySettingsFromEnv in registry/settings.ts.
 */
import { createServer } from "node:http";
import { parseArgs } from "node:util";
import { labCommands } from "./commands/cli-labs";
import { staffCommands } from "./commands/cli-staff";
import { createInvite } from "./commands/create-invite";
import { exportConsent } from "./commands/export-consent";
import { centerCommands } from "./cli-centers";
import { seedDemoCenters } from "./data/demo-centers";
import { migrations } from "./migrations/index";
import { runMigrations } from "./db/migrate";
import { openDb, openDriverDb } from "./db/open";
import { createRegistryHandler } from "./handler";
import { startLabApprovalSweep } from "./areas/labs-approval";
import { toNodeListener } from "./http-node";
import { listOutbox } from "./outbox/outbox";
import { startOutboxWorker } from "./outbox/worker";
import { registrySettingsFromEnv, type RegistryConfig } from "./settings";

const log = (entry: Record<string, unknown>) => process.stderr.write(JSON.stringify({ time: new Date().toISOString(), ...entry }) + "\n");

async function open(config: RegistryConfig) {
  return openDb({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
}

async function serve(config: RegistryConfig): Promise<void> {
  const demoMode = config.settings.demoMode;
  // A new PGlite data directory is created, migrated and (demo mode) seeded in a child process (docs/decisions/071).
  let seeded = 0;
  const db = await openDb({
    databaseUrl: config.databaseUrl,
    dataDir: config.dataDir,
    demoData: demoMode,
    onPrepared: (p) => (seeded = p.demoCenters),
  });
  // CEN-012: a demo registry starts with the invented demo centers when it has no center.
  if (demoMode) {
    seeded ||= await seedDemoCenters(db);
    if (seeded) log({ level: "info", event: "registry.demo-centers", seeded });
  }
  const server = createServer(toNodeListener(createRegistryHandler({ db, settings: config.settings, log })));
  const worker = startOutboxWorker(db, config, log);
  // LAB-002: lab orders approved automatically after LAB_APPROVAL_DELAY minutes (nothing runs for 0 or never).
  const labSweep = startLabApprovalSweep(db, config.settings, log);
  server.listen(config.port, () => {
    log({
      level: "info",
      event: "registry.listening",
      port: config.port,
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
    process.stdout.write(`--- ${m.createdAt}  ${m.channel}  to ${m.to}\n${m.subject ? `Subject: ${m.subject}\n` : ""}\n${m.text}\n\n`);
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

const commands: Record<string, (config: RegistryConfig, args: string[]) => Promise<void>> = {
  serve,
  migrate,
  outbox,
  "create-invite": createInviteCommand,
  "export-consent": exportConsentCommand,
  ...centerCommands,
  ...labCommands,
  ...staffCommands,
};

async function main(): Promise<void> {
  const name = process.argv[2] ?? "";
  const command = commands[name];
  if (!command) {
    process.stderr.write(`usage: registry <${Object.keys(commands).join("|")}>\n`);
    process.exit(2);
  }
  await command(registrySettingsFromEnv(process.env), process.argv.slice(3));
}

main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
});
