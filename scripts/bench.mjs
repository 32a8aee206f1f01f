// `npm run bench`: builds the portal if needed, starts it on loopback with a fresh demo data folder, signs a patient
// up without a browser, loads /register and /landing, loads a bare node:http server replaying the same answers
// for reference, weighs each page's JavaScript and CSS, samples the portal's memory, and writes a Markdown report
// to bench/results/ (see bench/README.md). No thresholds: the report is the output.
// It also times the registry's centers query at 100, 1,000 and 10,000 centers (bench/centers-query.ts);
// BENCH_ONLY=centers runs only that part. The client side (issue 13): the JavaScript of every page from the build's
// manifest (bench/route-weights.mjs) and each page on an emulated old phone in Chromium (bench/tti.mjs);
// The JavaScript budget: both against a stock React Router page built and served beside the portal
// (bench/stock-budget.mjs, bench/stock-page/). BENCH_ONLY=client runs only that part with the page weights. Last, hostile traffic (bench/hostile.mjs): GET /register while sign-in is
// flooded from one and from six addresses, and ten 20 MB posts. The admission (docs/decisions/134): goodput under 2,500
// signed-in dashboards honouring Retry-After (bench/overload.mjs) and who still signs in under a sign-in flood and a
// page-load flood (bench/flood.mjs), then the same floods at the staff console (bench/staff-flood.mjs); BENCH_ONLY=admission
// runs only those on a portal of their own, BENCH_ADMISSION=overload, flood or staff only one of them
// (BENCH_CPU_PROF=<dir>: that portal writes a CPU profile there when it stops).
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { buildDir, buildIsCurrent, ensureInstalled, root } from "./lib.mjs";

/** Durations (seconds) and connections; BENCH_DURATION / BENCH_WARMUP / BENCH_CONNECTIONS override them. */
const CONFIG = {
  connections: Number(process.env.BENCH_CONNECTIONS ?? 50),
  durationS: Number(process.env.BENCH_DURATION ?? 10),
  warmupS: Number(process.env.BENCH_WARMUP ?? 2),
  serialS: 3,
  memoryIntervalMs: 200,
};

/** What a browser sends on a page load (the portal streams to browsers and waits for everything for bots). */
const BROWSER_HEADERS = {
  "User-Agent": "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36",
  Accept: "text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8",
  "Accept-Language": "en-US,en;q=0.9",
  "Accept-Encoding": "gzip",
};

function pad(n) {
  return String(n).padStart(2, "0");
}
function stamp(d) {
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}-${pad(d.getHours())}${pad(d.getMinutes())}`;
}
function gitRevision() {
  try {
    const rev = execFileSync("git", ["rev-parse", "--short", "HEAD"], { cwd: root, encoding: "utf8", stdio: ["ignore", "pipe", "ignore"] }).trim();
    const dirty = execFileSync("git", ["status", "--porcelain"], { cwd: root, encoding: "utf8", stdio: ["ignore", "pipe", "ignore"] }).trim();
    return dirty ? `${rev} (with uncommitted changes)` : rev;
  } catch {
    return "unknown";
  }
}

/**
 * The centers-query benchmark (bench/centers-query.ts, TypeScript, run with tsx in its own process after the portal
 * runs, so the two never share the cores): its Markdown report section.
 */
function centersSection() {
  console.log("Timing the centers query at 100, 1,000 and 10,000 centers (bench/centers-query.ts)…");
  const tsx = path.join(root, "node_modules", ".bin", "tsx");
  try {
    return execFileSync(tsx, [path.join(root, "bench", "centers-query.ts"), "--markdown"], {
      cwd: root,
      encoding: "utf8",
      stdio: ["ignore", "pipe", "inherit"],
      timeout: 15 * 60_000,
    });
  } catch (error) {
    return `## Centers query\n\n**Not measured**: ${error instanceof Error ? error.message.split("\n")[0] : String(error)}\n`;
  }
}

async function centersOnly() {
  ensureInstalled();
  const section = centersSection();
  const outDir = path.join(root, "bench", "results");
  fs.mkdirSync(outDir, { recursive: true });
  const file = path.join(outDir, `${stamp(new Date())}-centers.md`);
  const { machineInfo } = await import("../bench/lib.mjs");
  const m = machineInfo();
  fs.writeFileSync(
    file,
    `# Centers query benchmark\n\n${m.cores} cores (${m.cpuModel}), Node.js ${m.node}, load average ${m.loadAvg}, revision ${gitRevision()}\n\n${section}`,
  );
  console.log(`\n${section}\nReport: ${path.relative(root, file)}`);
}

/**
 * Patients for the overload run: `n` registered two at a time (each from its own address, the two emails a few
 * milliseconds apart; more at once overflow the password hashing pool's queue on a busy machine), their sign-ins.
 */
async function overloadPatients(lib, base, n, firstAddress = 50) {
  const patients = [];
  for (let i = 0; i < n; i += 2) {
    const batch = Array.from({ length: Math.min(2, n - i) }, async (_, j) => {
      await new Promise((resolve) => setTimeout(resolve, 3 * j));
      return lib.signedInPatient(base, { ...BROWSER_HEADERS, "X-Forwarded-For": `192.0.2.${firstAddress + i + j}` });
    });
    patients.push(...(await Promise.all(batch)));
  }
  return patients;
}

/** Two more patients for the floods: the known browser's owner and the new browser's. */
async function floodPatients(lib, base) {
  const [owner, newcomer] = await overloadPatients(lib, base, 2, 70);
  return { owner: owner.credentials, newcomer: newcomer.credentials };
}

