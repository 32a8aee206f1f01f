import { createHash, randomBytes } from "node:crypto";
import { readdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { migrations } from "../migrations/index";
import { runMigrations } from "./migrate";
import { openDriverDb } from "./open";
import { dumpPglite, openPglite } from "./pglite";
import type { DriverDb } from "./types";

/** A database for a test file: opened once, emptied between tests, dropped at the end. Identities are not restarted. */
export type TestDb = { db: DriverDb; reset(): Promise<void>; close(): Promise<void> };
export type TestDbTarget = { name: "pglite" | "postgres"; open(): Promise<TestDb> };

/** PGlite in memory always; PostgreSQL too when TEST_DATABASE_URL is set (a fresh schema per test file). */
export function testDatabases(env: Record<string, string | undefined> = process.env): TestDbTarget[] {
  const targets: TestDbTarget[] = [{ name: "pglite", open: () => withReset(openMigratedPglite()) }];
  const url = env.TEST_DATABASE_URL;
  if (url) targets.push({ name: "postgres", open: () => openFreshPostgres(url) });
  return targets;
}

/**
 * An in-memory PGlite with the current migrations, started from a dump kept in the temp directory (keyed by the
 * PGlite build and the migrations): PGlite's own initdb costs seconds of CPU per test file, loading a dump about one.
 * Any problem with the dump falls back to a fresh instance.
 */
async function openMigratedPglite(): Promise<DriverDb> {
  const file = path.join(os.tmpdir(), `registry-test-pglite-${migratedDumpKey()}.tar`);
  let dump: Blob | undefined;
  try {
    dump = new Blob([readFileSync(file)]);
  } catch {
    dump = undefined;
  }
  if (dump) {
    try {
      const db = await openPglite({ memory: true, loadDataDir: dump });
      await runMigrations(db);
      return db;
    } catch {
      rmSync(file, { force: true });
    }
  }
  try {
    const fresh = await dumpPglite(async (db) => void (await runMigrations(db)));
    const tmp = `${file}.${process.pid}.${randomBytes(4).toString("hex")}`;
    writeFileSync(tmp, Buffer.from(await fresh.arrayBuffer()));
    renameSync(tmp, file);
    // Dumps of earlier migrations are not needed any more.
    for (const name of readdirSync(os.tmpdir())) {
      if (/^registry-test-pglite-[0-9a-f]{16}\.tar$/.test(name) && name !== path.basename(file))
        rmSync(path.join(os.tmpdir(), name), { force: true });
    }
    return await openPglite({ memory: true, loadDataDir: fresh });
  } catch {
    return openDriverDb({ memory: true });
  }
}

let dumpKey: string | undefined;
function migratedDumpKey(): string {
  if (dumpKey) return dumpKey;
  const pgliteEntry = createRequire(import.meta.url).resolve("@electric-sql/pglite");
  const built = statSync(pgliteEntry);
  dumpKey = createHash("sha256")
    .update(JSON.stringify({ pglite: [pgliteEntry, built.size, built.mtimeMs], migrations }))
    .digest("hex")
    .slice(0, 16);
  return dumpKey;
}

async function withReset(opening: Promise<DriverDb>, drop?: () => Promise<void>): Promise<TestDb> {
  const db = await opening;
  return {
    db,
    reset: () => emptyTables(db),
    close: async () => {
      await db.close();
      await drop?.();
    },
  };
}

/**
 * Empties every table except schema_migrations (and the seeded lab), referencing tables first, in one script (one transaction).
 * `delete` rather than `truncate`: on a PostgreSQL server truncate costs a file sync per table (~170 ms a reset).
 */
export async function emptyTables(db: DriverDb): Promise<void> {
  const tables = await db.query<{ name: string; refs: string[] | null }>(
    `select t.tablename as name,
            (select array_agg(distinct r.relname::text) from pg_constraint c
               join pg_class f on f.oid = c.conrelid join pg_class r on r.oid = c.confrelid
              where c.contype = 'f' and f.relname = t.tablename and r.relname <> t.tablename) as refs
       from pg_tables t where t.schemaname = current_schema() and t.tablename <> 'schema_migrations'`,
  );
  const order: string[] = [];
  const pending = new Map(tables.map((t) => [t.name, new Set(t.refs ?? [])]));
  // A table is emptied once nothing still pending references it.
  while (pending.size) {
    const next = [...pending.keys()].find((name) => ![...pending.values()].some((refs) => refs.has(name)));
    if (!next) throw new Error("circular foreign keys");
    order.push(next);
    pending.delete(next);
    for (const refs of pending.values()) refs.delete(next);
  }
  // The lab the migration seeds (0014: "Registry laboratory", the lowest id) stays, as a fresh database has it.
  const empty = (name: string) =>
    name === "labs" ? `delete from labs where id > (select min(id) from labs);` : `delete from "${name.replace(/"/g, '""')}";`;
  if (order.length) await db.exec(order.map(empty).join("\n"));
}

/**
 * A fresh schema `registry_test_<random>` on the server of `url`, used through search_path, migrated, and dropped on
 * close. (A schema rather than a database: DROP DATABASE forces a checkpoint that stalls parallel test files.)
 */
export async function openFreshPostgres(url: string): Promise<TestDb & { url: string; schema: string }> {
  const schema = `registry_test_${process.pid}_${randomBytes(4).toString("hex")}`;
  const admin = async (sql: string) => {
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    try {
      await client.query(sql);
    } finally {
      await client.end();
    }
  };
  await admin(`create schema ${schema}`);
  const scoped = new URL(url);
  // Test schemas are thrown away: commits need not wait for the disk.
  scoped.searchParams.set("options", `-c search_path=${schema} -c synchronous_commit=off`);
  const testDb = await withReset(openDriverDb({ databaseUrl: scoped.toString() }), () => admin(`drop schema if exists ${schema} cascade`));
  return { ...testDb, url: scoped.toString(), schema };
}
