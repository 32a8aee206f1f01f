// Reusable helpers for the portal's benchmarks: start a server as a child process and wait until it is ready,
// plain loopback HTTP requests, a load run (autocannon), memory samples from /proc, gzip sizes, the machine.
// Everything here targets loopback only and stops by itself: children are killed on exit, on errors and on signals.
import autocannon from "autocannon";
import { spawn } from "node:child_process";
import fs from "node:fs";
import http from "node:http";
import net from "node:net";
import os from "node:os";
import zlib from "node:zlib";

const LOOPBACK = new Set(["127.0.0.1", "localhost", "[::1]", "::1"]);

/** Throws unless the URL points at this machine's loopback interface (benchmarks never load anything else). */
export function assertLoopback(url) {
  const { hostname } = new URL(url);
  if (!LOOPBACK.has(hostname)) throw new Error(`refusing to benchmark ${url}: only loopback addresses are allowed`);
}

// ---------------------------------------------------------------------------------------------------------------
// Child processes

const children = new Set();

function killAll() {
  for (const child of children) {
    if (child.exitCode === null && child.signalCode === null) {
      try {
        child.kill("SIGKILL");
      } catch {
        // already gone
      }
    }
  }
}
process.on("exit", killAll);
for (const [signal, number] of /** @type {[NodeJS.Signals, number][]} */ ([
  ["SIGINT", 2],
  ["SIGTERM", 15],
  ["SIGHUP", 1],
])) {
  process.on(signal, () => {
    killAll();
    process.exit(128 + number);
  });
}

/**
 * A free TCP port on 127.0.0.1: the first free one of BENCH_PORTS ("5650-5699") when it is set (a shared machine
 * where each user has a range), else one the OS picks.
 */
export async function freePort() {
  const range = /^(\d+)-(\d+)$/.exec(process.env.BENCH_PORTS ?? "");
  if (!range) return listenOn(0);
  for (let port = Number(range[1]); port <= Number(range[2]); port++) {
    if (usedPorts.has(port)) continue;
    try {
      usedPorts.add(port);
      return await listenOn(port);
    } catch {
      // taken: try the next one
    }
  }
  throw new Error(`no free port in BENCH_PORTS=${process.env.BENCH_PORTS}`);
}
const usedPorts = new Set();

function listenOn(port) {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.unref();
    srv.on("error", reject);
    srv.listen(port, "127.0.0.1", () => {
      const address = /** @type {import("node:net").AddressInfo} */ (srv.address());
      srv.close(() => resolve(address.port));
    });
  });
}

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Polls `url` until it answers 200 (or `timeoutMs` passes, or `child` exits). Resolves with the time it took in ms.
 * @param {string} url
 * @param {{ timeoutMs?: number, intervalMs?: number, child?: import("node:child_process").ChildProcess }} [options]
 */
export async function waitReady(url, { timeoutMs = 60_000, intervalMs = 20, child } = {}) {
  assertLoopback(url);
  const started = performance.now();
  for (;;) {
    if (child && (child.exitCode !== null || child.signalCode !== null)) {
      throw new Error(`the server exited (${child.exitCode ?? child.signalCode}) before ${url} answered 200`);
    }
    try {
      const answer = await request(url, { timeoutMs: 2_000 });
      if (answer.status === 200) return performance.now() - started;
    } catch {
      // not listening yet
    }
    if (performance.now() - started > timeoutMs) throw new Error(`${url} did not answer 200 within ${timeoutMs} ms`);
    await sleep(intervalMs);
  }
}

/**
 * Starts `node <script> ...args` (or any `command`) as a child on loopback and waits until `readyPath` answers 200.
 * Returns { child, pid, baseUrl, startupMs, stderr(), stop() }; startupMs runs from spawn to the first 200.
 * stderr is kept (last 64 KiB) for error messages; stdout is ignored.
 */