/** BENCH_ONLY=admission: the overload's goodput and the floods, on a portal of their own. */
async function admissionOnly() {
  const startedAt = new Date();
  ensureInstalled();
  // BENCH_USE_BUILD=1: the build in BUILD_DIR as it is (an older revision's, for a before/after).
  if (process.env.BENCH_USE_BUILD !== "1" && !buildIsCurrent()) {
    console.log("Building the portal…");
    const { build } = await import("./build.mjs");
    build();
  }
  const lib = await import("../bench/lib.mjs");
  const loadAvgAtStart = lib.machineInfo().loadAvg;
  const dataDir = path.join(root, ".cache", "bench-data", "portal-admission");
  fs.rmSync(dataDir, { recursive: true, force: true });
  fs.mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  const profile = process.env.BENCH_CPU_PROF ? ["--cpu-prof", `--cpu-prof-dir=${path.resolve(process.env.BENCH_CPU_PROF)}`] : [];
  const portal = await lib.startServer({
    name: "the portal",
    args: [...profile, path.join(root, buildDir(), "server.js")],
    cwd: root,
    readyPath: "/readyz",
    timeoutMs: 180_000,
    port: await lib.freePort(),
    env: { DATA_DIR: dataDir, NODE_ENV: "development", DEMO_MODE: "true", LOG_LEVEL: "error", TRUST_PROXY_HOPS: "1" },
  });
  try {
    const base = portal.baseUrl;
    const { measureOverload, overloadSection, OVERLOAD } = await import("../bench/overload.mjs");
    const { measureFlood, floodSection } = await import("../bench/flood.mjs");
    const parts = [];
    // BENCH_ADMISSION=overload, flood or staff: only that part (the staff console's floods: bench/staff-flood.mjs).
    const only = process.env.BENCH_ADMISSION;
    if (!only || only === "overload") {
      const patients = await overloadPatients(lib, base, OVERLOAD.unloadedConnections);
      const overload = await measureOverload({ base, headers: BROWSER_HEADERS, cookies: patients.map((p) => p.patientCookie) });
      parts.push(overloadSection(overload, lib));
    }
    if (!only || only === "flood") {
      const floods = await measureFlood({ base, headers: BROWSER_HEADERS, ...(await floodPatients(lib, base)) });
      parts.push(floodSection(floods, lib));
    }
    if (!only || only === "staff") {
      const { measureStaffFlood, staffFloodSection } = await import("../bench/staff-flood.mjs");
      parts.push(staffFloodSection(await measureStaffFlood({ base, headers: BROWSER_HEADERS }), lib));
    }
    const m = lib.machineInfo();
    const head = `# Admission benchmark — ${startedAt.toISOString().replace("T", " ").slice(0, 16)} UTC\n\n${m.cores} cores (${m.cpuModel}), Node.js ${m.node}, load average ${loadAvgAtStart} → ${m.loadAvg}, revision ${gitRevision()}\n\n`;
    writeReport(`${stamp(startedAt)}-admission.md`, `${head}${parts.join("\n")}`, false);
  } finally {
    await portal.stop(30_000);
  }
}

