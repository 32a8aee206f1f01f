/**
 * Staff commands for transplant centers (PLT-014, CEN-012), registered in registry/cli.ts:
 *   seed-centers                      add or refresh the invented demo centers (never overwrites a real center)
 *   import-centers <file.csv|.json>   import a real list: every row checked, errors name the row; upsert by centerId
 *   list-centers                      print every center
 */
import { readFileSync } from "node:fs";
import path from "node:path";
import { countCenters, listCenterRecords, upsertCenters } from "./data/centers";
import { seedDemoCenters } from "./data/demo-centers";
import { openDb } from "./db/open";
import type { Db } from "./db/types";
import { parseCentersFile } from "./domain/center-import";
import type { RegistryConfig } from "./settings";

type Write = (text: string) => void;

/** seed-centers: answers the report line. */
export async function seedCentersCommand(db: Db, write: Write): Promise<void> {
  const written = await seedDemoCenters(db, { force: true });
  write(`${written} demo centers stored (invented data, marked is_demo); ${await countCenters(db)} centers in all.\n`);
}

/** import-centers <file>: the whole list or nothing; throws naming every problem (row by row). */
export async function importCentersCommand(db: Db, args: string[], write: Write, warn: Write): Promise<void> {
  const file = args[0];
  if (!file) throw new Error("usage: registry import-centers <file.csv|file.json>");
  let text: string;
  try {
    text = readFileSync(file, "utf8");
  } catch (error) {
    throw new Error(`cannot read ${file}: ${(error as NodeJS.ErrnoException).code ?? (error as Error).message}`);
  }
  const result = parseCentersFile(path.basename(file), text);
  for (const w of result.warnings) warn(`warning: ${w}\n`);
  if (result.errors.length) {
    const n = result.errors.length;
    throw new Error(`${result.errors.join("\n")}\n${file}: nothing imported (${n} problem${n > 1 ? "s" : ""})`);
  }
  const written = await db.transaction((tx) => upsertCenters(tx, result.centers, new Date()));
  write(`${written} centers imported from ${file} (added or updated by centerId); ${await countCenters(db)} centers in all.\n`);
}

/** list-centers: one line per center, then a count. */
export async function listCentersCommand(db: Db, write: Write): Promise<void> {
  const centers = await listCenterRecords(db);
  if (centers.length === 0) write("There are no centers. Run seed-centers (demo data) or import-centers <file>.\n");
  for (const c of centers) {
    const tags = [c.isMemberCenter ? "member" : "non-member", ...(c.isDemo ? ["demo"] : [])].join(", ");
    write(`${c.centerId}\t${c.centerName}\t${c.city}, ${c.stateAbbr} ${c.postalCode}\t(${tags})\n`);
  }
  const demo = centers.filter((c) => c.isDemo).length;
  if (centers.length) write(`${centers.length} centers (${centers.filter((c) => c.isMemberCenter).length} members, ${demo} invented demo centers)\n`);
}

/** Runs a command on the configured database. */
function onDb(run: (db: Db, args: string[]) => Promise<void>) {
  return async (config: RegistryConfig, args: string[]): Promise<void> => {
    const db = await openDb({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
    try {
      await run(db, args);
    } finally {
      await db.close();
    }
  };
}

const out: Write = (text) => void process.stdout.write(text);
const err: Write = (text) => void process.stderr.write(text);

export const centerCommands: Record<string, (config: RegistryConfig, args: string[]) => Promise<void>> = {
  "seed-centers": onDb((db) => seedCentersCommand(db, out)),
  "import-centers": onDb((db, args) => importCentersCommand(db, args, out, err)),
  "list-centers": onDb((db) => listCentersCommand(db, out)),
};
