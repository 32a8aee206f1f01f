/**
 * What a failure of the database (its disk, its server, the connection to it) looks like, in words an operator can act
 * on, and the registry's memory of the last one (docs/decisions/086). Both programs log through these: the portal's
 * server/describe-error.ts and the registry's handler.
 */

/** System error codes (Node's `code`, or Emscripten's WASI errno for PGlite's files) with what they mean. */
const SYSTEM_HINTS: Record<string, string> = {
  ENOSPC: "the disk is full",
  EDQUOT: "the disk quota is used up",
  EACCES: "permission denied",
  EPERM: "operation not permitted",
  EROFS: "the file system is read-only",
  ENOENT: "a file or directory is missing",
  EIO: "input/output error",
  ECONNREFUSED: "the connection was refused: is the server running?",
  ECONNRESET: "the connection was reset",
  ETIMEDOUT: "the connection timed out",
  EPIPE: "the connection was closed",
  ENOTFOUND: "the host name was not found",
  EHOSTUNREACH: "the host cannot be reached",
  ENETUNREACH: "the network cannot be reached",
};

/** PostgreSQL SQLSTATE codes (PGlite's too) that tell of the database rather than of the request. */
const SQLSTATE_HINTS: Record<string, string> = {
  "53100": "the database's disk is full",
  "53200": "the database is out of memory",
  "53300": "the database has too many connections",
  "57014": "a statement ran past statement_timeout or was cancelled",
  "57P01": "the database server is shutting down",
  "57P02": "the database server crashed",
  "57P03": "the database server is not accepting connections yet",
  "25P03": "a transaction sat idle past idle_in_transaction_session_timeout",
  "08000": "the database connection failed",
  "08001": "could not connect to the database",
  "08003": "the database connection is gone",
  "08006": "the database connection failed",
  "58030": "input/output error in the database",
  XX000: "internal error of the database",
};

/** WASI errno numbers that Emscripten's file system (PGlite) throws for the conditions an operator can fix. */
const WASI_ERRNO: Record<number, string> = { 2: "EACCES", 29: "EIO", 44: "ENOENT", 51: "ENOSPC", 63: "EPERM", 69: "EROFS" };

/** Messages of node-postgres's own time limits and lost connections, which carry no code. */
const PG_CLIENT_FAULTS = /timeout exceeded when trying to connect|Query read timeout|Connection terminated|connection timeout/i;

/** Classes of SQLSTATE that mean the database failed: connection (08), resources (53), operator (57), system (58), internal (XX). */
const FAULT_CLASSES = new Set(["08", "53", "57", "58", "XX"]);

function field(value: unknown, key: string): unknown {
  return typeof value === "object" && value !== null ? (value as Record<string, unknown>)[key] : undefined;
}

/** The system code (ENOSPC, ECONNREFUSED...) or SQLSTATE (53100, 57014...) of anything thrown, if it has one. */
export function errorCode(thrown: unknown): string | undefined {
  const raw = field(thrown, "code");
  if (typeof raw === "string" && /^[A-Z0-9_]{2,40}$/.test(raw)) return raw;
  const errno = field(thrown, "errno");
  if (typeof errno === "number" && !(thrown instanceof Error)) return WASI_ERRNO[errno];
  return undefined;
}

/** What a code means, in words, when it is one of the codes above. */
export function codeHint(code: string | undefined): string | undefined {
  return code === undefined ? undefined : (SYSTEM_HINTS[code] ?? SQLSTATE_HINTS[code]);
}

const isSqlState = (code: string | undefined) => code !== undefined && /^[0-9A-Z]{5}$/.test(code) && !code.startsWith("E");

/**
 * A name a reader understands: the error's own name, but never a bundler's minified class name ("O") nor the
 * "error" that pg's and PGlite's DatabaseError carry (the protocol message's name): those read "DatabaseError".
 */
export function readableErrorName(thrown: unknown): string {
  const name = field(thrown, "name");
  if (typeof name === "string" && name.length > 2 && name !== "error") return name;
  if (isSqlState(errorCode(thrown)) || name === "error") return "DatabaseError";
  if (thrown instanceof Error) {
    const ctor = thrown.constructor?.name ?? "";
    return ctor.length > 2 ? ctor : "Error";
  }
  return typeof name === "string" && name ? name : typeof thrown;
}

/**
 * Whether the error tells of the database failing (its disk full, its server down, frozen or too slow, the connection
 * lost) rather than of one request: such a call answers 503 "unavailable" and readiness fails for a while.
 */
export function isDatabaseFault(thrown: unknown): boolean {
  const code = errorCode(thrown);
  if (code && SYSTEM_HINTS[code] && code !== "ENOENT") return true;
  if (isSqlState(code) && (FAULT_CLASSES.has(code!.slice(0, 2)) || code === "25P03")) return true;
  const message = field(thrown, "message");
  return typeof message === "string" && PG_CLIENT_FAULTS.test(message);
}

/** How long after a database fault /health (and the portal's /readyz) answers 503 (docs/decisions/086). */
export const FAULT_WINDOW_MS = 30_000;

const lastFaults = new WeakMap<object, { at: number; code: string }>();

/** Remembers a database fault of this database handle (at most the last one). */
export function recordDatabaseFault(db: object, thrown: unknown, at: number): void {
  lastFaults.set(db, { at, code: errorCode(thrown) ?? readableErrorName(thrown) });
}

/** The last database fault of this handle within FAULT_WINDOW_MS of `now`, if any. */
export function recentDatabaseFault(db: object, now: number): { at: number; code: string } | undefined {
  const fault = lastFaults.get(db);
  return fault && now - fault.at < FAULT_WINDOW_MS ? fault : undefined;
}

/** Thrown by withTimeout: a statement (or a wait for the database) that took longer than its limit. */
class DatabaseTimeoutError extends Error {
  override name = "DatabaseTimeoutError";
  readonly code = "ETIMEDOUT";
  constructor(ms: number) {
    super(`the database did not answer within ${ms} ms`);
  }
}

/** `work`, or DatabaseTimeoutError after `ms` (the work itself goes on: use it for reads such as health checks). */
export function withTimeout<T>(work: Promise<T>, ms: number): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new DatabaseTimeoutError(ms)), ms);
  });
  return Promise.race([work, timeout]).finally(() => clearTimeout(timer));
}

/**
 * PostgreSQL's time limits (docs/decisions/086), in milliseconds, 0 for none: waiting for a connection (a new one, or a
 * free one of the pool), one statement (the server cancels it: 57014; the client gives up a little later when the
 * server cannot even do that, e.g. frozen), and a transaction left idle (the server ends the session: 25P03).
 */
export type DbTimeouts = { connectMs: number; statementMs: number; idleInTransactionMs: number };

/**
 * The defaults: a connection within 5 s, a statement within 10 s (the slowest of the registry's, a distance-sorted
 * center list or the dashboard's one query, takes milliseconds), a transaction idle for at most 30 s.
 */
export const DEFAULT_DB_TIMEOUTS: DbTimeouts = { connectMs: 5_000, statementMs: 10_000, idleInTransactionMs: 30_000 };

/** How much longer than the statement limit the client waits for an answer before it gives up on the server. */
export const CLIENT_GRACE_MS = 2_000;
