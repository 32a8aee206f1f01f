import { randomBytes } from "node:crypto";
import pg from "pg";
import { openDriverDb } from "./open";
import type { DriverDb } from "./types";

/** A database for a test file: opened once, emptied between tests, dropped at the end. */
export type TestDb = { db: DriverDb; reset(): Promise<void>; close(): Promise<void> };
export type TestDbTarget = { name: "pglite" | "postgres"; open(): Promise<TestDb> };

/** PGlite in memory always; PostgreSQL too when TEST_DATABASE_URL is set (a fresh database per test file). */
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
    reset: () => truncateAll(db),
    close: async () => {
      await db.close();
      await drop?.();
    },
  };
}

/** Empties every table except schema_migrations and restarts identities. */
export async function truncateAll(db: DriverDb): Promise<void> {
  const tables = await db.query<{ name: string }>(
    "select quote_ident(tablename) as name from pg_tables where schemaname = current_schema() and tablename <> 'schema_migrations'",
  );
  if (tables.length) await db.exec(`truncate table ${tables.map((t) => t.name).join(", ")} restart identity cascade`);
}

/** Creates `registry_test_<random>` on the server of `adminUrl`, opens (and migrates) it, and drops it on close. */
export async function openFreshPostgres(adminUrl: string): Promise<TestDb> {
  const name = `registry_test_${process.pid}_${randomBytes(4).toString("hex")}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    await admin.query(`create database ${name}`);
  } finally {
    await admin.end();
  }
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return withReset(openDriverDb({ databaseUrl: url.toString() }), async () => {
    const dropper = new pg.Client({ connectionString: adminUrl });
    await dropper.connect();
    try {
      await dropper.query(`drop database if exists ${name} with (force)`);
    } finally {
      await dropper.end();
    }
  });
}
