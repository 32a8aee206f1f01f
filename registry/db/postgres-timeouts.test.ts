import net from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { registrySettingsFromEnv } from "../settings";
import { CLIENT_GRACE_MS, DEFAULT_DB_TIMEOUTS, isDatabaseFault } from "./faults";
import { openPostgres, poolOptions } from "./postgres";

/**
 * PostgreSQL's time limits (docs/decisions/086), without a PostgreSQL server: a frozen server (SIGSTOP) made every
 * request hang, /readyz included, because the pool had no connection or statement limit.
 */
describe("the PostgreSQL pool's time limits", () => {
  it("are set from the settings, with defaults, and only for serving", () => {
    const config = registrySettingsFromEnv({ DATA_DIR: "/tmp/unused", TOKEN_SECRET: "t".repeat(40), LAB_STAFF_KEY: "l".repeat(20) });
    expect(config.databaseTimeouts).toEqual({ connectMs: 5_000, statementMs: 10_000, idleInTransactionMs: 30_000 });
    expect(config.databaseTimeouts).toEqual(DEFAULT_DB_TIMEOUTS);
    expect(poolOptions("postgres://db/registry", config.databaseTimeouts)).toMatchObject({
      connectionString: "postgres://db/registry",
      max: 10,
      connectionTimeoutMillis: 5_000,
      statement_timeout: 10_000,
      query_timeout: 10_000 + CLIENT_GRACE_MS,
      idle_in_transaction_session_timeout: 30_000,
    });
    const tuned = registrySettingsFromEnv({
      DATA_DIR: "/tmp/unused",
      TOKEN_SECRET: "t".repeat(40),
      LAB_STAFF_KEY: "l".repeat(20),
      DB_CONNECT_TIMEOUT_MS: "1500",
      DB_STATEMENT_TIMEOUT_MS: "0",
      DB_IDLE_IN_TRANSACTION_TIMEOUT_MS: "60000",
    }).databaseTimeouts;
    const options = poolOptions("postgres://db/registry", tuned);
    expect(options).toMatchObject({ connectionTimeoutMillis: 1_500, idle_in_transaction_session_timeout: 60_000 });
    expect(options).not.toHaveProperty("statement_timeout");
    expect(options).not.toHaveProperty("query_timeout");
    // Staff commands and migrations: no limit.
    expect(Object.keys(poolOptions("postgres://db/registry")).sort()).toEqual(["connectionString", "max", "types"]);
  });

  describe("against a server that accepts connections and never answers (a frozen PostgreSQL)", () => {
    let frozen: net.Server;
    let port = 0;
    const sockets = new Set<net.Socket>();
    beforeAll(async () => {
      frozen = net.createServer((socket) => {
        sockets.add(socket);
        socket.on("error", () => {});
      });
      await new Promise<void>((resolve) => frozen.listen(0, "127.0.0.1", resolve));
      port = (frozen.address() as net.AddressInfo).port;
    });
    afterAll(async () => {
      for (const socket of sockets) socket.destroy();
      await new Promise((resolve) => frozen.close(resolve));
    });

    it("gives up after the connection limit, with an error that counts as a database fault", async () => {
      const started = performance.now();
      const error = await openPostgres(`postgres://portal:secret@127.0.0.1:${port}/registry`, {
        connectMs: 300,
        statementMs: 1_000,
        idleInTransactionMs: 1_000,
      }).then(
        () => undefined,
        (e: unknown) => e,
      );
      const waited = performance.now() - started;
      expect(error).toBeInstanceOf(Error);
      expect(isDatabaseFault(error)).toBe(true);
      expect(waited).toBeGreaterThanOrEqual(250);
      expect(waited).toBeLessThan(3_000);
    });
  });
});
