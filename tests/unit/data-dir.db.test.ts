import { spawnSync } from "node:child_process";
import { chmodSync, lstatSync, mkdirSync, mkdtempSync, readdirSync, rmSync, statSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import os from "node:os";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { afterAll, afterEach, beforeEach, describe, expect, it } from "vitest";
import { loadSettings } from "../../config/settings";
import { checkDataDir, DataDirOpenError, privateDir, tightenTree } from "../../registry/db/data-dir";
import { openDb } from "../../registry/db/open";
import { registrySettingsFromEnv } from "../../registry/settings";

// docs/decisions/084: DATA_DIR, the PGlite database in it and the secrets file are this user's alone.
const root = mkdtempSync(path.join(os.tmpdir(), "data-dir-"));
afterAll(() => rmSync(root, { recursive: true, force: true }));
let n = 0;
const fresh = () => path.join(root, `case-${(n += 1)}`);
const modeOf = (p: string) => statSync(p).mode & 0o777;

/** Every path under `dir` (itself included) with its permission bits, symbolic links left out. */
function modes(dir: string): { files: Map<string, number>; dirs: Map<string, number> } {
  const files = new Map<string, number>();
  const dirs = new Map<string, number>();
  const walk = (p: string) => {
    const stat = lstatSync(p);
    if (stat.isDirectory()) {
      dirs.set(p, stat.mode & 0o777);
      for (const name of readdirSync(p)) walk(path.join(p, name));
    } else if (!stat.isSymbolicLink()) files.set(p, stat.mode & 0o777);
  };
  walk(dir);
  return { files, dirs };
}
const notPrivate = (m: Map<string, number>, want: number) =>
  [...m].filter(([, mode]) => mode !== want).map(([p, mode]) => `${p} ${mode.toString(8)}`);

describe("the data directory, created under umask 022", { timeout: 120_000 }, () => {
  let umask: number;
  beforeEach(() => {
    // Vitest runs test files in forked processes (vitest.config.ts: pool "forks"), where the umask can be set.
    umask = process.umask(0o022);
  });
  afterEach(() => void process.umask(umask));

  it("is 0700 with every file 0600 and every directory 0700: PGlite's database, its WAL and the secrets file", async () => {
    const dataDir = path.join(fresh(), "data");
    // The portal's and the registry's generated secrets (demo mode), then the database as a start creates it.
    loadSettings({ DATA_DIR: dataDir });
    registrySettingsFromEnv({ DATA_DIR: dataDir });
    const db = await openDb({ dataDir, demoData: true });
    await db.query("insert into outbox (channel, to_address, text_body) values ('email', 'a@example.org', 'hello')");
    await db.close();

    const { files, dirs } = modes(dataDir);
    expect(files.size).toBeGreaterThan(100);
    expect([...files.keys()].some((f) => f.includes(`${path.sep}pg_wal${path.sep}`))).toBe(true);
    expect(files.get(path.join(dataDir, "secrets.json"))).toBe(0o600);
    expect(notPrivate(files, 0o600)).toEqual([]);
    expect(notPrivate(dirs, 0o700)).toEqual([]);
    // Its parent, created on the way, too.
    expect(modeOf(path.dirname(dataDir))).toBe(0o700);
  });

  it("a database made by an older version (0666 files, 0755 directories inside a private DATA_DIR) is made private at the start", async () => {
    const dataDir = fresh();
    await (await openDb({ dataDir })).close();
    const pgdata = path.join(dataDir, "pgdata");
    for (const [p] of modes(pgdata).files) chmodSync(p, 0o666);
    for (const [p] of modes(pgdata).dirs) if (p !== pgdata) chmodSync(p, 0o755);
    const db = await openDb({ dataDir });
    const { files, dirs } = modes(dataDir);
    await db.close();
    expect(notPrivate(files, 0o600)).toEqual([]);
    expect(notPrivate(dirs, 0o700)).toEqual([]);
  });

  it("privateDir creates 0700, leaves a private directory as it is, and tightenTree takes group and other rights off", () => {
    const dir = path.join(fresh(), "a", "b");
    privateDir(dir);
    expect([modeOf(path.dirname(path.dirname(dir))), modeOf(path.dirname(dir)), modeOf(dir)]).toEqual([0o700, 0o700, 0o700]);
    privateDir(dir);
    writeFileSync(path.join(dir, "f"), "x", { mode: 0o644 });
    mkdirSync(path.join(dir, "d"), { mode: 0o775 });
    tightenTree(dir);
    expect([modeOf(path.join(dir, "f")), modeOf(path.join(dir, "d"))]).toEqual([0o600, 0o700]);
  });
});

describe("a DATA_DIR open to other users", () => {
  const openDir = () => {
    const dir = fresh();
    mkdirSync(dir);
    chmodSync(dir, 0o755);
    return dir;
  };

  it("is refused with one line that names the path, its mode and the chmod that fixes it; nothing is written in it", async () => {
    const dir = openDir();
    const line = `DATA_DIR ${dir} is open to other users of this machine (mode 0755; it holds patient data): run chmod -R go-rwx ${dir} and start again`;
    expect(() => checkDataDir(dir)).toThrow(new DataDirOpenError(line));
    expect(() => loadSettings({ DATA_DIR: dir })).toThrow(line);
    expect(() => registrySettingsFromEnv({ DATA_DIR: dir })).toThrow(line);
    await expect(openDb({ dataDir: dir })).rejects.toThrow(line);
    expect(readdirSync(dir)).toEqual([]);
  });

  it("so is a private DATA_DIR whose database directory is open; a missing DATA_DIR is fine", () => {
    const dir = fresh();
    mkdirSync(path.join(dir, "pgdata"), { recursive: true, mode: 0o700 });
    chmodSync(path.join(dir, "pgdata"), 0o750);
    expect(() => checkDataDir(dir)).toThrow(
      `The database directory ${path.join(dir, "pgdata")} is open to other users of this machine (mode 0750; it holds patient data)`,
    );
    expect(() => checkDataDir(fresh())).not.toThrow();
  });

  // The programs themselves, as an operator starts them: one line on stderr, exit code 1, before anything else.
  const tsx = pathToFileURL(createRequire(import.meta.url).resolve("tsx")).href;
  const repo = path.resolve(__dirname, "../..");
  const start = (args: string[], dataDir: string) =>
    spawnSync(process.execPath, ["--import", tsx, ...args], {
      cwd: repo,
      encoding: "utf8",
      timeout: 60_000,
      env: { PATH: process.env.PATH, HOME: process.env.HOME, NODE_ENV: "development", DATA_DIR: dataDir, PORT: "0", LOG_LEVEL: "silent" },
    });

  it.each([
    ["the portal (server.ts)", ["server.ts"]],
    ["the standalone registry (registry/cli.ts serve)", ["registry/cli.ts", "serve"]],
  ])("%s refuses to start", (_name, args) => {
    const dir = openDir();
    const run = start(args, dir);
    expect(run.status).toBe(1);
    expect(run.stderr).toBe(
      `DATA_DIR ${dir} is open to other users of this machine (mode 0755; it holds patient data): run chmod -R go-rwx ${dir} and start again\n`,
    );
    expect(readdirSync(dir)).toEqual([]);
  });
});
