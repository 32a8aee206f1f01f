import { spawnSync } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { demoCenters } from "../data/demo-centers";
import { migrations } from "../migrations/index";
import { openDb, openDriverDb } from "./open";
import { pgliteChildArgs, prepareInChild, type PreparedPglite } from "./pglite";

// A new PGlite data directory is created, migrated and seeded in a child process (docs/decisions/071).
describe("a new PGlite data directory", { timeout: 120_000 }, () => {
  const root = mkdtempSync(path.join(os.tmpdir(), "registry-pglite-new-"));
  afterAll(() => rmSync(root, { recursive: true, force: true }));
  let n = 0;
  const newDataDir = () => path.join(root, `data-${(n += 1)}`);
  const leftovers = (dataDir: string) => (existsSync(dataDir) ? readdirSync(dataDir).filter((f) => f.startsWith("pgdata.new-")) : []);

  it("is prepared by the child with the migrated schema and the demo centers, which the server then finds", async () => {
    const dataDir = newDataDir();
    const told: PreparedPglite[] = [];
    const db = await openDb({ dataDir, demoData: true, onPrepared: (p) => told.push(p) });
    await db.close();
    expect(told).toEqual([{ migrations: migrations.map((m) => m.id), demoCenters: demoCenters().length }]);
    expect(leftovers(dataDir)).toEqual([]);

    // Opened again without migrating: what is there is what the child left.
    const again = await openDriverDb({ dataDir, demoData: true, onPrepared: (p) => told.push(p), migrate: false });
    try {
      expect((await again.query<{ id: string }>("select id from schema_migrations order by id")).map((r) => r.id)).toEqual(
        migrations.map((m) => m.id),
      );
      const centers = await again.query<{ id: number; name: string; is_demo: boolean }>(
        "select center_id as id, center_name as name, is_demo from transplant_centers order by center_id",
      );
      const expected = demoCenters().map((c) => ({ id: c.centerId, name: c.centerName, is_demo: true }));
      expect(centers).toEqual(expected.sort((a, b) => a.id - b.id));
      await again.query("insert into outbox (channel, to_address, text_body) values ('email', 'a@example.org', 'hello')");
      expect(await again.query("select to_address from outbox")).toEqual([{ to_address: "a@example.org" }]);
    } finally {
      await again.close();
    }
    expect(told).toHaveLength(1);
  });

  it("removes what an interrupted first start left behind, and keeps the work of a process still running", async () => {
    const dataDir = newDataDir();
    const abandoned = path.join(dataDir, "pgdata.new-2147483646");
    const running = path.join(dataDir, `pgdata.new-${process.ppid}`);
    for (const dir of [abandoned, running]) {
      mkdirSync(dir, { recursive: true, mode: 0o700 });
      writeFileSync(path.join(dir, "PG_VERSION"), "17\n");
    }
    const db = await openDb({ dataDir });
    await db.close();
    expect(readdirSync(dataDir).sort()).toEqual(["pgdata", `pgdata.new-${process.ppid}`]);
  });

  it("has no demo centers unless asked for them (staff commands on a new directory)", async () => {
    const dataDir = newDataDir();
    const prepared = await prepareInChild(path.join(dataDir, "pgdata"));
    expect(prepared).toEqual({ migrations: migrations.map((m) => m.id), demoCenters: 0 });
    const db = await openDriverDb({ dataDir, migrate: false });
    try {
      expect(await db.query("select count(*)::int as n from schema_migrations")).toEqual([{ n: migrations.length }]);
      expect(await db.query("select count(*)::int as n from transplant_centers")).toEqual([{ n: 0 }]);
    } finally {
      await db.close();
    }
  });

  it("is not created when the child fails: the error carries the child's last line, and the next start tries again", async () => {
    const dataDir = newDataDir();
    const failing = path.join(root, "failing-child.mjs");
    writeFileSync(failing, 'process.stderr.write("applying 0003_screening_centers\\nrelation \\"x\\" does not exist\\n"); process.exit(1);\n');
    const pgdata = path.join(dataDir, "pgdata");
    mkdirSync(dataDir, { recursive: true, mode: 0o700 });
    await expect(prepareInChild(pgdata, { demoData: true }, [failing])).rejects.toThrow(
      'creating the PGlite database in a child process failed (exit 1): relation "x" does not exist',
    );
    expect(existsSync(pgdata)).toBe(false);
    expect(leftovers(dataDir)).toEqual([]);

    const db = await openDb({ dataDir });
    expect(await db.query("select count(*)::int as n from schema_migrations")).toEqual([{ n: migrations.length }]);
    await db.close();
  });

  it("names what went wrong when the child cannot start (a build without its child file)", async () => {
    const dataDir = newDataDir();
    const missing = path.join(root, "no-such-build", "pglite-child.js");
    await expect(prepareInChild(path.join(dataDir, "pgdata"), {}, [missing])).rejects.toThrow(
      `creating the PGlite database in a child process failed (exit 1): Error: Cannot find module '${missing}'`,
    );
    expect(existsSync(path.join(dataDir, "pgdata"))).toBe(false);
  });

  it("is not created when the child exits without a database", async () => {
    const dataDir = newDataDir();
    const silent = path.join(root, "silent-child.mjs");
    writeFileSync(silent, "process.exit(0);\n");
    mkdirSync(dataDir, { recursive: true, mode: 0o700 });
    await expect(prepareInChild(path.join(dataDir, "pgdata"), {}, [silent])).rejects.toThrow("it exited without a database");
    expect(existsSync(path.join(dataDir, "pgdata"))).toBe(false);
  });

  it("refuses a pgdata folder that holds files but no database, and leaves it as it was", async () => {
    const dataDir = newDataDir();
    mkdirSync(path.join(dataDir, "pgdata"), { recursive: true, mode: 0o700 });
    writeFileSync(path.join(dataDir, "pgdata", "notes.txt"), "not a database");
    await expect(openDb({ dataDir })).rejects.toThrow("holds files but no PGlite database (no PG_VERSION)");
    expect(readdirSync(path.join(dataDir, "pgdata"))).toEqual(["notes.txt"]);
    expect(leftovers(dataDir)).toEqual([]);
  });

  it("the child itself reports a failure on one line with exit code 1", () => {
    const file = path.join(root, "a-file");
    writeFileSync(file, "");
    const run = spawnSync(process.execPath, [...pgliteChildArgs(), path.join(file, "pgdata")], { encoding: "utf8" });
    expect(run.status).toBe(1);
    expect(run.stdout).toBe("");
    expect(run.stderr.trim().split("\n")).toHaveLength(1);
    expect(run.stderr).toMatch(/ENOTDIR|not a directory/);
  });
});
