import { spawn } from "node:child_process";
import { existsSync, readdirSync, renameSync, rmSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { PGlite, type Transaction } from "@electric-sql/pglite";
import { checkDataDir, privateDir, tightenTree } from "./data-dir";
import { lockDataDir } from "./data-dir-lock";
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

/** What the child process of a new data directory did (docs/decisions/071), as it prints it on its last line. */
export type PreparedPglite = { migrations: string[]; demoCenters: number };

/** What a new data directory is created with: `demoData` also stores the demo centers (CEN-012). */
export type PrepareOptions = { demoData?: boolean };

/** `node` arguments that run registry/db/pglite-child: the bundled file beside this one, or the source with tsx. */
export function pgliteChildArgs(): string[] {
  const here = fileURLToPath(import.meta.url);
  if (!here.endsWith(".ts")) return [path.join(path.dirname(here), "pglite-child.js")];
  const tsx = pathToFileURL(createRequire(import.meta.url).resolve("tsx")).href;
  return ["--import", tsx, path.join(path.dirname(here), "pglite-child.ts")];
}

/**
 * Creates the database of a new data directory in a short-lived child process (docs/decisions/057, 071): initdb,
 * the migrations and, with `demoData`, the demo centers. What that work grows (PGlite's WebAssembly memory, which is
 * never given back, and the ZIP data of the demo centers) is given back when the child exits and never lives in the
 * server, which then opens the directory as on a restart. The child works in `<dir>.new-<pid>` and the directory
 * gets its name only when everything succeeded: `dir` either holds a prepared database or does not exist. A failing
 * child is an error with its last stderr line; nothing falls back to doing the work in this process.
 */
export async function prepareInChild(dir: string, opts: PrepareOptions = {}, childArgs = pgliteChildArgs()): Promise<PreparedPglite> {
  const work = `${dir}.new-${process.pid}`;
  if (existsSync(dir) && readdirSync(dir).length > 0) throw new Error(`${dir} holds files but no PGlite database (no PG_VERSION)`);
  // docs/decisions/084: DATA_DIR 0700, whatever the umask.
  privateDir(path.dirname(dir));
  removeAbandonedWork(dir);
  try {
    const args = [...childArgs, work, ...(opts.demoData ? ["--demo-data"] : [])];
    const child = spawn(process.execPath, args, { stdio: ["ignore", "pipe", "pipe"] });
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (chunk: Buffer) => (stdout = (stdout + chunk.toString("utf8")).slice(-2000)));
    child.stderr.on("data", (chunk: Buffer) => (stderr = (stderr + chunk.toString("utf8")).slice(-2000)));
    const code = await new Promise<number | null>((resolve, reject) => {
      child.once("error", reject);
      child.once("close", resolve);
    });
    const lastLine = (text: string) => text.trim().split("\n").pop() ?? "";
    if (code !== 0) throw new Error(`creating the PGlite database in a child process failed (exit ${code}): ${childError(stderr)}`);
    const prepared = parsePrepared(lastLine(stdout));
    if (!prepared || !existsSync(path.join(work, "PG_VERSION"))) {
      throw new Error(`creating the PGlite database in a child process failed: it exited without a database (${lastLine(stdout)})`);
    }
    // PGlite creates the files of a new database 0666 whatever the umask: 0600 (and 0700) before it gets its name.
    tightenTree(work);
    try {
      // Onto a missing or empty `dir` (rename(2) replaces an empty directory).
      renameSync(work, dir);
    } catch (error) {
      // Another process prepared the same directory first: its database is the one to open.
      if (!existsSync(path.join(dir, "PG_VERSION"))) throw new Error(`${dir} holds files but no PGlite database: ${String(error)}`);
    }
    return prepared;
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}

/** Removes `<dir>.new-<pid>` folders of processes that no longer run (a first start stopped half-way), and ours. */
function removeAbandonedWork(dir: string): void {
  const prefix = `${path.basename(dir)}.new-`;
  for (const name of readdirSync(path.dirname(dir))) {
    const pid = name.startsWith(prefix) ? Number(name.slice(prefix.length)) : NaN;
    if (Number.isInteger(pid) && (pid === process.pid || !isRunning(pid)))
      rmSync(path.join(path.dirname(dir), name), { recursive: true, force: true });
  }
}

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}

