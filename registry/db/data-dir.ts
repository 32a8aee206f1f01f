/**
 * DATA_DIR is this process's alone (docs/decisions/084): the PGlite database in it holds patient data (its
 * write-ahead log too) and the demo secrets file holds signing keys. Directories are 0700 and files 0600 whatever
 * the umask; a DATA_DIR (or its `pgdata`) that group or others may read, write or search stops the start.
 */
import { chmodSync, lstatSync, mkdirSync, readdirSync, statSync } from "node:fs";
import path from "node:path";

/** The umask both programs set first thing: what they create is theirs alone (docs/decisions/084). */
export const PRIVATE_UMASK = 0o077;
/** Permission bits of group and others. */
const OTHERS = 0o077;

/** A DATA_DIR (or the PGlite directory in it) that other users of the machine can reach. */
export class DataDirOpenError extends Error {
  override name = "DataDirOpenError";
}

/** The one line that refuses `dir` when group or others have any right on it; undefined when it is private or missing. */
export function openDirLine(dir: string, what = "DATA_DIR"): string | undefined {
  let mode: number;
  try {
    mode = statSync(dir).mode;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return undefined;
    throw error;
  }
  if ((mode & OTHERS) === 0) return undefined;
  const octal = (mode & 0o777).toString(8).padStart(4, "0");
  return `${what} ${dir} is open to other users of this machine (mode ${octal}; it holds patient data): run chmod -R go-rwx ${dir} and start again`;
}

/**
 * Refuses DATA_DIR, or the PGlite data directory `pgdata` in it, when group or others may read, write or search it:
 * the one line of a DataDirOpenError. Missing directories are fine (they are created private).
 */
export function checkDataDir(dataDir: string): void {
  const line = openDirLine(dataDir) ?? openDirLine(path.join(dataDir, "pgdata"), "The database directory");
  if (line) throw new DataDirOpenError(line);
}

/**
 * Makes `dir` (and missing parents) 0700 whatever the umask, or refuses an existing `dir` that is open to others.
 * Only directories this call creates are changed; an existing one is never widened or silently narrowed.
 */
export function privateDir(dir: string): void {
  const line = openDirLine(dir);
  if (line) throw new DataDirOpenError(line);
  const first = mkdirSync(dir, { recursive: true, mode: 0o700 });
  if (first === undefined) return;
  // mkdir applies the umask to the mode; chmod does not. Every directory created, from `first` down to `dir`.
  for (let d = path.resolve(dir); ; d = path.dirname(d)) {
    chmodSync(d, 0o700);
    if (d === path.resolve(first) || d === path.dirname(d)) break;
  }
}

/**
 * Takes every right of group and others off what is under `dir` (and `dir` itself): files 0600, directories 0700.
 * PGlite writes its files with its own modes (0666 when it creates a database, 0644 for the relation cache) whatever
 * the umask; this runs after it created or opened a database. Symbolic links are left alone (never followed).
 */
export function tightenTree(dir: string): void {
  const walk = (p: string) => {
    const stat = gone(() => lstatSync(p));
    if (!stat || stat.isSymbolicLink()) return;
    if ((stat.mode & OTHERS) !== 0) gone(() => chmodSync(p, stat.mode & 0o700));
    if (stat.isDirectory()) for (const name of gone(() => readdirSync(p)) ?? []) walk(path.join(p, name));
  };
  walk(dir);
}

/** `fn`'s answer, or undefined when the path is gone meanwhile (PostgreSQL's temporary files come and go). */
function gone<T>(fn: () => T): T | undefined {
  try {
    return fn();
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return undefined;
    throw error;
  }
}