export async function startServer({
  command = process.execPath,
  args = [],
  env = {},
  cwd,
  port,
  readyPath = "/readyz",
  timeoutMs = 60_000,
  name = "server",
}) {
  const baseUrl = `http://127.0.0.1:${port}`;
  const spawnedAt = performance.now();
  const child = spawn(command, args, {
    cwd,
    env: { ...process.env, HOST: "127.0.0.1", PORT: String(port), ...env },
    stdio: ["ignore", "ignore", "pipe"],
  });
  children.add(child);
  let errText = "";
  child.stderr.on("data", (chunk) => {
    errText = (errText + chunk.toString("utf8")).slice(-65_536);
  });
  const exited = new Promise((resolve) => child.once("exit", resolve));
  const stop = async (graceMs = 5_000) => {
    if (child.exitCode === null && child.signalCode === null) {
      child.kill("SIGTERM");
      const timer = setTimeout(() => child.kill("SIGKILL"), graceMs);
      await exited;
      clearTimeout(timer);
    }
    children.delete(child);
  };
  try {
    await waitReady(`${baseUrl}${readyPath}`, { timeoutMs, child });
  } catch (error) {
    await stop(1_000);
    throw new Error(`${name} did not start: ${error.message}${errText ? `\n--- ${name} stderr ---\n${errText.trim()}` : ""}`);
  }
  return { child, pid: child.pid, baseUrl, startupMs: performance.now() - spawnedAt, stderr: () => errText, stop };
}

// ---------------------------------------------------------------------------------------------------------------
// Plain HTTP (node:http, no redirects followed, body kept exactly as sent on the wire)

/**
 * One request. Resolves { status, headers, raw, body }: raw is the body as received, body the decoded bytes
 * (gunzipped / inflated / brotli-decoded when the answer says so).
 * @param {string} url
 * @param {{ method?: string, headers?: Record<string, string>, body?: string | Buffer, timeoutMs?: number }} [options]
 */
export function request(url, { method = "GET", headers = {}, body, timeoutMs = 15_000 } = {}) {
  assertLoopback(url);
  return new Promise((resolve, reject) => {
    const req = http.request(
      url,
      { method, headers: body ? { "Content-Length": Buffer.byteLength(body), ...headers } : headers, agent: false },
      (res) => {
        const chunks = [];
        res.on("data", (c) => chunks.push(c));
        res.on("error", reject);
        res.on("end", () => {
          const raw = Buffer.concat(chunks);
          const encoding = String(res.headers["content-encoding"] ?? "").toLowerCase();
          let decoded = raw;
          try {
            if (encoding === "gzip") decoded = zlib.gunzipSync(raw);
            else if (encoding === "deflate") decoded = zlib.inflateSync(raw);
            else if (encoding === "br") decoded = zlib.brotliDecompressSync(raw);
          } catch (error) {
            reject(new Error(`${url}: cannot decode ${encoding} body: ${error.message}`));
            return;
          }
          resolve({ status: res.statusCode, headers: res.headers, raw, body: decoded });
        });
      },
    );
    req.setTimeout(timeoutMs, () => req.destroy(new Error(`${method} ${url} timed out after ${timeoutMs} ms`)));
    req.on("error", reject);
    if (body) req.write(body);
    req.end();
  });
}

/** The `name=value` pair of cookie `name` from an answer's Set-Cookie headers, or undefined. */
export function cookieFrom(headers, name) {
  const list = headers["set-cookie"] ?? [];
  for (const line of Array.isArray(list) ? list : [list]) {
    const pair = line.split(";")[0].trim();
    if (pair.startsWith(`${name}=`) && pair.length > name.length + 1) return pair;
  }
  return undefined;
}

/** The value of a hidden input `<input ... name="NAME" value="...">` in an HTML page (attribute order free). */
export function hiddenInput(html, name) {
  for (const tag of html.match(/<input\b[^>]*>/gi) ?? []) {
    if (new RegExp(`\\bname="${name}"`).test(tag)) {
      const value = /\bvalue="([^"]*)"/.exec(tag);
      return value ? value[1].replace(/&amp;/g, "&").replace(/&quot;/g, '"') : "";
    }
  }
  return undefined;
}

const SESSION_COOKIE = "pass_session";
/** Patients registered by this process: part of each email, so that two registered in the same millisecond differ. */
let patientSerial = 0;

/**
 * Registers a patient without a browser (GET /register, POST with every field valid after the bot check's 3 s),
 * checks /landing; answers the signed-in cookie and signIn(), which signs in again (a fresh lastSeenAt).
 */
