import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import { expect, test } from "./fixtures";
import { buildDir, E2E_PORT, ownPortalEnv } from "./support/e2e-env";

/**
 * Two built portals behind Debian's nginx running the sample's upstream and proxy settings (deploy/nginx/portal.conf,
 * ports substituted, its /portal/ location served at /), restarted one at a time by deploy/rolling-restart.sh, twice
 * in a row, while a bounded loop of requests goes through nginx: not one error (docs/decisions/086). With nginx's
 * defaults (max_fails=1 fail_timeout=10s) the second round found the first portal still marked down: 502s.
 * Loopback only; the js project runs it once, without a browser.
 */
const NGINX_PORT = E2E_PORT + 60;
const PORTAL_PORTS = [E2E_PORT + 61, E2E_PORT + 62];
const root = path.resolve(import.meta.dirname, "../..");
const found = (cmd: string) => spawnSync("sh", ["-c", `command -v ${cmd}`]).status === 0;

let dir = "";
let nginx: ChildProcess | undefined;
let stopping = false;
const portals = new Map<number, ChildProcess>();

/** Starts the portal on `port` and starts it again whenever it exits (what systemd's Restart= does). */
function supervise(port: number) {
  const child = spawn(process.execPath, [path.join(root, buildDir, "server.js")], {
    env: ownPortalEnv(port, path.join(dir, `data-${port}`), {
      TRUST_PROXY_HOPS: "1",
      SHUTDOWN_READY_DELAY_MS: "1000",
      SHUTDOWN_GRACE_MS: "10000",
    }),
    stdio: "ignore",
  });
  portals.set(port, child);
  fs.writeFileSync(path.join(dir, `portal-${port}.pid`), String(child.pid));
  child.once("exit", () => {
    if (!stopping) supervise(port);
  });
}

const get = (url: string) =>
  new Promise<number>((resolve) => {
    const req = http.get(url, { agent: false, timeout: 15_000 }, (res) => {
      res.resume();
      // A connection closed before the answer's end is an error on the answer itself ("aborted"), not on the request.
      res.on("error", () => resolve(0));
      res.on("end", () => resolve(res.statusCode ?? 0));
    });
    req.on("timeout", () => req.destroy(new Error("timeout")));
    req.on("error", () => resolve(0));
  });

/** Runs a command without blocking this process (its supervisor and clients go on meanwhile). */
function run(command: string, args: string[], env: NodeJS.ProcessEnv) {
  return new Promise<{ status: number | null; stdout: string; stderr: string }>((resolve) => {
    const child = spawn(command, args, { env, stdio: ["ignore", "pipe", "pipe"] });
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (d: Buffer) => (stdout += d.toString("utf8")));
    child.stderr.on("data", (d: Buffer) => (stderr += d.toString("utf8")));
    const timer = setTimeout(() => child.kill("SIGKILL"), 150_000);
    child.once("close", (status) => {
      clearTimeout(timer);
      resolve({ status, stdout, stderr });
    });
  });
}

async function waitFor(url: string, ms: number) {
  const end = Date.now() + ms;
  while (Date.now() < end) {
    if ((await get(url)) === 200) return;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`${url} did not answer 200 within ${ms} ms`);
}

