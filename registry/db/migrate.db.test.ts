import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { migrations } from "../migrations/index";
import { ChangedMigrationError, migrationChecksum, runMigrations } from "./migrate";
import { openDb, openDriverDb } from "./open";
import { openFreshPostgres, testDatabases, type TestDb } from "./test-databases";

describe.each(testDatabases())("migrations on $name", (target) => {
  let testDb: TestDb;
  beforeAll(async () => {
    testDb = await target.open();
  });
  afterAll(() => testDb.close());

  it("are applied once, in order, and recorded", async () => {
    const { db } = testDb;
    const rows = await db.query<{ id: string }>("select id from schema_migrations order by id");
    expect(rows.map((r) => r.id)).toEqual(migrations.map((m) => m.id));
    expect(await runMigrations(db)).toEqual([]);
    const applied = await runMigrations(db, [...migrations, { id: "9999_test", sql: "create table t9999 (x int); insert into t9999 values (1);" }]);
    expect(applied).toEqual(["9999_test"]);
    expect(await db.query("select x from t9999")).toEqual([{ x: 1 }]);
  });

  it("record the checksum of each applied migration", async () => {
    const { db } = testDb;
    const rows = await db.query<{ id: string; checksum: string }>("select id, checksum from schema_migrations order by id");
    expect(rows.filter((r) => r.id !== "9999_test")).toEqual(migrations.map((m) => ({ id: m.id, checksum: migrationChecksum(m) })));
  });

  it("refuse a database whose applied migration changed since, applying nothing", async () => {
    const { db } = testDb;
    const edited = migrations.map((m, i) => (i === 2 ? { ...m, sql: `${m.sql}\n-- edited after it shipped` } : m));
    const pending = { id: "9997_after_edit", sql: "create table t9997 (x int);" };
    const refusal = runMigrations(db, [...edited, pending]);
    await expect(refusal).rejects.toThrow(ChangedMigrationError);
    await expect(runMigrations(db, [...edited, pending])).rejects.toThrow(`migration ${migrations[2]!.id} changed after this database applied it`);
    expect(await db.query("select id from schema_migrations where id = '9997_after_edit'")).toEqual([]);
    expect(await runMigrations(db)).toEqual([]);
  });

  it("give rows applied before checksums were recorded their checksum", async () => {
    const { db } = testDb;
    await db.query("update schema_migrations set checksum = null where id = $1", [migrations[0]!.id]);
    expect(await runMigrations(db)).toEqual([]);
    expect(await db.query("select checksum from schema_migrations where id = $1", [migrations[0]!.id])).toEqual([
      { checksum: migrationChecksum(migrations[0]!) },
    ]);
  });

  it("roll back a failing migration entirely", async () => {
    const { db } = testDb;
    const bad = { id: "9998_bad", sql: "create table t9998 (x int); select * from no_such_table;" };
    await expect(runMigrations(db, [...migrations, bad])).rejects.toThrow();
    expect(await db.query("select id from schema_migrations where id = '9998_bad'")).toEqual([]);
    expect(await db.query("select 1 from pg_tables where tablename = 't9998' and schemaname = current_schema()")).toEqual([]);
  });

  it("the test reset empties every table, children first", async () => {
    const { db } = testDb;
    const [{ id }] = (await db.query<{ id: number }>(
      `insert into medical_records (first_name, last_name, birth_date, preferred_language, gender, country, email)
       values ('A', 'B', '1980-01-01', 1, 1, 1, 'a@example.org') returning id`,
    )) as [{ id: number }];
    await db.query("insert into accounts (medical_record_id, registration_date_time) values ($1, now())", [id]);
    await testDb.reset();
    expect(await db.query("select count(*)::int as n from medical_records")).toEqual([{ n: 0 }]);
    expect(await db.query("select count(*)::int as n from accounts")).toEqual([{ n: 0 }]);
    expect(await db.query("select count(*)::int as n from schema_migrations")).toEqual([{ n: migrations.length + 1 }]);
  });
});

const pgUrl = process.env.TEST_DATABASE_URL;
describe.skipIf(!pgUrl)("migrations on one PostgreSQL shared by several registry processes", () => {
  it("are applied once when many open at the same time", async () => {
    const fresh = await openFreshPostgres(pgUrl!);
    try {
      // Clear the migrated schema and let four "processes" race to migrate it.
      await fresh.db.exec(`drop schema ${fresh.schema} cascade; create schema ${fresh.schema};`);
      const dbs = await Promise.all([1, 2, 3, 4].map(() => openDriverDb({ databaseUrl: fresh.url })));
      expect(await dbs[0]!.query("select count(*)::int as n from schema_migrations")).toEqual([{ n: migrations.length }]);
      expect(await dbs[0]!.query("select count(*)::int as n from pg_tables where schemaname = $1", [fresh.schema])).toEqual([{ n: 34 }]); // 21 through 0010, then sms_stops, sms_webhook_seen, message_choices, sign_in_sessions, 0014's six (labs, staff_*), 0015's sign_in_links, 0016's program_stage_notes and 0019's sign_in_challenges
      await Promise.all(dbs.map((d) => d.close()));
    } finally {
      await fresh.close();
    }
  });
});

// A new directory is prepared by a child process (docs/decisions/071), which can take over 30 s on a busy machine.
describe("PGlite on disk", { timeout: 120_000 }, () => {
  const dir = mkdtempSync(path.join(os.tmpdir(), "registry-pglite-"));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it("keeps data under DATA_DIR/pgdata across reopening, sharing one instance per directory", async () => {
    const a = await openDb({ dataDir: dir });
    const b = await openDb({ dataDir: dir });
    await a.query("insert into outbox (channel, to_address, text_body) values ('email', 'a@example.org', 'hello')");
    expect(await b.query("select to_address from outbox")).toEqual([{ to_address: "a@example.org" }]);
    await a.close();
    expect(await b.query("select count(*)::int as n from outbox")).toEqual([{ n: 1 }]);
    await b.close();
    const c = await openDb({ dataDir: dir });
    expect(await c.query("select to_address from outbox")).toEqual([{ to_address: "a@example.org" }]);
    expect(await c.query("select count(*)::int as n from schema_migrations")).toEqual([{ n: migrations.length }]);
    await c.close();
  });
});
