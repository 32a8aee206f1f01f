/**
 * The short-lived child process that creates the database of a new PGlite data directory (docs/decisions/071),
 * started by `prepareInChild` (registry/db/pglite.ts): `pglite-child <dir> [--demo-data]` runs initdb, the
 * migrations and, with --demo-data, stores the demo centers (CEN-012), then prints what it did as one JSON
 * line ({ migrations, demoCenters }) and exits. An error is its last stderr line and exit code 1.
 */
import { seedDemoCenters } from "../data/demo-centers";
import { runMigrations } from "./migrate";
import { PRIVATE_UMASK } from "./data-dir";
import { openPgliteHere } from "./pglite";

// docs/decisions/084: the directories of the new database are this user's alone (its files are made so by the parent).
process.umask(PRIVATE_UMASK);

async function main([dir, ...flags]: string[]): Promise<void> {
  if (!dir) throw new Error("usage: pglite-child <data directory> [--demo-data]");
  const db = await openPgliteHere(dir);
  try {
    const migrations = await runMigrations(db);
    const demoCenters = flags.includes("--demo-data") ? await seedDemoCenters(db) : 0;
    process.stdout.write(`${JSON.stringify({ migrations, demoCenters })}\n`);
  } finally {
    await db.close();
  }
}

main(process.argv.slice(2)).catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`.replace(/\n(?=.)/g, " "));
  process.exitCode = 1;
});
