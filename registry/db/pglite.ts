import { spawn } from "node:child_process";
import { existsSync, mkdirSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { PGlite, type Transaction } from "@electric-sql/pglite";
import { TYPE_DATE, TYPE_INT8, type DriverDb } from "./types";

const parsers = {
  [TYPE_INT8]: (v: string) => Number(v),
  [TYPE_DATE]: (v: string) => v,
};

/**
 * PostgreSQL's settings for a PGlite on disk (docs/decisions/057): PGlite's own start parameters, with 16 MB of shared
 * buffers instead of PostgreSQL's 128 MB (PGlite touches all of them at start: about 120 MiB of resident memory for a
 * database of a few MiB) and 1 MB of WAL buffers.
 */
export const PGLITE_START_PARAMS = [...PGlite.defaultStartParams, "-c", "shared_buffers=16MB", "-c", "wal_buffers=1MB"];

/**
 * Creates the database of an empty data directory (initdb) in a short-lived child process: initdb's memory (a second
 * WebAssembly instance, several hundred MiB at its peak) is given back when the child exits, and never lives in the
 * server (docs/decisions/057).
 */
async function initdbInChild(dir: string): Promise<void> {
  const pglite = pathToFileURL(createRequire(import.meta.url).resolve("@electric-sql/pglite")).href;
  const script = [
    "const [url, dataDir] = process.argv.slice(1);",
    "const { PGlite } = await import(url);",
    "const pg = await PGlite.create({ dataDir });",
    "await pg.close();",
  ].join("\n");
  const child = spawn(process.execPath, ["--input-type=module", "-e", script, pglite, dir], { stdio: ["ignore", "ignore", "pipe"] });
  let stderr = "";
  child.stderr.on("data", (chunk: Buffer) => (stderr = (stderr + chunk.toString("utf8")).slice(-2000)));
  const code = await new Promise<number | null>((resolve, reject) => {
    child.once("error", reject);
    child.once("exit", resolve);
  });
  if (code !== 0) throw new Error(`creating the PGlite database failed (exit ${code}): ${stderr.trim().split("\n").pop() ?? ""}`);
}

/** One PGlite instance per data directory per process, shared by every openDb call on it. */
const shared = new Map<string, { pg: Promise<PGlite>; users: number }>();

export async function openPglite(opts: { dataDir?: string; memory?: boolean; loadDataDir?: Blob }): Promise<DriverDb> {
  if (opts.memory) {
    // loadDataDir: start from a dump (dumpPglite) instead of running initdb, several times cheaper (tests).
    const pg = await PGlite.create({ parsers, ...(opts.loadDataDir ? { loadDataDir: opts.loadDataDir } : {}) });
    return wrap(pg, () => pg.close());
  }
  if (!opts.dataDir) throw new Error("openDb: give databaseUrl, dataDir or memory");
  const dir = path.resolve(opts.dataDir, "pgdata");
  let entry = shared.get(dir);
  if (!entry) {
    mkdirSync(dir, { recursive: true });
    const create = async () => {
      if (!existsSync(path.join(dir, "PG_VERSION"))) await initdbInChild(dir);
      return PGlite.create({ dataDir: dir, parsers, startParams: PGLITE_START_PARAMS });
    };
    entry = { pg: create(), users: 0 };
    shared.set(dir, entry);
    entry.pg.catch(() => shared.delete(dir));
  }
  entry.users += 1;
  const current = entry;
  const pg = await current.pg;
  let closed = false;
  return wrap(pg, async () => {
    if (closed) return;
    closed = true;
    current.users -= 1;
    if (current.users === 0) {
      shared.delete(dir);
      await pg.close();
    }
  });
}

/** A dump (uncompressed tar) of a fresh in-memory instance after `prepare`, for openPglite's loadDataDir. */
export async function dumpPglite(prepare: (db: DriverDb) => Promise<void>): Promise<Blob> {
  const pg = await PGlite.create({ parsers });
  try {
    await prepare(wrap(pg, async () => {}));
    return await pg.dumpDataDir("none");
  } finally {
    await pg.close();
  }
}

function wrap(pg: PGlite, close: () => Promise<void>): DriverDb {
  const db: DriverDb = {
    kind: "pglite",
    async query<T>(sql: string, params?: unknown[]) {
      return (await pg.query<T>(sql, params)).rows;
    },
    async exec(script: string) {
      await pg.exec(script);
    },
    transaction<T>(fn: (tx: DriverDb) => Promise<T>) {
      return pg.transaction((tx) => fn(wrapTx(tx)));
    },
    close,
  };
  return db;
}

function wrapTx(tx: Transaction): DriverDb {
  const db: DriverDb = {
    kind: "pglite",
    async query<T>(sql: string, params?: unknown[]) {
      return (await tx.query<T>(sql, params)).rows;
    },
    async exec(script: string) {
      await tx.exec(script);
    },
    transaction: (fn) => fn(db),
    close: async () => {
      throw new Error("close() inside a transaction");
    },
  };
  return db;
}
