import { runMigrations } from "./migrate";
import { openPglite, type PreparedPglite } from "./pglite";
import { openPostgres } from "./postgres";
import type { DbTimeouts } from "./faults";
import type { Db, DriverDb } from "./types";

export type OpenDbOptions = {
  databaseUrl?: string;
  dataDir?: string;
  memory?: boolean;
  /**
   * PGlite on disk: a new data directory is created with the demo centers too (CEN-012), with its migrations,
   * in a short-lived child process (docs/decisions/071). A PostgreSQL server or an existing directory: no effect.
   */
  demoData?: boolean;
  /** Told what the child did when this call created a new PGlite data directory. */
  onPrepared?: (prepared: PreparedPglite) => void;
  /**
   * PostgreSQL: the serving pool's time limits (docs/decisions/086); migrations run before, on a pool without them.
   * PGlite runs in this process and cannot cancel a statement: no effect (its health check has its own limit).
   */
  timeouts?: DbTimeouts;
};

/** Opens PostgreSQL when databaseUrl is given, else PGlite (under `${dataDir}/pgdata`, or in memory), and migrates it. */
export async function openDb(opts: OpenDbOptions): Promise<Db> {
  return openDriverDb(opts);
}

/** The driver-level handle (with `exec`); `migrate: false` leaves migrating to the caller. */
export async function openDriverDb(opts: OpenDbOptions & { migrate?: boolean }): Promise<DriverDb> {
  if (opts.databaseUrl && opts.timeouts) {
    // A migration may take longer than a statement may when serving.
    if (opts.migrate !== false) await openDriverDb({ databaseUrl: opts.databaseUrl }).then((db) => db.close());
    return openPostgres(opts.databaseUrl, opts.timeouts);
  }
  const db = opts.databaseUrl ? await openPostgres(opts.databaseUrl) : await openPglite(opts);
  if (opts.migrate === false) return db;
  try {
    await runMigrations(db);
  } catch (error) {
    await db.close().catch(() => {});
    throw error;
  }
  return db;
}
