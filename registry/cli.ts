/**
 * Registry commands: `npx tsx registry/cli.ts <command>` (or `npm run registry -- <command>`).
 *   serve    the registry alone over HTTP on REGISTRY_PORT (default 4000)
 *   migrate  apply pending migrations and exit
 *   outbox   print the outbox, newest first
 * Environment: see registrySettingsFromEnv in registry/settings.ts.
 */
import { createServer } from "node:http";
import { migrations } from "./migrations/index";
import { runMigrations } from "./db/migrate";
import { openDb, openDriverDb } from "./db/open";
import { createRegistryHandler } from "./handler";
import { toNodeListener } from "./http-node";
import { listOutbox } from "./outbox/outbox";
import { registrySettingsFromEnv, type RegistryConfig } from "./settings";

const log = (entry: Record<string, unknown>) => process.stderr.write(JSON.stringify({ time: new Date().toISOString(), ...entry }) + "\n");

async function open(config: RegistryConfig) {
  return openDb({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
}

async function serve(config: RegistryConfig): Promise<void> {
  const db = await open(config);
  const server = createServer(toNodeListener(createRegistryHandler({ db, settings: config.settings, log })));
  server.listen(config.port, () => {
    log({ level: "info", event: "registry.listening", port: config.port, database: config.databaseUrl ? "postgres" : "pglite", demoMode: config.settings.demoMode });
    if (config.settings.demoMode && config.secretsFile) {
      // DECISIONS D5: in demo mode the lab staff key is generated on first start and printed in the server log.
      log({ level: "info", event: "registry.demo-secrets", secretsFile: config.secretsFile, labStaffKey: config.settings.labStaffKey });
    }
  });
  const stop = () => {
    server.close(() => void db.close().then(() => process.exit(0)));
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

const commands: Record<string, (config: RegistryConfig) => Promise<void>> = { serve, migrate, outbox };

async function main(): Promise<void> {
  const name = process.argv[2] ?? "";
  const command = commands[name];
  if (!command) {
    process.stderr.write(`usage: registry <${Object.keys(commands).join("|")}>\n`);
    process.exit(2);
  }
  await command(registrySettingsFromEnv(process.env));
}

main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
});
