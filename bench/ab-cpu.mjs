// A/B of server CPU per answer on a shared machine: two builds started side by side on loopback, each with its own
// fresh DATA_DIR, loaded in turns (A, B, B, A, ...) so both see the same neighbours. Per page and build: the server
// process's user+system CPU (/proc/<pid>/stat) over N answers with one connection and over a run with 20 connections,
// divided by the answers. With --profile, one build only, one page: `node --cpu-prof` and the profile's top
// self-time functions.
//
//   node bench/ab-cpu.mjs --a build-a --b build [--rounds 3] [--n 500] [--seconds 5]
//   node bench/ab-cpu.mjs --a build-a --b build --paired [--rounds 30] [--n 100] [--repeat 4] [--a-bin /usr/bin/node]
//   node bench/ab-cpu.mjs --profile build --page /register [--seconds 10] [--connections 2]
//
// Ports: BENCH_PORTS ("5800-5899") or ones the OS picks.
import autocannon from "autocannon";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { freePort, processCpuMs, signedInPatient, startServer } from "./lib.mjs";

const args = process.argv.slice(2);
const opt = (name, fallback) => {
  const i = args.indexOf(`--${name}`);
  return i >= 0 ? args[i + 1] : fallback;
};
const ROUNDS = Number(opt("rounds", 3));
const N = Number(opt("n", 500));
const SECONDS = Number(opt("seconds", 5));
const HEADERS = {
  "User-Agent": "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36",
  Accept: "text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8",
  "Accept-Language": "en-US,en;q=0.9",
  // --encoding "gzip, deflate, br, zstd" to load as Chrome does (the bench sends gzip only).
  "Accept-Encoding": opt("encoding", "gzip"),
};
const root = path.resolve(import.meta.dirname, "..");

async function start(buildDir, nodeArgs = [], command = process.execPath) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "ab-cpu-"));
  const server = await startServer({
    command,
    args: [...nodeArgs, path.join(buildDir, "server.js")],
    cwd: root,
    port: await freePort(),
    timeoutMs: 180_000,
    name: buildDir,
    env: {
      BUILD_DIR: buildDir,
      DATA_DIR: dataDir,
      NODE_ENV: "development",
      DEMO_MODE: "true",
      LOG_LEVEL: "error",
      SHUTDOWN_READY_DELAY_MS: "0",
    },
  });
  return { ...server, buildDir, dataDir, signIn: (await signedInPatient(server.baseUrl, HEADERS)).signIn };
}

async function headersFor(server, page) {
  return page === "/landing" ? { ...HEADERS, Cookie: await server.signIn() } : HEADERS;
}

/** CPU ms per answer of `server` for `page`: N answers with one connection, then SECONDS with 20 connections. */
async function measure(server, page) {
  const headers = await headersFor(server, page);
  const url = `${server.baseUrl}${page}`;
  const run = async (o) => {
    const cpu0 = processCpuMs(server.pid);
    const result = await autocannon({ url, headers, pipelining: 1, timeout: 10, ...o });
    const answers = result.requests.total;
    if (result.non2xx || result.errors) throw new Error(`${page}: ${result.non2xx} non-2xx, ${result.errors} errors`);
    return (processCpuMs(server.pid) - cpu0) / answers;
  };
  await run({ connections: 4, amount: 200 }); // warm-up
  return { seq: await run({ connections: 1, amount: N }), c20: await run({ connections: 20, duration: SECONDS }) };
}

/**
 * Paired batches: K answers from A, then K from B (then B, A...), BATCHES times, each with 2 keep-alive
 * connections; per batch the server's CPU per answer. The median of B/A over the pairs holds up on a busy
 * machine better than separate runs do (both builds of a pair share the same seconds).
 */