export async function signedInPatient(base, headers) {
  console.log("Registering a patient…");
  const form = await request(`${base}/register`, { headers: headers });
  const formHtml = form.body.toString("utf8");
  const anonCookie = cookieFrom(form.headers, SESSION_COOKIE);
  const csrf = hiddenInput(formHtml, "_csrf");
  if (form.status !== 200 || !anonCookie || !csrf) {
    throw new Error(`GET /register answered ${form.status}, cookie ${anonCookie ? "set" : "missing"}, _csrf ${csrf ? "found" : "missing"}`);
  }
  const serial = (patientSerial += 1);
  const unique = `${Date.now()}${process.pid}${serial}`;
  const digits = unique.slice(-7);
  const fields = {
    _csrf: csrf,
    intent: "register",
    entryreferrer: hiddenInput(formHtml, "entryreferrer") ?? "",
    // The bot check (ACC-018): the empty honeypot and the form's signed issue time, posted after 3 s.
    website: "",
    formIssued: hiddenInput(formHtml, "formIssued") ?? "",
    firstName: "Rosa",
    middleInitial: "",
    lastName: "Martinez",
    preferredName: "Rosa",
    birthDate: "1961-04-12",
    email: `bench.${Date.now().toString(36)}${process.pid.toString(36)}${serial}@example.org`,
    // A possible US number (docs/decisions/090): area code 3N5, exchange 5NN.
    phoneNumber: `(3${digits[0]}5) 5${digits.slice(1, 3)}-${digits.slice(3, 7)}`,
    password: "correct horse battery staple 42",
    confirmPassword: "correct horse battery staple 42",
    addressLine1: "350 Fifth Avenue",
    addressLine2: "",
    city: "New York",
    usState: "33",
    province: "",
    postalCode: "10118",
    country: "1",
    preferredLanguage: "1",
    gender: "2",
    agreedToHipaa: "true",
  };
  await new Promise((resolve) => setTimeout(resolve, 3_500));
  const posted = await request(`${base}/register`, {
    method: "POST",
    headers: { ...headers, "Content-Type": "application/x-www-form-urlencoded", Cookie: anonCookie, Origin: base },
    body: new URLSearchParams(fields).toString(),
  });
  const patientCookie = cookieFrom(posted.headers, SESSION_COOKIE);
  if (posted.status !== 302 || !patientCookie || !String(posted.headers.location ?? "").endsWith("/landing")) {
    const text = posted.body.toString("utf8");
    const alerts = [...text.matchAll(/<a[^>]*href="#register-[^"]*"[^>]*>([^<]*)<\/a>/g)].map((m) => m[1]).join("; ");
    throw new Error(`POST /register answered ${posted.status} (location ${posted.headers.location ?? "none"})${alerts ? `: ${alerts}` : ""}`);
  }
  const landingCheck = await request(`${base}/landing`, { headers: { ...headers, Cookie: patientCookie } });
  if (landingCheck.status !== 200 || !landingCheck.body.toString("utf8").includes("Dashboard")) {
    throw new Error(
      `GET /landing with the new patient's cookie answered ${landingCheck.status}${landingCheck.status === 200 ? ' without "Dashboard"' : ""}`,
    );
  }
  console.log("  signed in: /landing answers 200 with the Dashboard");

  // The session rewrites lastSeenAt (a new encrypted cookie) once it is 30 s old, and autocannon cannot take the
  // new cookie: so each /landing run starts from a fresh sign-in (the login dialog's POST), which sets lastSeenAt
  // to now, and the runs stay well under 30 s. The rewrite would otherwise happen on every answer of a long run.
  const signIn = async () => {
    const page = await request(`${base}/register`, { headers: headers });
    const cookie = cookieFrom(page.headers, SESSION_COOKIE);
    const token = hiddenInput(page.body.toString("utf8"), "_csrf");
    const login = await request(`${base}/register`, {
      method: "POST",
      headers: { ...headers, "Content-Type": "application/x-www-form-urlencoded", Cookie: cookie ?? "", Origin: base },
      body: new URLSearchParams({ _csrf: token ?? "", intent: "login", email: fields.email, password: fields.password }).toString(),
    });
    const signedIn = cookieFrom(login.headers, SESSION_COOKIE);
    if (login.status !== 302 || !signedIn)
      throw new Error(`signing in again answered ${login.status} (location ${login.headers.location ?? "none"})`);
    const check = await request(`${base}/landing`, { headers: { ...headers, Cookie: signedIn } });
    if (check.status !== 200 || !check.body.toString("utf8").includes("Dashboard"))
      throw new Error(`GET /landing after signing in again answered ${check.status}`);
    return signedIn;
  };

  return { patientCookie, signIn, credentials: { email: fields.email, password: fields.password } };
}

// ---------------------------------------------------------------------------------------------------------------
// Load

/** Picks the numbers the reports use from an autocannon result. */
export function summarizeLoad(result) {
  const statusCodes = Object.fromEntries(Object.entries(result.statusCodeStats ?? {}).map(([code, v]) => [code, v.count]));
  const completed = result.requests.total;
  return {
    url: result.url,
    connections: result.connections,
    durationS: result.duration,
    requestsPerSec: result.requests.average,
    requestsTotal: completed,
    latencyP50Ms: result.latency.p50,
    latencyP99Ms: result.latency.p99,
    latencyAvgMs: result.latency.average,
    latencyMaxMs: result.latency.max,
    throughputBytesPerSec: result.throughput.average,
    non2xx: result.non2xx,
    errors: result.errors,
    timeouts: result.timeouts,
    statusCodes,
  };
}

/**
 * Loads `url` with `connections` keep-alive connections for `durationS` seconds after an unmeasured warm-up of
 * `warmupS` seconds. Resolves summarizeLoad(...) of the measured part (`raw` holds autocannon's full result).
 * With `watchPid`, also `memory` (sampleMemory over warm-up and run) and `cpu` (cpuMeter over the measured run,
 * plus cpuMsPerRequest: the watched process's CPU time divided by the requests answered).
 * @param {{ url: string, headers?: Record<string, string>, method?: string, body?: string | Buffer, connections?: number,
 *   durationS?: number, warmupS?: number, timeoutS?: number, watchPid?: number, memoryIntervalMs?: number }} options
 */
export async function runLoad({
  url,
  headers = {},
  method = "GET",
  body,
  connections = 50,
  durationS = 10,
  warmupS = 2,
  timeoutS = 10,
  watchPid,
  memoryIntervalMs = 200,
}) {
  assertLoopback(url);
  const opts = { url, method, headers, body, connections, timeout: timeoutS, pipelining: 1 };
  const sampler = watchPid ? sampleMemory(watchPid, memoryIntervalMs) : null;
  let result;
  let cpu;
  let memory;
  try {
    if (warmupS > 0) await autocannon({ ...opts, duration: warmupS });
    const meter = watchPid ? cpuMeter(watchPid) : null;
    result = await autocannon({ ...opts, duration: durationS });
    cpu = meter?.stop();
  } finally {
    memory = sampler?.stop();
  }
  /** @type {ReturnType<typeof summarizeLoad> & { raw: unknown, memory?: unknown, cpu?: any }} */
  const summary = { ...summarizeLoad(result), raw: result };
  if (memory) summary.memory = memory;
  if (cpu) summary.cpu = { ...cpu, cpuMsPerRequest: cpu.processCpuMs / Math.max(1, summary.requestsTotal) };
  return summary;
}

// ---------------------------------------------------------------------------------------------------------------
// Memory (Linux /proc)

/** { rssKiB, hwmKiB } of a process from /proc/<pid>/status (VmRSS and VmHWM), or null where /proc is missing. */
export function readMemory(pid) {
  try {
    const status = fs.readFileSync(`/proc/${pid}/status`, "utf8");
    const kib = (key) => Number(new RegExp(`^${key}:\\s+(\\d+)\\s+kB`, "m").exec(status)?.[1] ?? NaN);
    return { rssKiB: kib("VmRSS"), hwmKiB: kib("VmHWM") };
  } catch {
    return null;
  }
}

/**
 * Samples VmRSS of `pid` every `intervalMs` until stop() is called; stop() resolves
 * { samples, maxRssKiB, minRssKiB, lastRssKiB, hwmKiB } (hwm read at stop time: the process's peak since start).
 */
export function sampleMemory(pid, intervalMs = 200) {
  const samples = [];
  const take = () => {
    const m = readMemory(pid);
    if (m) samples.push({ t: Date.now(), rssKiB: m.rssKiB });
  };
  take();
  const timer = setInterval(take, intervalMs);
  return {
    stop() {
      clearInterval(timer);
      take();
      const rss = samples.map((s) => s.rssKiB).filter(Number.isFinite);
      return {
        samples,
        maxRssKiB: rss.length ? Math.max(...rss) : NaN,
        minRssKiB: rss.length ? Math.min(...rss) : NaN,
        lastRssKiB: rss.at(-1) ?? NaN,
        hwmKiB: readMemory(pid)?.hwmKiB ?? NaN,
      };
    },
  };
}

// ---------------------------------------------------------------------------------------------------------------
// CPU (Linux /proc): how much CPU a process used over a span, and how busy the whole machine was

const CLOCK_TICKS_PER_S = 100; // USER_HZ: 100 on every Linux build Node supports

/** User + system CPU time of a process in ms (from /proc/<pid>/stat), or NaN. */
export function processCpuMs(pid) {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, "utf8");
    const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / CLOCK_TICKS_PER_S;
  } catch {
    return NaN;
  }
}

