/**
 * One process at a time on a PGlite data directory (docs/decisions/094). PGlite is PostgreSQL in this process: a
 * second process that opens the same `pgdata` gets its own copy of the database, what it writes is lost or damages
 * the first's, and even a read replays the write-ahead log of a database another process is writing. So whoever opens
 * `DATA_DIR/pgdata` (the portal, `registry serve`, every staff command) first takes `DATA_DIR/pgdata.lock`: a 0600
 * file with its pid, what it is and its port, created atomically, removed when the database is closed or the process
 * exits. A lock whose process no longer runs (a crash, SIGKILL, a reboot) is stale and taken over; one whose process
 * runs refuses the open with one line (a DataDirLockedError) before anything is read or written.
 */
import { linkSync, readFileSync, renameSync, unlinkSync, writeFileSync } from "node:fs";
import { randomBytes } from "node:crypto";
import path from "node:path";

export const LOCK_FILE = "pgdata.lock";

/** What holds (or asks for) a data directory, as its refusal line names it. */
export type LockHolder = { program: "portal" } | { program: "registry serve" } | { program: "command"; command: string };

/** The lock file's content. `boot` and `since` (Linux) tell a live holder from a later process given the same pid. */
export type LockRecord = LockHolder & { pid: number; port?: number; startedAt: string; token: string; boot?: string; since?: string };

/** A data directory whose database another running process has open. */
export class DataDirLockedError extends Error {
  override name = "DataDirLockedError";
  constructor(
    message: string,
    readonly holder: LockRecord,
  ) {
    super(message);
  }
}

let thisProcess: LockHolder & { port?: number } = { program: "command", command: path.basename(process.argv[1] ?? "node") };

/** Says what this process is, for the lock it takes and the line it refuses with (the portal, `registry serve`, a command). */
export function describeThisProcess(holder: LockHolder & { port?: number }): void {
  thisProcess = holder;
}

const readText = (file: string): string | undefined => {
  try {
    return readFileSync(file, "utf8");
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return undefined;
    throw error;
  }
};

/** This boot of the machine, and the start time (clock ticks since boot) of process `pid`: undefined off Linux. */
const bootId = (): string | undefined => readText("/proc/sys/kernel/random/boot_id")?.trim() || undefined;
function processStart(pid: number): string | undefined {
  try {
    const stat = readText(`/proc/${pid}/stat`);
    return stat?.slice(stat.lastIndexOf(")") + 2).split(" ")[19];
  } catch {
    return undefined;
  }
}

function parseRecord(text: string): LockRecord | undefined {
  try {
    const value = JSON.parse(text) as Partial<LockRecord>;
    return Number.isInteger(value.pid) && typeof value.token === "string" ? (value as LockRecord) : undefined;
  } catch {
    return undefined;
  }
}

/** The lock of `dataDir` as it stands, or undefined when there is none (or it cannot be read as one). */
export function readLock(dataDir: string): LockRecord | undefined {
  const text = readText(path.join(dataDir, LOCK_FILE));
  return text === undefined ? undefined : parseRecord(text);
}

/**
 * Whether the process that wrote `record` still runs: its pid answers signal 0 (or exists under another user), it is
 * not this process (whose own opens share one lock, so a lock with its pid is left from an earlier process), and, where
 * the lock says so, it is the same boot and the same process start (not a later process given the same pid).
 */
export function holderRuns(record: LockRecord): boolean {
  if (record.pid === process.pid || record.pid <= 0) return false;
  try {
    process.kill(record.pid, 0);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "EPERM") return false;
  }
  const boot = bootId();
  if (record.boot && boot && record.boot !== boot) return false;
  const since = processStart(record.pid);
  if (record.since && since && record.since !== since) return false;
  return true;
}

const NAMES: Record<LockHolder["program"], string> = { portal: "The portal", "registry serve": "The registry (registry serve)", command: "" };

/** The one line that refuses `asker` a data directory `holder` has open. */
export function lockedLine(dataDir: string, holder: LockRecord, asker: LockHolder = thisProcess): string {
  const running =
    holder.program === "command"
      ? `The registry command ${holder.command} is running on this data directory (${dataDir}, pid ${holder.pid})`
      : `${NAMES[holder.program]} is running on this data directory (${dataDir}, pid ${holder.pid}${holder.port ? `, port ${holder.port}` : ""})`;
  const first = holder.program === "command" ? "wait for it to finish" : "stop it first";
  if (asker.program === "command") {
    // PGlite holds one process; on PostgreSQL (DATABASE_URL) commands run beside the portal (docs/operations.md).
    return `${running}: nothing was changed; ${first} or run the command against DATABASE_URL (PostgreSQL)`;
  }
  return `${running}: ${first}, then start again`;
}

/** The releases of the locks this process holds, all run when it exits (process.exit included). */
const held = new Set<() => void>();
let exitHooked = false;

/**
 * Takes the lock of `dataDir` (which exists) for this process, or throws a DataDirLockedError with its one line.
 * Answers the release, which removes the lock only while it is still this one's; the process's exit releases it too.
 */
export function lockDataDir(dataDir: string): () => void {
  const file = path.join(dataDir, LOCK_FILE);
  const record: LockRecord = {
    ...thisProcess,
    pid: process.pid,
    startedAt: new Date().toISOString(),
    token: randomBytes(12).toString("hex"),
    boot: bootId(),
    since: processStart(process.pid),
  };
  if (record.port === 0) delete record.port;
  const text = `${JSON.stringify(record)}\n`;
  // Written whole under another name, then linked: the lock is never seen half-written (link(2) fails on an existing name).
  const draft = `${file}.${process.pid}.${record.token}`;
  writeFileSync(draft, text, { mode: 0o600, flag: "wx" });
  try {
    for (let attempt = 0; attempt < 5; attempt += 1) {
      try {
        linkSync(draft, file);
        const release = () => {
          held.delete(release);
          if (readText(file) === text) unlinkSync(file);
        };
        held.add(release);
        if (!exitHooked) process.on("exit", () => held.forEach((r) => r()));
        exitHooked = true;
        return release;
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
      }
      const found = readText(file);
      if (found === undefined) continue;
      const holder = parseRecord(found);
      if (holder && holderRuns(holder)) throw new DataDirLockedError(lockedLine(dataDir, holder), holder);
      removeStale(file, found);
    }
    throw new Error(`${file}: could not take the lock (other processes keep taking it); try again`);
  } finally {
    unlinkSync(draft);
  }
}

/**
 * Removes a stale lock, only if it is still the one read: moved aside first, and put back when another process took
 * the lock over meanwhile (its lock is live, and the next attempt finds it).
 */
function removeStale(file: string, stale: string): void {
  const aside = `${file}.stale-${process.pid}`;
  try {
    renameSync(file, aside);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return;
    throw error;
  }
  try {
    if (readText(aside) !== stale) linkSync(aside, file);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
  } finally {
    unlinkSync(aside);
  }
}
