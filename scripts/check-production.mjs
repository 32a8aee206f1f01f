// `npm run check:production` (run by .ci/run): the build on a production install, as an operator makes it.
// A temporary directory gets package.json, package-lock.json and ./build only, then `npm ci --omit=dev --omit=optional`
// (TypeScript, an optional peer of @react-router/node, is otherwise installed: 23 MB never loaded); there,
// with NODE_ENV=production, the staff commands run as `node build/registry.js …` (no tsx, no Vite, no TypeScript)
// and `node build/server.js` serves /register and /readyz; then the backups of docs/operations.md are restored
// (the PGlite data directory; pg_dump/pg_restore when TEST_DATABASE_URL is set). PORT sets the portal's port
// (default: any free one).
import { spawn, spawnSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { checkList, listeningPort } from "./checks.mjs";
import { buildIsCurrent, buildTarget, root, run } from "./lib.mjs";

const { check, finish } = checkList();

/** What a production install (node_modules) may weigh: issue 33's ceiling, with the 43 MB it never loaded left out. */
const MAX_INSTALL_MIB = 115;

/** The bytes of the files under `dir` (as `du --apparent-size` counts them). */
function directoryBytes(dir) {
  let total = 0;
  for (const entry of fs.readdirSync(dir, { withFileTypes: true, recursive: true })) {
    if (entry.isFile()) total += fs.statSync(path.join(entry.parentPath, entry.name)).size;
  }
  return total;
}

const target = buildTarget({ basePath: "/", dir: "build" });
if (!buildIsCurrent(target)) {
  const { build } = await import("./build.mjs");
  build(target);
}

const dir = fs.mkdtempSync(path.join(os.tmpdir(), "portal-production-"));
const secret = () => randomBytes(32).toString("base64url");
const env = {
  PATH: process.env.PATH,
  HOME: process.env.HOME,
  NODE_ENV: "production",
  DATA_DIR: path.join(dir, "data"),
  SESSION_SECRET: secret(),
  TOKEN_SECRET: secret(),
  PUBLIC_URL: "https://portal.example.org/",
  LOG_LEVEL: "info",
};
let server;
try {
  for (const file of ["package.json", "package-lock.json", ".npmrc"]) {
    if (fs.existsSync(path.join(root, file))) fs.copyFileSync(path.join(root, file), path.join(dir, file));
  }
  fs.cpSync(path.join(root, "build"), path.join(dir, "build"), { recursive: true });
  console.log(`Production install in ${dir} (npm ci --omit=dev --omit=optional)…`);
  run("npm", ["ci", "--omit=dev", "--omit=optional", "--no-audit", "--no-fund", "--loglevel=error"], { cwd: dir });
  const devOnly = ["tsx", "vite", "esbuild", "@react-router/dev", "vitest", "typescript", "@picocss/pico", "sass"].filter((p) =>
    fs.existsSync(path.join(dir, "node_modules", p)),
  );
  check(
    "npm ci --omit=dev --omit=optional leaves out the development tools and build-time CSS",
    devOnly.length === 0,
    `installed: ${devOnly.join(", ")}`,
  );
  const installedMiB = directoryBytes(path.join(dir, "node_modules")) / 2 ** 20;
  check(`the production install is at most ${MAX_INSTALL_MIB} MiB (${installedMiB.toFixed(1)} MiB)`, installedMiB <= MAX_INSTALL_MIB);

  const registry = (...args) => spawnSync(process.execPath, ["build/registry.js", ...args], { cwd: dir, env, encoding: "utf8" });
  const seeded = registry("seed-centers");
  check("node build/registry.js seed-centers", seeded.status === 0, seeded.stderr);
  const listed = registry("list-centers");
  const rows = listed.stdout.trim().split("\n").filter(Boolean);
  check("node build/registry.js list-centers prints the stored centers", listed.status === 0 && rows.length > 1, `${listed.stderr}${listed.stdout}`);
  const unknown = registry("no-such-command");
  check(
    "node build/registry.js with an unknown command prints the usage",
    unknown.status === 2 && unknown.stderr.includes("list-centers"),
    unknown.stderr,
  );

  server = spawn(process.execPath, ["build/server.js"], {
    cwd: dir,
    env: { ...env, HOST: "127.0.0.1", PORT: process.env.PORT ?? "0" },
    stdio: ["ignore", "pipe", "inherit"],
  });
  const port = await listeningPort(server);
  check("node build/server.js starts with NODE_ENV=production", port !== undefined);
  if (port !== undefined) {
    const page = await fetch(`http://127.0.0.1:${port}/register`);
    const html = await page.text();
    check("GET /register answers the registration form", page.status === 200 && html.includes('method="post"'), `${page.status}`);
    const ready = await fetch(`http://127.0.0.1:${port}/readyz`);
    check("GET /readyz answers ready (registry and database)", ready.status === 200, `${ready.status}`);
    const stopped = new Promise((resolve) => server.on("exit", (code) => resolve(code)));
    server.kill("SIGTERM");
    check("SIGTERM stops the portal cleanly", (await stopped) === 0);
    server = undefined;
  }

  // Backups as docs/operations.md gives them. PGlite: the data directory, copied while the portal is stopped.
  const archive = path.join(dir, "pglite-backup.tgz");
  run("tar", ["-C", env.DATA_DIR, "-czf", archive, "pgdata"]);
  fs.rmSync(path.join(env.DATA_DIR, "pgdata"), { recursive: true });
  run("tar", ["-C", env.DATA_DIR, "-xzf", archive]);
  const restored = registry("list-centers");
  check(
    "a PGlite data directory restored from its archive holds the same data",
    restored.status === 0 && restored.stdout === listed.stdout,
    restored.stderr,
  );
  // PostgreSQL: pg_dump in the custom format, pg_restore into an empty database.
  const pgUrl = process.env.TEST_DATABASE_URL;
  if (!pgUrl || !["psql", "pg_dump", "pg_restore"].every((cmd) => spawnSync("sh", ["-c", `command -v ${cmd}`]).status === 0)) {
    console.log("skip PostgreSQL backup and restore (needs TEST_DATABASE_URL and the PostgreSQL client programs)");
  } else {
    const database = (name) => Object.assign(new URL(pgUrl), { pathname: `/${name}` }).toString();
    const names = [`backup_check_${process.pid}`, `restore_check_${process.pid}`];
    const psql = (sql) => run("psql", ["-q", "-v", "ON_ERROR_STOP=1", "-c", sql, pgUrl]);
    try {
      for (const name of names) psql(`CREATE DATABASE ${name}`);
      const onPg = (name, ...args) =>
        spawnSync(process.execPath, ["build/registry.js", ...args], { cwd: dir, env: { ...env, DATABASE_URL: database(name) }, encoding: "utf8" });
      onPg(names[0], "seed-centers");
      const before = onPg(names[0], "list-centers");
      const dump = path.join(dir, "registry.dump");
      run("pg_dump", ["--format=custom", `--file=${dump}`, database(names[0])]);
      run("pg_restore", ["--no-owner", "--exit-on-error", `--dbname=${database(names[1])}`, dump]);
      const after = onPg(names[1], "list-centers");
      check(
        "a PostgreSQL registry restored from pg_dump holds the same data",
        before.stdout.split("\n").length > 2 && after.stdout === before.stdout,
        `${before.stderr}${after.stderr}`,
      );
    } finally {
      for (const name of names) spawnSync("psql", ["-q", "-c", `DROP DATABASE IF EXISTS ${name}`, pgUrl], { stdio: "ignore" });
    }
  }
} catch (error) {
  check("production install", false, error instanceof Error ? error.message : String(error));
} finally {
  server?.kill("SIGKILL");
  fs.rmSync(dir, { recursive: true, force: true });
}
finish("production install");
