import pg from "pg";
import { TYPE_DATE, TYPE_INT8, type DriverDb } from "./types";

const types = {
  getTypeParser: ((oid: number, format?: string) => {
    if (oid === TYPE_INT8) return (v: string) => Number(v);
    if (oid === TYPE_DATE) return (v: string) => v;
    return pg.types.getTypeParser(oid, format as "text");
  }) as typeof pg.types.getTypeParser,
};

export async function openPostgres(databaseUrl: string): Promise<DriverDb> {
  const pool = new pg.Pool({ connectionString: databaseUrl, max: 10, types });
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