function machineTicks() {
  try {
    const [, ...nums] = fs.readFileSync("/proc/stat", "utf8").split("\n")[0].trim().split(/\s+/);
    const v = nums.map(Number);
    const total = v.slice(0, 8).reduce((a, b) => a + b, 0); // user nice system idle iowait irq softirq steal
    return { total, idle: v[3] + v[4] };
  } catch {
    return null;
  }
}

/**
 * Starts measuring; stop() resolves { wallMs, processCpuMs, processCpuPct, selfCpuMs, selfCpuPct, machineBusyPct }:
 * CPU of `pid` and of this process (the load generator) in ms and in % of one core, and the whole machine's busy
 * share in % of all cores (which shows other work competing for the CPUs).
 */
export function cpuMeter(pid) {
  const wall0 = performance.now();
  const proc0 = processCpuMs(pid);
  const self0 = process.cpuUsage();
  const mach0 = machineTicks();
  return {
    stop() {
      const wallMs = performance.now() - wall0;
      const procMs = processCpuMs(pid) - proc0;
      const self = process.cpuUsage(self0);
      const selfMs = (self.user + self.system) / 1000;
      const mach1 = machineTicks();
      const busy = mach0 && mach1 && mach1.total > mach0.total ? 100 * (1 - (mach1.idle - mach0.idle) / (mach1.total - mach0.total)) : NaN;
      return {
        wallMs,
        processCpuMs: procMs,
        processCpuPct: (100 * procMs) / wallMs,
        selfCpuMs: selfMs,
        selfCpuPct: (100 * selfMs) / wallMs,
        machineBusyPct: busy,
      };
    },
  };
}

