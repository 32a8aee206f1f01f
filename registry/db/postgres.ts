import pg from "pg";
import { CLIENT_GRACE_MS, type DbTimeouts } from "./faults";
import { TYPE_DATE, TYPE_INT8, type DriverDb } from "./types";

const types = {
  getTypeParser: ((oid: number, format?: string) => {
    if (oid === TYPE_INT8) return (v: string) => Number(v);
    if (oid === TYPE_DATE) return (v: string) => v;
    return pg.types.getTypeParser(oid, format as "text");
  }) as typeof pg.types.getTypeParser,
};

/**
 * The pool's options (docs/decisions/086). With `timeouts`: a connection (a new one, or a free one of the 10) within
 * connectMs or "timeout exceeded when trying to connect"; every statement cancelled by the server after statementMs
 * (57014), and given up by the client CLIENT_GRACE_MS later (a frozen server cannot cancel anything); a transaction
 * idle for idleInTransactionMs ends its session (25P03). Without (staff commands, migrations): no limit.
 */
export function poolOptions(databaseUrl: string, timeouts?: DbTimeouts): pg.PoolConfig {
  const options: pg.PoolConfig = { connectionString: databaseUrl, max: 10, types };
  if (!timeouts) return options;
  if (timeouts.connectMs > 0) options.connectionTimeoutMillis = timeouts.connectMs;
  if (timeouts.statementMs > 0) {
    options.statement_timeout = timeouts.statementMs;
    options.query_timeout = timeouts.statementMs + CLIENT_GRACE_MS;
  }
  if (timeouts.idleInTransactionMs > 0) options.idle_in_transaction_session_timeout = timeouts.idleInTransactionMs;
  return options;
}

export async function openPostgres(databaseUrl: string, timeouts?: DbTimeouts): Promise<DriverDb> {
  const pool = new pg.Pool(poolOptions(databaseUrl, timeouts));
  // An idle client losing its connection must not crash the process; the next query reconnects.
  pool.on("error", () => {});
  await pool.query("select 1");
  return {
    kind: "postgres",
    async query<T>(sql: string, params?: unknown[]) {
      return (await pool.query(sql, params)).rows as T[];
    },
    async exec(script: string) {
      await pool.query(script);
    },
    async transaction<T>(fn: (tx: DriverDb) => Promise<T>) {
      const client = await pool.connect();
      let broken = false;
      try {
        await client.query("begin");
        const result = await fn(clientDb(client));
        await client.query("commit");
        return result;
      } catch (error) {
        await client.query("rollback").catch(() => {
          broken = true;
        });
        throw error;
      } finally {
        client.release(broken);
      }
    },
    close: () => pool.end(),
    poolStats: () => ({ max: pool.options.max ?? 10, total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount }),
  };
}

function clientDb(client: pg.PoolClient): DriverDb {
  const db: DriverDb = {
    kind: "postgres",
    async query<T>(sql: string, params?: unknown[]) {
      return (await client.query(sql, params)).rows as T[];
    },
    async exec(script: string) {
      await client.query(script);
    },
    transaction: (fn) => fn(db),
    close: async () => {
      throw new Error("close() inside a transaction");
    },
  };
  return db;
}