async function paired(servers, page, batches, k) {
  const headers = { A: await headersFor(servers.A, page), B: await headersFor(servers.B, page) };
  const batch = async (key) => {
    const s = servers[key];
    const cpu0 = processCpuMs(s.pid);
    const r = await autocannon({ url: `${s.baseUrl}${page}`, headers: headers[key], connections: 2, amount: k, pipelining: 1 });
    if (r.non2xx || r.errors) throw new Error(`${page}: ${r.non2xx} non-2xx, ${r.errors} errors`);
    return (processCpuMs(s.pid) - cpu0) / r.requests.total;
  };
  await batch("A");
  await batch("B");
  const a = [];
  const b = [];
  const ratio = [];
  for (let i = 0; i < batches; i++) {
    const first = i % 2 === 0 ? "A" : "B";
    const x = await batch(first);
    const y = await batch(first === "A" ? "B" : "A");
    const [ma, mb] = first === "A" ? [x, y] : [y, x];
    a.push(ma);
    b.push(mb);
    ratio.push(mb / ma);
  }
  return { a: median(a), b: median(b), ratio: median(ratio), ratios: ratio };
}

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

async function ab() {
  const builds = { A: opt("a", "build-a"), B: opt("b", "build") };
  let servers = {};
  // --a-node / --b-node: node options for that build's server (e.g. "--max-semi-space-size=32").
  const nodeArgs = { A: opt("a-node", "").split(" ").filter(Boolean), B: opt("b-node", "").split(" ").filter(Boolean) };
  // --a-bin / --b-bin: the node binary for that build's server (e.g. a build of the last release on its own Node).
  const bins = { A: opt("a-bin", process.execPath), B: opt("b-bin", process.execPath) };
  const startBoth = async () => {
    servers = {};
    for (const [k, dir] of Object.entries(builds)) servers[k] = await start(dir, nodeArgs[k], bins[k]);
  };
  const stopBoth = async () => {
    for (const s of Object.values(servers)) {
      await s.stop();
      fs.rmSync(s.dataDir, { recursive: true, force: true });
    }
  };
  const results = { A: {}, B: {} };
  if (args.includes("--paired")) {
    // --repeat K: K runs, each with both servers started afresh; the figure is the median of every pair of every run
    // (one run's median moves by ±5-8 % on this shared machine), with the quartiles of the pairs.
    const repeat = Number(opt("repeat", 1));
    const pages = opt("pages", "/register,/landing").split(",");
    const all = Object.fromEntries(pages.map((p) => [p, []]));
    console.log(`paired batches: ${repeat} run(s) of ${ROUNDS} pairs of ${N} answers per page (2 connections)`);
    console.log("| Run | Page | A ms/answer (median) | B ms/answer (median) | median B/A |\n| --- | --- | --- | --- | --- |");
    for (let run = 1; run <= repeat; run++) {
      await startBoth();
      try {
        for (const page of pages) {
          const r = await paired(servers, page, ROUNDS, N);
          all[page].push(...r.ratios);
          console.log(`| ${run} | ${page} | ${r.a.toFixed(2)} | ${r.b.toFixed(2)} | ${r.ratio.toFixed(3)} |`);
        }
      } finally {
        await stopBoth();
      }
    }
    if (repeat > 1) {
      const quartile = (xs, q) => [...xs].sort((x, y) => x - y)[Math.floor((xs.length - 1) * q)];
      for (const page of pages)
        console.log(
          `${page}: median B/A over all ${all[page].length} pairs ${median(all[page]).toFixed(3)} (quartiles ${quartile(all[page], 0.25).toFixed(3)}-${quartile(all[page], 0.75).toFixed(3)})`,
        );
    }
    return;
  }
  await startBoth();
  try {
    for (let round = 0; round < ROUNDS; round++) {
      const order = round % 2 === 0 ? ["A", "B"] : ["B", "A"];
      for (const page of ["/register", "/landing"]) {
        for (const k of order) {
          const m = await measure(servers[k], page);
          (results[k][page] ??= []).push(m);
          console.log(`round ${round + 1} ${k} ${page}: 1 conn ${m.seq.toFixed(2)} ms, 20 conn ${m.c20.toFixed(2)} ms`);
        }
      }
    }
  } finally {
    await stopBoth();
  }
  console.log(
    `\nmedian CPU ms per answer over ${ROUNDS} rounds (load average ${os
      .loadavg()
      .map((n) => n.toFixed(1))
      .join(" / ")})`,
  );
  console.log("| Page | Build | 1 connection | 20 connections |\n| --- | --- | --- | --- |");
  for (const page of ["/register", "/landing"])
    for (const k of ["A", "B"]) {
      const ms = results[k][page];
      console.log(`| ${page} | ${k} (${builds[k]}) | ${median(ms.map((m) => m.seq)).toFixed(2)} | ${median(ms.map((m) => m.c20)).toFixed(2)} |`);
    }
}

