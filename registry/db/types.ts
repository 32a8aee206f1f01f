/** The registry's one way to the database: PostgreSQL's dialect on PGlite or on a PostgreSQL server. */
export interface Db {
  query<T = Record<string, unknown>>(sql: string, params?: unknown[]): Promise<T[]>;
  /**
   * Runs `fn` in one transaction; a nested call joins the outer transaction. Inside `fn` use only `tx`:
   * PGlite runs one thing at a time, so a query on the outer handle would wait for the transaction forever.
   */
  transaction<T>(fn: (tx: Db) => Promise<T>): Promise<T>;
  close(): Promise<void>;
  /** PostgreSQL's connection pool, for the metrics (docs/decisions/131); PGlite (one connection in process) has none. */
  poolStats?(): DbPoolStats;
}

export type DbPoolStats = { max: number; total: number; idle: number; waiting: number };

/** What the drivers offer inside the data layer: also multi-statement scripts (migrations). */
export interface DriverDb extends Db {
  exec(script: string): Promise<void>;
  transaction<T>(fn: (tx: DriverDb) => Promise<T>): Promise<T>;
  readonly kind: "pglite" | "postgres";
}

/** Same values on both drivers: int8 as number, date as "YYYY-MM-DD", timestamptz as Date, numeric as string. */
export const TYPE_INT8 = 20;
export const TYPE_DATE = 1082;
