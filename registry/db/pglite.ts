import { mkdirSync } from "node:fs";
import path from "node:path";
import { PGlite, type Transaction } from "@electric-sql/pglite";
import { TYPE_DATE, TYPE_INT8, type DriverDb } from "./types";

const parsers = {
  [TYPE_INT8]: (v: string) => Number(v),
  [TYPE_DATE]: (v: string) => v,
};

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
    entry = { pg: PGlite.create({ dataDir: dir, parsers }), users: 0 };
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