async function main() {
  if (process.env.BENCH_ONLY === "centers") return centersOnly();
  if (process.env.BENCH_ONLY === "admission") return admissionOnly();
  const startedAt = new Date();
  const t0 = performance.now();
  ensureInstalled();
  let built = "build was current";
  // BENCH_USE_BUILD=1: measure the build in BUILD_DIR as it is (e.g. an older revision's, for a before/after).
  if (process.env.BENCH_USE_BUILD === "1") built = `the build in ${buildDir()} as found (BENCH_USE_BUILD)`;
  else if (!buildIsCurrent()) {
    console.log("Building the portal…");
    const b0 = performance.now();
    const { build } = await import("./build.mjs");
    build();
    built = `built first (${((performance.now() - b0) / 1000).toFixed(1)} s)`;
  }
  // The stock React Router page of the JavaScript budget (bench/stock-budget.mjs), built before anything is timed.
  const stockBudget = await import("../bench/stock-budget.mjs");
  built += `; ${stockBudget.buildStockPage()}`;
  const lib = await import("../bench/lib.mjs");
  const { request, runLoad, readMemory, gzipSize, startServer, freePort, kib, mib, table } = lib;
  const loadAvgAtStart = lib.machineInfo().loadAvg;

  // 1. Start the portal ---------------------------------------------------------------------------------------------
  const dataDir = path.join(root, ".cache", "bench-data", "portal");
  fs.rmSync(dataDir, { recursive: true, force: true });
  fs.mkdirSync(dataDir, { recursive: true, mode: 0o700 }); // an open DATA_DIR stops the start (docs/decisions/084)
  const portalPort = await freePort();
  console.log(`Starting the portal on 127.0.0.1:${portalPort}…`);
  const portalOptions = {
    name: "the portal",
    args: [path.join(root, buildDir(), "server.js")],
    cwd: root,
    readyPath: "/readyz",
    // A shared, busy machine can take a minute to start it.
    timeoutMs: 180_000,
    // One trusted proxy hop: the hostile-traffic flood sets its client addresses with X-Forwarded-For.
    env: { DATA_DIR: dataDir, NODE_ENV: "development", DEMO_MODE: "true", LOG_LEVEL: "error", TRUST_PROXY_HOPS: "1" },
  };
  const portal = await startServer({ ...portalOptions, port: portalPort });
  const base = portal.baseUrl;
  console.log(`  ready in ${portal.startupMs.toFixed(0)} ms (pid ${portal.pid})`);

  try {
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    const atRest = readMemory(portal.pid);

    // 2. A signed-in patient, without a browser -------------------------------------------------------------------
    const patient = await lib.signedInPatient(base, BROWSER_HEADERS);

    // 3. Captured answers (bare-server fixtures) and page weight ---------------------------------------------------
    const pages = benchPages(patient);
    const fixtures = {};
    const weights = [];
    for (const page of pages) {
      const answer = await request(`${base}${page.path}`, { headers: page.headers });
      if (answer.status !== 200) throw new Error(`GET ${page.path} answered ${answer.status} while capturing it`);
      fixtures[page.path] = {
        status: answer.status,
        headers: {
          "Content-Type": answer.headers["content-type"],
          ...(answer.headers["content-encoding"] ? { "Content-Encoding": answer.headers["content-encoding"] } : {}),
        },
        bodyBase64: answer.raw.toString("base64"),
      };
      const html = answer.body.toString("utf8");
      weights.push({
        page,
        html,
        wireBytes: answer.raw.length,
        contentEncoding: answer.headers["content-encoding"] ?? "identity",
        ...(await pageWeight(base, html, lib)),
      });
    }

    // 3b. The client side: every page's JavaScript (from the build) and an emulated old phone (Chromium) -----------
    const { routeWeights, routeWeightsSection } = await import("../bench/route-weights.mjs");
    const { measureOldPhone, oldPhoneSection } = await import("../bench/tti.mjs");
    const perRoute = routeWeights(path.join(root, buildDir(), "client"), { gzipSize });
    console.log(`JavaScript of every page: heaviest ${perRoute[0]?.id} ${kib(perRoute[0]?.gzip ?? 0)} KiB gzip`);
    const stockPage = await stockBudget.startStockPage({ startServer, port: await freePort() });
    console.log(
      `Loading ${pages.map((p) => p.name).join(" and ")} and the stock page on an emulated old phone (Chromium, CPU x6, 1.6 Mbps, 150 ms)…`,
    );
    let oldPhone;
    try {
      oldPhone = await measureOldPhone({
        base,
        runs: Number(process.env.BENCH_PHONE_RUNS ?? 3),
        pages: [
          { name: "/register", path: "/register" },
          { name: "/landing", path: "/landing", cookie: await patient.signIn() },
          { name: "stock /register (bench/stock-page)", path: "/register", base: stockPage.baseUrl, stock: true },
        ],
      });
    } finally {
      await stockPage.stop();
    }
    for (const p of oldPhone.pages)
      console.log(
        `  ${p.name}: time to interactive ${(p.median.tti / 1000).toFixed(2)} s, hydrated ${((p.median.hydrated ?? NaN) / 1000).toFixed(2)} s`,
      );
    const budget = stockBudget.budgetSection({ perRoute, stock: stockBudget.stockWeight({ gzipSize }), oldPhone, kib });
    for (const line of budget.lines) console.log(`Budget: ${line}`);
    const clientSections = `${budget.text}\n${routeWeightsSection(perRoute, { kib })}\n${oldPhoneSection(oldPhone)}`;
    if (process.env.BENCH_ONLY === "client") {
      const m = lib.machineInfo();
      const head = `# Client benchmark — ${startedAt.toISOString().replace("T", " ").slice(0, 16)} UTC\n\n${m.cores} cores (${m.cpuModel}), Node.js ${m.node}, load average ${loadAvgAtStart} → ${m.loadAvg}, revision ${gitRevision()}, ${built}\n\n`;
      writeReport(`${stamp(startedAt)}-client.md`, `${head}${weightSection({ weights, kib, table })}\n${clientSections}`, false);
      return;
    }

    // 4. Load on the portal, with memory samples -----------------------------------------------------------------
    const { portalLoads, serial } = await loadPortal(base, portal.pid, pages, lib);
    const afterLoad = readMemory(portal.pid);
    // 2,500 signed-in dashboards at once: answers by status, no 500 (bench/overload.mjs, docs/decisions/086).
    const { measureOverload, overloadSection } = await import("../bench/overload.mjs");
    const overloadCookies = (await overloadPatients(lib, base, 7)).map((p) => p.patientCookie);
    const overload = await measureOverload({ base, headers: BROWSER_HEADERS, cookies: [await patient.signIn(), ...overloadCookies] });
    // After the load runs: the flood uses up its addresses' sign-in limits, and the big posts grow the memory.
    const { measureHostile, hostileSection } = await import("../bench/hostile.mjs");
    const hostile = await measureHostile({ base, pid: portal.pid, headers: BROWSER_HEADERS });
    // Issue 35: the known browser's owner and a new browser's patient under a sign-in flood and a page-load flood.
    const { measureFlood, floodSection } = await import("../bench/flood.mjs");
    const floods = await measureFlood({ base, headers: BROWSER_HEADERS, ...(await floodPatients(lib, base)) });
    const stderrTail = portal.stderr().trim();
    await portal.stop();

    // A second start on the same DATA_DIR: the database exists, so this is the start-up without creating it.
    console.log("Restarting the portal on the same data folder…");
    const again = await startServer({ ...portalOptions, port: await freePort() });
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    const restart = { startupMs: again.startupMs, atRest: readMemory(again.pid) };
    await again.stop();
    console.log(`  ready in ${restart.startupMs.toFixed(0)} ms`);

    // 4b. The same portal on a PostgreSQL server, when BENCH_DATABASE_URL or TEST_DATABASE_URL is set --------------
    const postgres = await measurePostgres(portalOptions, lib);

    // 5. The bare node:http reference ----------------------------------------------------------------------------
    const fixtureFile = path.join(dataDir, "bare-fixtures.json");
    fs.writeFileSync(fixtureFile, JSON.stringify(fixtures));
    const barePort = await freePort();
    console.log(`Starting the bare node:http reference on 127.0.0.1:${barePort}…`);
    const bare = await startServer({
      name: "the bare server",
      args: [path.join(root, "bench", "bare-server.mjs"), fixtureFile],
      cwd: root,
      port: barePort,
      readyPath: "/register",
      env: {},
    });
    const bareLoads = {};
    try {
      for (const page of pages) {
        console.log(`Loading ${page.name} on the bare server…`);
        bareLoads[page.path] = await runLoad({
          url: `${bare.baseUrl}${page.path}`,
          headers: page.headers,
          connections: CONFIG.connections,
          durationS: CONFIG.durationS,
          warmupS: CONFIG.warmupS,
          watchPid: bare.pid,
        });
        logLoad(bareLoads[page.path]);
      }
    } finally {
      await bare.stop();
    }

    // 6. The registry's centers query at 100, 1,000 and 10,000 centers ------------------------------------------------
    const centers = centersSection();

    // 7. The report ------------------------------------------------------------------------------------------------
    const report = renderReport({
      centers,
      lib,
      startedAt,
      totalS: (performance.now() - t0) / 1000,
      built,
      machine: lib.machineInfo(),
      loadAvgAtStart,
      restart,
      postgres,
      revision: gitRevision(),
      portal: { startupMs: portal.startupMs, atRest, afterLoad, stderrTail },
      weights,
      clientSections,
      pages,
      portalLoads,
      serial,
      bareLoads,
      kib,
      mib,
      table,
      gzipSize,
    });
    writeReport(
      `${stamp(startedAt)}.md`,
      `${report}\n${overloadSection(overload, { table })}\n${hostileSection(hostile, { table, mib })}\n${floodSection(floods, { table })}`,
      true,
    );
    const anyErrors = [...Object.values(portalLoads), ...Object.values(serial), ...Object.values(bareLoads)].some(
      (l) => l.non2xx || l.errors || l.timeouts,
    );
    if (anyErrors) console.warn("Some runs had non-2xx answers, errors or timeouts: see the report.");
  } finally {
    await portal.stop();
  }
}