/** The child's error: its own one-line message, or the error line of what Node printed when it crashed. */
function childError(stderr: string): string {
  const lines = stderr.split("\n").filter((line) => line.trim() !== "" && !/^Node\.js v\d/.test(line));
  return lines.find((line) => /^[A-Za-z]*Error\b/.test(line)) ?? lines.at(-1) ?? "";
}

function parsePrepared(line: string): PreparedPglite | undefined {
  try {
    const value = JSON.parse(line) as Partial<PreparedPglite>;
    if (Array.isArray(value.migrations) && typeof value.demoCenters === "number")
      return { migrations: value.migrations, demoCenters: value.demoCenters };
  } catch {
    // not the child's report
  }
  return undefined;
}

/** A PGlite on disk in this process, creating its database when the directory has none (for the child). */
export async function openPgliteHere(dir: string): Promise<DriverDb> {
  const pg = await PGlite.create({ dataDir: dir, parsers, startParams: PGLITE_START_PARAMS });
  return wrap(pg, () => pg.close());
}

/** One PGlite instance per data directory per process, shared by every openDb call on it. */
const shared = new Map<string, { pg: Promise<PGlite>; users: number }>();
/** The close of a data directory's last instance in this process, which a new open of it waits for (one at a time). */
const closing = new Map<string, Promise<void>>();
/** The lock release of each open instance (docs/decisions/094). */
const releases = new WeakMap<PGlite, () => void>();

export type OpenPgliteOptions = PrepareOptions & {
  dataDir?: string;
  memory?: boolean;
  loadDataDir?: Blob;
  /** Told what the child did when this call created the database of a new data directory. */
  onPrepared?: (prepared: PreparedPglite) => void;
};

export async function openPglite(opts: OpenPgliteOptions): Promise<DriverDb> {
  if (opts.memory) {
    // loadDataDir: start from a dump (dumpPglite) instead of running initdb, several times cheaper (tests).
    const pg = await PGlite.create({ parsers, ...(opts.loadDataDir ? { loadDataDir: opts.loadDataDir } : {}) });
    return wrap(pg, () => pg.close());
  }
  if (!opts.dataDir) throw new Error("openDb: give databaseUrl, dataDir or memory");
  const dir = path.resolve(opts.dataDir, "pgdata");
  let entry = shared.get(dir);
  if (!entry) {
    const dataDir = path.resolve(opts.dataDir);
    const create = async () => {
      await closing.get(dir);
      // docs/decisions/084: refused when DATA_DIR or pgdata is open to other users; what is in them made private.
      checkDataDir(dataDir);
      privateDir(dataDir);
      // docs/decisions/094: one process at a time on the directory; another one running refuses this open (one line).
      const release = lockDataDir(dataDir);
      try {
        if (!existsSync(path.join(dir, "PG_VERSION"))) {
          const prepared = await prepareInChild(dir, { demoData: opts.demoData });
          opts.onPrepared?.(prepared);
        }
        const pg = await PGlite.create({ dataDir: dir, parsers, startParams: PGLITE_START_PARAMS });
        // A database of an older version (0666 files), and the relation cache PGlite rewrites 0644 at each start.
        tightenTree(dir);
        releases.set(pg, release);
        return pg;
      } catch (error) {
        release();
        throw error;
      }
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
      const shutdown = (async () => {
        try {
          await pg.close();
          // What PGlite wrote with its own modes while open (the relation cache after a schema change): private in the
          // copy a backup takes of a stopped database (docs/decisions/084). Best effort: the next start does it again.
          try {
            tightenTree(dir);
          } catch {
            // the next start tightens (or refuses) what is left
          }
        } finally {
          releases.get(pg)?.();
          releases.delete(pg);
        }
      })();
      const settled = shutdown.catch(() => {});
      closing.set(dir, settled);
      try {
        await shutdown;
      } finally {
        if (closing.get(dir) === settled) closing.delete(dir);
      }
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
