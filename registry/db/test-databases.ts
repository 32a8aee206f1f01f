import { randomBytes } from "node:crypto";
import pg from "pg";
import { openDriverDb } from "./open";
import type { DriverDb } from "./types";

/** A database for a test file: opened once, emptied between tests, dropped at the end. Identities are not restarted. */
export type TestDb = { db: DriverDb; reset(): Promise<void>; close(): Promise<void> };
export type TestDbTarget = { name: "pglite" | "postgres"; open(): Promise<TestDb> };

/** PGlite in memory always; PostgreSQL too when TEST_DATABASE_URL is set (a fresh schema per test file). */
export function testDatabases(env: Record<string, string | undefined> = process.env): TestDbTarget[] {
  const targets: TestDbTarget[] = [{ name: "pglite", open: () => withReset(openDriverDb({ memory: true })) }];
  const url = env.TEST_DATABASE_URL;
  if (url) targets.push({ name: "postgres", open: () => openFreshPostgres(url) });
  return targets;
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
 * Empties every table except schema_migrations, referencing tables first, in one script (one transaction).
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
  if (order.length) await db.exec(order.map((name) => `delete from "${name.replace(/"/g, '""')}";`).join("\n"));
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
  scoped.searchParams.set("options", `-c search_path=${schema}`);
  const testDb = await withReset(openDriverDb({ databaseUrl: scoped.toString() }), () => admin(`drop schema if exists ${schema} cascade`));
  return { ...testDb, url: scoped.toString(), schema };
}