/**
 * The portal with its registry on a PostgreSQL server (DATABASE_URL): a database made for the run on the server of
 * BENCH_DATABASE_URL (or TEST_DATABASE_URL), dropped afterwards; a new patient; the same loads. Null without a URL.
 */
async function measurePostgres(portalOptions, lib) {
  const serverUrl = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL;
  if (!serverUrl) return null;
  const { default: pg } = await import("pg");
  const name = `bench_portal_${process.pid}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  const dataDir = path.join(root, ".cache", "bench-data", "portal-postgres");
  try {
    await admin.query(`create database "${name}"`);
    const url = new URL(serverUrl);
    url.pathname = `/${name}`;
    fs.rmSync(dataDir, { recursive: true, force: true });
    fs.mkdirSync(dataDir, { recursive: true, mode: 0o700 });
    console.log("Starting the portal on PostgreSQL (DATABASE_URL)…");
    const portal = await lib.startServer({
      ...portalOptions,
      name: "the portal on PostgreSQL",
      port: await lib.freePort(),
      env: { ...portalOptions.env, DATA_DIR: dataDir, DATABASE_URL: url.toString() },
    });
    try {
      await new Promise((resolve) => setTimeout(resolve, 1_000));
      const atRest = lib.readMemory(portal.pid);
      const pages = benchPages(await lib.signedInPatient(portal.baseUrl, BROWSER_HEADERS));
      return { startupMs: portal.startupMs, atRest, ...(await loadPortal(portal.baseUrl, portal.pid, pages, lib)) };
    } finally {
      await portal.stop();
    }
  } finally {
    await admin.query(`drop database if exists "${name}" with (force)`).catch(() => {});
    await admin.end();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

/** The two pages loaded, /landing with the patient's cookie (signed in again before each run). */
function benchPages({ patientCookie, signIn }) {
  return [
    {
      name: "/register",
      path: "/register",
      headers: BROWSER_HEADERS,
      mainCheck: (html) => /<form\b[^>]*method="post"/i.test(html) && /<main\b/i.test(html) && html.includes('name="firstName"'),
    },
    {
      name: "/landing",
      path: "/landing",
      headers: { ...BROWSER_HEADERS, Cookie: patientCookie },
      async refresh() {
        this.headers = { ...BROWSER_HEADERS, Cookie: await signIn() };
      },
      mainCheck: (html) => /<main\b/i.test(html) && /<h1[^>]*>Dashboard<\/h1>/.test(html),
    },
  ];
}

/** Step 4: each page under load, then with one connection; memory sampled during the loaded runs. */
async function loadPortal(base, pid, pages, { runLoad }) {
  const portalLoads = {};
  for (const page of pages) {
    await page.refresh?.();
    console.log(`Loading ${page.name} on the portal (${CONFIG.connections} connections, ${CONFIG.warmupS} s warm-up + ${CONFIG.durationS} s)…`);
    portalLoads[page.path] = await runLoad({
      url: `${base}${page.path}`,
      headers: page.headers,
      connections: CONFIG.connections,
      durationS: CONFIG.durationS,
      warmupS: CONFIG.warmupS,
      watchPid: pid,
      memoryIntervalMs: CONFIG.memoryIntervalMs,
    });
    logLoad(portalLoads[page.path]);
  }
  const serial = {};
  for (const page of pages) {
    await page.refresh?.();
    console.log(`Loading ${page.name} on the portal with 1 connection (${CONFIG.serialS} s)…`);
    serial[page.path] = await runLoad({
      url: `${base}${page.path}`,
      headers: page.headers,
      connections: 1,
      durationS: CONFIG.serialS,
      warmupS: 0,
      watchPid: pid,
    });
    logLoad(serial[page.path]);
  }
  return { portalLoads, serial };
}
function logLoad(l) {
  const problems = l.non2xx || l.errors || l.timeouts ? `, non-2xx ${l.non2xx}, errors ${l.errors}, timeouts ${l.timeouts}` : "";
  console.log(`  ${l.requestsPerSec.toFixed(0)} req/s, p50 ${l.latencyP50Ms} ms, p99 ${l.latencyP99Ms} ms${problems}`);
}

/** The JavaScript and CSS a browser loads for a page: scripts, module preloads and module imports, followed once each. */
async function pageWeight(base, html, { request, gzipSize }) {
  const fetched = new Map();
  const get = async (url) => {
    if (!fetched.has(url)) {
      const answer = await request(url, { headers: { "Accept-Encoding": "identity" } });
      if (answer.status !== 200) throw new Error(`GET ${url} answered ${answer.status}`);
      fetched.set(url, answer.body);
    }
    return fetched.get(url);
  };
  const attrs = (tag) => Object.fromEntries([...tag.matchAll(/([a-zA-Z-]+)(?:="([^"]*)")?/g)].slice(1).map((m) => [m[1].toLowerCase(), m[2] ?? ""]));
  const staticImports = (code) => [...code.matchAll(/(?:\bimport|\bfrom)\s*["']([^"']+\.m?js)["']/g)].map((m) => m[1]);
  const dynamicImports = (code) => [...code.matchAll(/\bimport\(\s*["']([^"']+\.m?js)["']\s*\)/g)].map((m) => m[1]);

  const jsUrls = new Set();
  const cssUrls = new Set();
  const lazy = new Set();
  for (const [tag] of html.matchAll(/<(?:script|link)\b[^>]*>/gi)) {
    const a = attrs(tag);
    if (tag.toLowerCase().startsWith("<script") && a.src) jsUrls.add(new URL(a.src, base).href);
    if (a.rel === "modulepreload" && a.href) jsUrls.add(new URL(a.href, base).href);
    if (a.rel === "stylesheet" && a.href) cssUrls.add(new URL(a.href, base).href);
  }
  // Inline module scripts run at once: their static and dynamic imports both load with the page.
  for (const m of html.matchAll(/<script\b[^>]*type="module"[^>]*>([\s\S]*?)<\/script>/gi)) {
    for (const spec of [...staticImports(m[1]), ...dynamicImports(m[1])]) jsUrls.add(new URL(spec, base).href);
  }
  // Follow the static import graph of every module; dynamic imports inside modules are listed apart.
  const queue = [...jsUrls];
  while (queue.length) {
    const url = queue.shift();
    const code = (await get(url)).toString("utf8");
    for (const spec of staticImports(code)) {
      const next = new URL(spec, url).href;
      if (!jsUrls.has(next)) {
        jsUrls.add(next);
        queue.push(next);
      }
    }
    for (const spec of dynamicImports(code)) lazy.add(new URL(spec, url).href);
  }
  for (const url of jsUrls) lazy.delete(url);
  const sized = async (urls) =>
    Promise.all([...urls].map(async (url) => ({ url: new URL(url).pathname, bytes: (await get(url)).length, gzip: gzipSize(await get(url)) })));
  const js = await sized(jsUrls);
  const css = await sized(cssUrls);
  const lazyJs = await sized(lazy);
  const inlineScripts = [...html.matchAll(/<script\b[^>]*>([\s\S]*?)<\/script>/gi)].map((m) => m[1]).join("\n");
  return {
    js,
    css,
    lazyJs,
    htmlBytes: Buffer.byteLength(html),
    htmlGzip: gzipSize(Buffer.from(html)),
    inlineScriptBytes: Buffer.byteLength(inlineScripts),
    inlineScriptCount: [...html.matchAll(/<script\b(?![^>]*\bsrc=)[^>]*>/gi)].length,
  };
}

/** Issue #13's goals next to this run's figures (PGlite, the embedded database, unless said). */
function goalsSection(r) {
  const { mib, table } = r;
  const pct = (p) => (r.portalLoads[p].requestsPerSec / r.bareLoads[p].requestsPerSec) * 100;
  const cpu = (l) => l.cpu.cpuMsPerRequest;
  const rest = r.portal.atRest?.rssKiB;
  const again = r.restart.atRest?.rssKiB;
  const row = (what, goal, value, met) => [what, goal, value, met ? "met" : "**not met**"];
  const rows = [
    row(
      "Server CPU per /register answer (50 connections)",
      "≤ 3 ms",
      `${cpu(r.portalLoads["/register"]).toFixed(2)} ms`,
      cpu(r.portalLoads["/register"]) <= 3,
    ),
    row(
      "Server CPU per signed-in /landing answer (50 connections)",
      "≤ 4 ms",
      `${cpu(r.portalLoads["/landing"]).toFixed(2)} ms`,
      cpu(r.portalLoads["/landing"]) <= 4,
    ),
    row("/register requests/s as % of the bare server", "≥ 5 %", `${pct("/register").toFixed(1)} %`, pct("/register") >= 5),
    row("/landing requests/s as % of the bare server", "≥ 4 %", `${pct("/landing").toFixed(1)} %`, pct("/landing") >= 4),
    row("RSS at rest after a fresh start", "≤ 250 MiB", rest ? `${mib(rest)} MiB` : "n/a", rest && rest / 1024 <= 250),
    row("RSS at rest after a restart", "≤ 250 MiB", again ? `${mib(again)} MiB` : "n/a", again && again / 1024 <= 250),
  ];
  if (r.postgres) {
    rows.push([
      "On PostgreSQL: server CPU per /register / /landing answer",
      "(no goal)",
      `${cpu(r.postgres.portalLoads["/register"]).toFixed(2)} ms / ${cpu(r.postgres.portalLoads["/landing"]).toFixed(2)} ms`,
      "-",
    ]);
  }
  return ["## Goals (issue #13)", "", table(["Measure", "Goal", "This run", ""], rows), ""];
}

/** The loads of the portal with its registry on a PostgreSQL server. */
function postgresSection(r) {
  const { table, mib } = r;
  if (!r.postgres)
    return ["## The portal on PostgreSQL", "", "Not measured (set BENCH_DATABASE_URL or TEST_DATABASE_URL to a PostgreSQL server).", ""];
  const pg = r.postgres;
  const rows = Object.keys(pg.portalLoads).map((p) => {
    const l = pg.portalLoads[p];
    const one = pg.serial[p];
    const errors = l.non2xx || l.errors || l.timeouts ? `**${l.non2xx} non-2xx, ${l.errors} errors, ${l.timeouts} timeouts**` : "none";
    return [
      p,
      l.requestsPerSec.toFixed(0),
      `${((l.requestsPerSec / r.bareLoads[p].requestsPerSec) * 100).toFixed(1)} %`,
      `${l.latencyP50Ms} ms / ${l.latencyP99Ms} ms`,
      `${l.cpu.cpuMsPerRequest.toFixed(2)} ms`,
      `${one.cpu.cpuMsPerRequest.toFixed(2)} ms (p50 ${one.latencyP50Ms} ms)`,
      errors,
    ];
  });
  return [
    "## The portal on PostgreSQL (DATABASE_URL, same machine)",
    "",
    `Started in ${pg.startupMs.toFixed(0)} ms (a database made for the run, dropped afterwards); RSS at rest ${pg.atRest ? `${mib(pg.atRest.rssKiB)} MiB` : "n/a"}. Same loads as above; % of the bare server of this run.`,
    "",
    table(
      ["Page", "Requests/s", "% of bare", "p50 / p99", "Server CPU per answer (50 connections)", "Server CPU per answer (1 connection)", "Errors"],
      rows,
    ),
    "",
  ];
}

/** Writes a report to bench/results/ (a full run also as latest.md). */
function writeReport(name, text, latest) {
  const outDir = path.join(root, "bench", "results");
  fs.mkdirSync(outDir, { recursive: true });
  const file = path.join(outDir, name);
  fs.writeFileSync(file, text);
  if (latest) fs.writeFileSync(path.join(outDir, "latest.md"), text);
  console.log(`\nReport: ${path.relative(root, file)}${latest ? " (also bench/results/latest.md)" : ""}`);
}

/** The page weight section: what a browser downloads for each measured page. */
function weightSection(r) {
  const { kib, table } = r;
  const sum = (list, key) => list.reduce((n, x) => n + x[key], 0);
  const out = [];
  out.push("## Page weight (what a browser downloads for the page; gzip = zlib level 9 of each body)");
  out.push("");
  out.push(
    table(
      ["Page", "HTML", "HTML gzip", "Sent on the wire", "Works without JS", "JS files", "JS", "JS gzip", "CSS files", "CSS gzip", "Inline scripts"],
      r.weights.map((w) => [
        w.page.name,
        `${kib(w.htmlBytes)} KiB`,
        `${kib(w.htmlGzip)} KiB`,
        `${kib(w.wireBytes)} KiB (${w.contentEncoding})`,
        w.page.mainCheck(w.html)
          ? w.page.path === "/register"
            ? "yes: `<main>` and the `<form method=post>` with its fields"
            : "yes: `<main>` with the Dashboard `<h1>`"
          : "**no**",
        w.js.length,
        `${kib(sum(w.js, "bytes"))} KiB`,
        `${kib(sum(w.js, "gzip"))} KiB`,
        w.css.length,
        `${kib(sum(w.css, "gzip"))} KiB`,
        `${w.inlineScriptCount} (${kib(w.inlineScriptBytes)} KiB)`,
      ]),
    ),
  );
  out.push("");
  for (const w of r.weights) {
    out.push(`<details><summary>${w.page.name}: files</summary>`);
    out.push("");
    out.push(
      table(
        ["File", "Bytes", "gzip"],
        [
          ...[...w.js].sort((a, b) => b.gzip - a.gzip).map((f) => [f.url, f.bytes, f.gzip]),
          ...w.css.map((f) => [f.url, f.bytes, f.gzip]),
          ...w.lazyJs.map((f) => [`${f.url} (dynamic import, not counted above)`, f.bytes, f.gzip]),
        ],
      ),
    );
    out.push("");
    out.push("</details>");
    out.push("");
  }
  return out.join("\n");
}

function renderReport(r) {
  const { kib, mib, table } = r;
  const ms = (v) => (Number.isFinite(v) ? `${v}` : "n/a");
  const pct = (a, b) => (b > 0 ? `${((a / b) * 100).toFixed(1)} %` : "n/a");
  const pagesList = r.pages.map((p) => p.path);
  const errorsLine = (l) =>
    l.non2xx || l.errors || l.timeouts
      ? `**${l.non2xx} non-2xx, ${l.errors} errors, ${l.timeouts} timeouts** ${JSON.stringify(l.statusCodes)}`
      : "none";
  const anyErrors = [...Object.values(r.portalLoads), ...Object.values(r.serial), ...Object.values(r.bareLoads)].some(
    (l) => l.non2xx || l.errors || l.timeouts,
  );
  const rest = r.portal.atRest;
  const after = r.portal.afterLoad;

  const out = [];
  out.push(`# Portal benchmark — ${r.startedAt.toISOString().replace("T", " ").slice(0, 16)} UTC`);
  out.push("");
  out.push(
    anyErrors
      ? "> **This run had non-2xx answers, errors or timeouts** (see the Errors column): its throughput numbers are not clean."
      : "> Every answer in every load run was 2xx; no socket errors, no timeouts.",
  );
  out.push("");
  out.push(...goalsSection(r));
  out.push("## Machine");
  out.push("");
  out.push(
    table(
      ["", ""],
      [
        ["Date", `${r.startedAt.toISOString()} (local ${r.startedAt.toString()})`],
        ["CPU", `${r.machine.cores} cores — ${r.machine.cpuModel}`],
        ["Memory", `${r.machine.memoryGiB} GiB`],
        ["OS", r.machine.os],
        ["Node.js", r.machine.node],
        ["Load average (1/5/15 min) at the start → at the end", `${r.loadAvgAtStart} → ${r.machine.loadAvg}`],
        ["Portal revision", r.revision],
        ["Build", r.built],
        ["Whole run", `${r.totalS.toFixed(0)} s`],
      ],
    ),
  );
  out.push("");
  out.push("## Start-up");
  out.push("");
  out.push(
    table(
      ["Measure", "Value"],
      [
        ["Spawn of `node build/server.js` until `/readyz` answers 200, fresh DATA_DIR (creates the database)", `${r.portal.startupMs.toFixed(0)} ms`],
        ["The same, restarted on that DATA_DIR (database exists)", `${r.restart.startupMs.toFixed(0)} ms`],
        [
          "RSS at rest (1 s after ready, before any page): fresh / restarted",
          `${rest ? mib(rest.rssKiB) : "n/a"} MiB / ${r.restart.atRest ? mib(r.restart.atRest.rssKiB) : "n/a"} MiB`,
        ],
        [
          "Peak RSS up to then (VmHWM): fresh / restarted",
          `${rest ? mib(rest.hwmKiB) : "n/a"} MiB / ${r.restart.atRest ? mib(r.restart.atRest.hwmKiB) : "n/a"} MiB`,
        ],
      ],
    ),
  );
  out.push("");
  out.push(`## Load: ${r.pages.length} pages, ${CONFIG.connections} connections, ${CONFIG.durationS} s each after a ${CONFIG.warmupS} s warm-up`);
  out.push("");
  out.push(
    table(
      ["Page", "Server", "Requests/s", "p50 latency", "p99 latency", "Max latency", "Requests", "Errors"],
      pagesList.flatMap((p) => [
        [
          p,
          "portal",
          r.portalLoads[p].requestsPerSec.toFixed(0),
          `${ms(r.portalLoads[p].latencyP50Ms)} ms`,
          `${ms(r.portalLoads[p].latencyP99Ms)} ms`,
          `${ms(r.portalLoads[p].latencyMaxMs)} ms`,
          r.portalLoads[p].requestsTotal,
          errorsLine(r.portalLoads[p]),
        ],
        [
          p,
          "bare node:http",
          r.bareLoads[p].requestsPerSec.toFixed(0),
          `${ms(r.bareLoads[p].latencyP50Ms)} ms`,
          `${ms(r.bareLoads[p].latencyP99Ms)} ms`,
          `${ms(r.bareLoads[p].latencyMaxMs)} ms`,
          r.bareLoads[p].requestsTotal,
          errorsLine(r.bareLoads[p]),
        ],
      ]),
    ),
  );
  out.push("");
  out.push(
    table(
      [
        "Page",
        "Portal throughput as % of the bare server",
        "Portal latency with 1 connection (sequential, no queueing)",
        "Requests/s with 1 connection",
      ],
      pagesList.map((p) => [
        p,
        pct(r.portalLoads[p].requestsPerSec, r.bareLoads[p].requestsPerSec),
        `p50 ${ms(r.serial[p].latencyP50Ms)} ms, p99 ${ms(r.serial[p].latencyP99Ms)} ms`,
        `${r.serial[p].requestsPerSec.toFixed(0)}${errorsLine(r.serial[p]) === "none" ? "" : ` ${errorsLine(r.serial[p])}`}`,
      ]),
    ),
  );
  out.push("");
  out.push("### CPU during the measured runs");
  out.push("");
  const cpuRow = (p, server, l) => [
    p,
    server,
    `${l.cpu.processCpuPct.toFixed(0)} %`,
    `${l.cpu.cpuMsPerRequest.toFixed(2)} ms`,
    `${l.cpu.selfCpuPct.toFixed(0)} %`,
    `${l.cpu.machineBusyPct.toFixed(0)} % of ${r.machine.cores} cores`,
  ];
  out.push(
    table(
      ["Page", "Server", "Server CPU (% of one core)", "Server CPU time per answer", "Load generator CPU (% of one core)", "Whole machine busy"],
      pagesList.flatMap((p) => [
        cpuRow(p, `portal, ${CONFIG.connections} connections`, r.portalLoads[p]),
        cpuRow(p, "portal, 1 connection", r.serial[p]),
        cpuRow(p, "bare node:http", r.bareLoads[p]),
      ]),
    ),
  );
  out.push("");
  out.push(...postgresSection(r));
  out.push("## Memory of the portal process (RSS)");
  out.push("");
  out.push(
    table(
      ["When", "RSS", "Peak (VmHWM so far)"],
      [
        ["At rest after start", rest ? `${mib(rest.rssKiB)} MiB` : "n/a", rest ? `${mib(rest.hwmKiB)} MiB` : "n/a"],
        ...pagesList.map((p) => {
          const m = r.portalLoads[p].memory;
          return [
            `During the ${p} run (max of ${m.samples.length} samples every ${CONFIG.memoryIntervalMs} ms, warm-up included)`,
            `${mib(m.maxRssKiB)} MiB`,
            `${mib(m.hwmKiB)} MiB`,
          ];
        }),
        ["After all runs", after ? `${mib(after.rssKiB)} MiB` : "n/a", after ? `${mib(after.hwmKiB)} MiB` : "n/a"],
      ],
    ),
  );
  out.push("");
  out.push(weightSection(r));
  out.push(r.clientSections);
  out.push(r.centers);
  out.push("");
  const lazyNote = r.weights.some((w) => w.lazyJs.length)
    ? `Dynamic imports found in that graph are listed apart and not counted (the client entry loads one locale file, ${r.weights[0].lazyJs.map((f) => `${f.url.split("/").pop()} ${kib(f.gzip)} KiB gzip`).join(" or ")}, at hydration).`
    : "";
  out.push("## How it was measured");
  out.push("");
  out.push(
    `- \`npm run bench\` (\`scripts/bench.mjs\`, helpers in \`bench/lib.mjs\`). The build is reused when \`buildIsCurrent()\`, else rebuilt with \`scripts/build.mjs\`.`,
  );
  out.push(
    "- The portal runs as `node build/server.js` in a child process on 127.0.0.1 with `NODE_ENV=development DEMO_MODE=true LOG_LEVEL=error` and a fresh `DATA_DIR` (`.cache/bench-data/portal`, registry in process on PGlite with the demo data). Start-up is timed from `spawn` until `GET /readyz` answers 200 (polled every 20 ms).",
  );
  out.push(
    "- The patient is registered without a browser: `GET /register` (session cookie `pass_session` and hidden `_csrf`), then `POST /register` (`intent=register`, every field valid) answering 302 to `/landing` with the signed-in cookie; `GET /landing` with it must answer 200 with “Dashboard” or the run stops. Before each /landing run the patient signs in again (the login dialog's POST) so the session's `lastSeenAt` is fresh and its 30 s rewrite (a new cookie, which autocannon would not keep) does not happen on every answer.",
  );
  out.push(
    `- Load: [autocannon](https://github.com/mcollina/autocannon) in the benchmark's own process (same machine, so it shares the ${r.machine.cores} cores with the server), ${CONFIG.connections} keep-alive connections, no pipelining, ${CONFIG.warmupS} s unmeasured warm-up then ${CONFIG.durationS} s measured. Headers as a browser: a Chrome User-Agent, \`Accept: text/html…\`, \`Accept-Language: en-US\`, \`Accept-Encoding: gzip\`; /landing also sends the patient's cookie. Requests/s is autocannon's mean of per-second counts; p50/p99 are of every request's latency; any non-2xx answer, socket error or timeout is counted in Errors. /register is anonymous, so each answer creates a new session (CSRF token) and sets an encrypted cookie, as on a first visit.`,
  );
  out.push("- The 1-connection run (sequential requests, after the loaded runs, no warm-up) shows the time one answer takes with no queueing.");
  out.push(
    "- CPU: user + system time of the server's pid from `/proc/<pid>/stat` over the measured run (not the warm-up), as % of one core and divided by the answers given; the load generator's own CPU from `process.cpuUsage()`; the whole machine's busy share from `/proc/stat`. Anything busy beyond server + load generator is other work on the machine competing for the same cores.",
  );
  out.push(
    "- Reference: `bench/bare-server.mjs`, a bare `node:http` server in its own child process (started after the portal is stopped) that answers each path with the bytes captured from one real portal answer of that page (same status, `Content-Type`, `Content-Encoding` and body; `Content-Length` instead of chunked). Loaded the same way; the percentage is portal requests/s ÷ bare requests/s. With one core for autocannon, the bare numbers are partly limited by the load generator, so the percentage understates the real gap.",
  );
  out.push(
    `- Memory: \`VmRSS\` and \`VmHWM\` of the portal's pid from \`/proc/<pid>/status\`, sampled every ${CONFIG.memoryIntervalMs} ms during each loaded run.`,
  );
  out.push(
    `- Page weight: the page's HTML (as served to the signed-in or anonymous browser) is parsed for \`<script src>\`, \`<link rel="modulepreload">\`, \`<link rel="stylesheet">\` and the imports of inline module scripts; each module's static imports are followed; every file is fetched once and gzipped at level 9 (\`zlib\`). ${lazyNote} “Works without JS” checks the HTML itself for the page's content.`,
  );
  if (r.portal.stderrTail) {
    out.push("");
    out.push("## Portal stderr during the run");
    out.push("");
    out.push("```");
    out.push(r.portal.stderrTail.slice(-4000));
    out.push("```");
  }
  out.push("");
  return out.join("\n");
}

main().catch((error) => {
  console.error(`Benchmark failed: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
});
