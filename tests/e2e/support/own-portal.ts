import { spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { expect } from "@playwright/test";
import { buildDir } from "./e2e-env";

/**
 * A built portal of a spec's own (edge, security-details, overload): started from the e2e build on its own port in
 * demo mode with its log at level info, its data in a fresh temporary directory, its output captured.
 */
export type OwnPortal = {
  process: ChildProcess;
  dataDir: string;
  stdout: string[];
  stderr: string[];
  /** The exit code, once it has exited. */
  exited: Promise<number | null>;
};

/** The lines of captured output, empty ones left out. */
export function lines(chunks: readonly string[]): string[] {
  return chunks
    .join("")
    .split("\n")
    .filter((line) => line !== "");
}

/**
 * Starts it and waits until its log says "portal listening". `env` adds to (or overrides) the settings; `dataDir`
 * receives the temporary directory and names the DATA_DIR inside it (itself by default).
 */
export async function startOwnPortal(
  name: string,
  port: number,
  env: Record<string, string> = {},
  { dataDir = (dir: string) => dir, timeout = 110_000 }: { dataDir?: (dir: string) => string; timeout?: number } = {},
): Promise<OwnPortal> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), `${name}-e2e-`));
  const child = spawn(process.execPath, [path.join(buildDir, "server.js")], {
    env: {
      ...process.env,
      PORT: String(port),
      HOST: "127.0.0.1",
      NODE_ENV: "development",
      DEMO_MODE: "true",
      LOG_LEVEL: "info",
      DATA_DIR: dataDir(dir),
      PUBLIC_URL: `http://127.0.0.1:${port}/`,
      ...env,
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  const portal: OwnPortal = {
    process: child,
    dataDir: dir,
    stdout: [],
    stderr: [],
    exited: new Promise((resolve) => child.once("exit", (code) => resolve(code))),
  };
  child.stdout!.on("data", (d: Buffer) => portal.stdout.push(d.toString("utf8")));
  child.stderr!.on("data", (d: Buffer) => portal.stderr.push(d.toString("utf8")));
  await expect.poll(() => lines(portal.stdout).some((line) => line.includes('"portal listening"')), { timeout }).toBe(true);
  return portal;
}

/** Kills it if it still runs and removes its data. */
export async function stopOwnPortal(portal: OwnPortal | undefined): Promise<void> {
  if (!portal) return;
  if (portal.process.exitCode === null && portal.process.signalCode === null) {
    portal.process.kill("SIGKILL");
    await portal.exited;
  }
  fs.rmSync(portal.dataDir, { recursive: true, force: true });
}