test.describe("two portals behind nginx, restarted one at a time", () => {
  test.skip(({ javaScriptEnabled }) => !javaScriptEnabled, "no browser: once is enough");
  test.skip(!found("nginx") || !found("curl"), "nginx or curl is not installed");

  // eslint-disable-next-line no-empty-pattern -- Playwright reads fixture dependencies from the destructuring
  test.beforeAll(async ({}, testInfo) => {
    if (testInfo.project.name !== "js") return;
    testInfo.setTimeout(180_000);
    dir = fs.mkdtempSync(path.join(os.tmpdir(), "rolling-restart-"));
    fs.mkdirSync(path.join(dir, "logs"));
    // The sample's upstream block and /portal/ location, for two portals built for "/" on their own ports.
    const sample = fs
      .readFileSync(path.join(root, "deploy/nginx/portal.conf"), "utf8")
      .replace("server 127.0.0.1:3000 ", `server 127.0.0.1:${PORTAL_PORTS[0]} `)
      .replace("server 127.0.0.1:3001 ", `server 127.0.0.1:${PORTAL_PORTS[1]} `)
      .replace("listen 8080;", `listen 127.0.0.1:${NGINX_PORT};`)
      .replace("location /portal/ {", "location / {");
    expect(sample).toContain(`server 127.0.0.1:${PORTAL_PORTS[1]} `);
    fs.writeFileSync(path.join(dir, "portal.conf"), sample);
    fs.writeFileSync(
      path.join(dir, "nginx.conf"),
      `worker_processes 1;\npid ${dir}/nginx.pid;\nerror_log ${dir}/logs/error.log warn;\nevents { worker_connections 256; }\n` +
        `http {\n  access_log off;\n  client_body_temp_path ${dir}/body;\n  proxy_temp_path ${dir}/proxy;\n  fastcgi_temp_path ${dir}/fastcgi;\n` +
        `  uwsgi_temp_path ${dir}/uwsgi;\n  scgi_temp_path ${dir}/scgi;\n  include ${dir}/portal.conf;\n}\n`,
    );
    for (const port of PORTAL_PORTS) supervise(port);
    for (const port of PORTAL_PORTS) await waitFor(`http://127.0.0.1:${port}/readyz`, 150_000);
    nginx = spawn("nginx", ["-p", dir, "-c", path.join(dir, "nginx.conf"), "-g", "daemon off;"], { stdio: "ignore" });
    await waitFor(`http://127.0.0.1:${NGINX_PORT}/healthz`, 20_000);
  });

  test.afterAll(async () => {
    stopping = true;
    if (nginx && nginx.exitCode === null) {
      const exited = new Promise((resolve) => nginx!.once("exit", resolve));
      nginx.kill("SIGQUIT");
      await exited;
    }
    for (const child of portals.values()) if (child.exitCode === null && child.signalCode === null) child.kill("SIGKILL");
    if (dir) fs.rmSync(dir, { recursive: true, force: true });
  });

  test("twice in a row, each portal within seconds of the other (nginx's old fail_timeout was 10 s): 0 errors in a request loop", async () => {
    test.setTimeout(180_000);
    // Four clients loop through nginx (a page through the app, and the health check) until the restarts are done.
    const statuses: Record<number, number> = {};
    let running = true;
    const client = async (i: number) => {
      for (let n = 0; running && n < 20_000; n++) {
        const status = await get(`http://127.0.0.1:${NGINX_PORT}${(n + i) % 5 === 0 ? "/register" : "/healthz"}`);
        statuses[status] = (statuses[status] ?? 0) + 1;
      }
    };
    const clients = Promise.all([0, 1, 2, 3].map(client));
    // As `systemctl restart`: returns once the old process has stopped (it drains first); the supervisor starts it again.
    const restartOne = path.join(dir, "restart-portal.sh");
    fs.writeFileSync(restartOne, `pid=$(cat "${dir}/portal-$1.pid")\nkill -TERM "$pid"\nwhile kill -0 "$pid" 2>/dev/null; do sleep 0.1; done\n`);
    for (let round = 0; round < 2; round++) {
      const result = await run(
        "sh",
        [path.join(root, "deploy/rolling-restart.sh"), ...PORTAL_PORTS.map((port) => `${port}=http://127.0.0.1:${port}/readyz`)],
        { ...process.env, RESTART_COMMAND: `sh ${restartOne}`, READY_TIMEOUT: "120", SETTLE: "0" },
      );
      expect(result.stderr).toBe("");
      expect(result.status).toBe(0);
      expect(result.stdout).toContain(`rolling-restart: ${PORTAL_PORTS[1]} is ready`);
    }
    running = false;
    await clients;
    const total = Object.values(statuses).reduce((a, b) => a + b, 0);
    expect(total).toBeGreaterThan(100);
    expect(statuses).toEqual({ 200: total });
  });
});