// ---------------------------------------------------------------------------------------------------------------
// Sizes and formatting

/** Bytes of `buf` after gzip at level 9 (what a static server with maximum compression would send). */
export function gzipSize(buf) {
  return zlib.gzipSync(buf, { level: 9 }).length;
}

export const kib = (bytes) => (bytes / 1024).toFixed(1);
export const mib = (kibValue) => (kibValue / 1024).toFixed(1);

/** A Markdown table from a header row and rows (cells are converted with String()). */
export function table(header, rows) {
  const line = (cells) => `| ${cells.map((c) => String(c).replace(/\|/g, "\\|")).join(" | ")} |`;
  return [line(header), line(header.map(() => "---")), ...rows.map(line)].join("\n");
}

/** The machine the numbers come from. */
export function machineInfo() {
  const cpus = os.cpus();
  let distro = "";
  try {
    distro = /^PRETTY_NAME="?([^"\n]*)"?/m.exec(fs.readFileSync("/etc/os-release", "utf8"))?.[1] ?? "";
  } catch {
    // not Linux
  }
  return {
    cores: cpus.length,
    cpuModel: cpus[0]?.model?.trim() ?? "unknown",
    memoryGiB: (os.totalmem() / 1024 ** 3).toFixed(1),
    node: process.version,
    os: `${os.type()} ${os.release()} ${os.arch()}${distro ? ` (${distro})` : ""}`,
    loadAvg: os
      .loadavg()
      .map((n) => n.toFixed(2))
      .join(" / "),
  };
}