/** Self time per function (and per file) of a .cpuprofile, top entries. */
function topOf(file, count = 25, window = null) {
  const prof = JSON.parse(fs.readFileSync(file, "utf8"));
  const dt = new Map();
  let at = prof.startTime;
  for (let i = 0; i < prof.samples.length; i++) {
    at += prof.timeDeltas[i] ?? 0;
    if (window && (at < window[0] || at > window[1])) continue;
    dt.set(prof.samples[i], (dt.get(prof.samples[i]) ?? 0) + (prof.timeDeltas[i] ?? 0));
  }
  const byPackage = new Map();
  const self = new Map();
  let total = 0;
  for (const node of prof.nodes) {
    const t = dt.get(node.id) ?? 0;
    total += t;
    const f = node.callFrame;
    const where = f.url ? `${f.url.replace(/^.*node_modules\//, "").replace(/^file:\/\/.*?\/(build[^/]*)\//, "$1/")}:${f.lineNumber + 1}` : "";
    const key = `${f.functionName || "(anonymous)"} ${where}`;
    self.set(key, (self.get(key) ?? 0) + t);
    const pkg =
      /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(f.url)?.[1] ??
      (f.url.startsWith("node:") ? "node:" + f.url.slice(5).split("/")[0] : f.url ? f.url.replace(/^.*\/(build[^/]*)\//, "$1/") : f.functionName);
    byPackage.set(pkg, (byPackage.get(pkg) ?? 0) + t);
  }
  const lines = [...self.entries()].sort((a, b) => b[1] - a[1]).slice(0, count);
  console.log(`total ${(total / 1000).toFixed(0)} ms sampled`);
  for (const [k, t] of lines) console.log(`${((100 * t) / total).toFixed(1).padStart(5)} %  ${k}`);
  console.log("by package / file:");
  for (const [k, t] of [...byPackage.entries()].sort((a, b) => b[1] - a[1]).slice(0, 20))
    console.log(`${((100 * t) / total).toFixed(1).padStart(5)} %  ${k}`);
}

async function profile() {
  const dir = opt("profile");
  const page = opt("page", "/register");
  const profDir = fs.mkdtempSync(path.join(os.tmpdir(), "ab-prof-"));
  const server = await start(dir, ["--cpu-prof", `--cpu-prof-dir=${profDir}`]);
  let window = null;
  try {
    const headers = await headersFor(server, page);
    const url = `${server.baseUrl}${page}`;
    await autocannon({ url, headers, connections: 4, amount: 300 });
    const cpu0 = processCpuMs(server.pid);
    const t0 = Number(process.hrtime.bigint() / 1000n);
    // --connections: 2 (as the paired runs) keeps the admission out of it; 20 makes it refuse some (counted).
    const r = await autocannon({ url, headers, connections: Number(opt("connections", 2)), duration: SECONDS });
    window = [t0, Number(process.hrtime.bigint() / 1000n)];
    const refused = r.non2xx ? `, ${r.non2xx} of them not 2xx` : "";
    console.log(
      `${page}: ${r.requests.total} answers${refused}, ${((processCpuMs(server.pid) - cpu0) / r.requests.total).toFixed(2)} ms CPU each (profiler on)`,
    );
  } finally {
    await server.stop(20_000);
    fs.rmSync(server.dataDir, { recursive: true, force: true });
  }
  const files = fs.readdirSync(profDir).map((f) => path.join(profDir, f));
  const biggest = files.sort((a, b) => fs.statSync(b).size - fs.statSync(a).size)[0];
  console.log(`profile: ${biggest}`);
  fs.writeFileSync(path.join(profDir, "window.json"), JSON.stringify(window));
  topOf(biggest, Number(opt("top", 30)), window);
}

if (opt("top-file")) topOf(opt("top-file"), Number(opt("top", 40)));
else if (opt("profile")) await profile();
else await ab();
