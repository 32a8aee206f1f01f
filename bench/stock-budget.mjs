// The JavaScript budget against a stock page (issue text: "no page more than 12 KiB (gzip -9) above a stock page of
// the same framework line built the same way; old-phone time to interactive on /register and /landing within 1.25x
// the stock page's, in the same run"). The stock page is bench/stock-page/: React Router 7 framework mode with the
// repository's own react-router, @react-router/dev, react, react-dom and Vite, their default build settings, and one
// 18-field registration form. Built here into .cache/bench-stock-page/build (again only when its sources or the
// lockfile changed), weighed as bench/route-weights.mjs weighs the portal's pages, and served by
// bench/stock-page/server.mjs (what react-router-serve does) for bench/tti.mjs.
import { execFileSync } from "node:child_process";
import { createHash } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { routeWeights } from "./route-weights.mjs";

const root = path.resolve(import.meta.dirname, "..");
const SOURCE_DIR = path.join(root, "bench", "stock-page");
export const STOCK_BUILD_DIR = path.join(root, ".cache", "bench-stock-page", "build");
const STAMP = path.join(STOCK_BUILD_DIR, "stamp.json");
/** The stock page's route, compared with every page of the portal. */
export const STOCK_ROUTE = "routes/register";
export const BUDGET = { kib: 12, ttiRatio: 1.25 };

/** SHA-256 over the stock page's files, the lockfile (the installed versions) and this script. */
function fingerprint() {
  const hash = createHash("sha256");
  const walk = (dir) => {
    for (const name of fs.readdirSync(dir).sort()) {
      if (name === "node_modules" || name === ".react-router") continue;
      const full = path.join(dir, name);
      if (fs.statSync(full).isDirectory()) walk(full);
      else hash.update(`${path.relative(root, full)}:${createHash("sha256").update(fs.readFileSync(full)).digest("hex")}\n`);
    }
  };
  walk(SOURCE_DIR);
  for (const file of ["package-lock.json", "bench/stock-budget.mjs"]) hash.update(fs.readFileSync(path.join(root, file)));
  return hash.digest("hex");
}

/** Builds the stock page unless its build is current: `react-router build` in bench/stock-page/. Answers what it did. */
export function buildStockPage() {
  const print = fingerprint();
  try {
    if (JSON.parse(fs.readFileSync(STAMP, "utf8")).fingerprint === print) return "stock page build was current";
  } catch {
    // no build yet
  }
  // Without `isbot` among the stock app's dependencies React Router's build would run `npm install` to add it.
  const deps = JSON.parse(fs.readFileSync(path.join(SOURCE_DIR, "package.json"), "utf8")).dependencies ?? {};
  if (!deps.isbot || !deps["@react-router/node"]) throw new Error("bench/stock-page/package.json must list isbot and @react-router/node");
  console.log("Building the stock React Router page (bench/stock-page)…");
  const t0 = performance.now();
  fs.rmSync(STOCK_BUILD_DIR, { recursive: true, force: true });
  const env = { ...process.env, NODE_ENV: "production", STOCK_BUILD_DIR };
  // --emptyOutDir only because the output lies outside the stock app's folder (Vite then warns and keeps old files).
  execFileSync(path.join(root, "node_modules", ".bin", "react-router"), ["build", "--emptyOutDir"], {
    cwd: SOURCE_DIR,
    env,
    stdio: ["ignore", "ignore", "inherit"],
  });
  fs.writeFileSync(STAMP, JSON.stringify({ fingerprint: print, builtAt: new Date().toISOString() }));
  return `stock page built first (${((performance.now() - t0) / 1000).toFixed(1)} s)`;
}

/** The stock page's JavaScript, weighed as the portal's pages are (bench/route-weights.mjs). */
export function stockWeight({ gzipSize }) {
  const weight = routeWeights(path.join(STOCK_BUILD_DIR, "client"), { gzipSize }).find((w) => w.id === STOCK_ROUTE);
  if (!weight) throw new Error(`no ${STOCK_ROUTE} in the stock page's manifest`);
  return weight;
}

/** Starts bench/stock-page/server.mjs on the port; { baseUrl, stop() } (bench/lib.mjs startServer). */
export function startStockPage({ startServer, port }) {
  return startServer({
    name: "the stock page",
    args: [path.join(SOURCE_DIR, "server.mjs"), STOCK_BUILD_DIR, String(port)],
    cwd: root,
    port,
    readyPath: "/register",
    env: { NODE_ENV: "production" },
  });
}

/** The React packages' versions the stock page (and the portal) were built with. */
function versions() {
  const v = (name) => JSON.parse(fs.readFileSync(path.join(root, "node_modules", name, "package.json"), "utf8")).version;
  return `react-router ${v("react-router")}, @react-router/dev ${v("@react-router/dev")}, react ${v("react")}, react-dom ${v("react-dom")}, vite ${v("vite")}`;
}

/**
 * The budget's two tables: every page's JavaScript against the stock page's, and the old-phone time to interactive
 * of /register and /landing against the stock page's (the TTI with React's first commit as the hydration moment for
 * all three, so the portal's own mark plays no part). Answers { text, lines } (lines: the console summary).
 */
export function budgetSection({ perRoute, stock, oldPhone, kib }) {
  const out = [];
  const lines = [];
  const limit = BUDGET.kib * 1024;
  const over = perRoute.filter((w) => w.gzip - stock.gzip > limit);
  out.push(`## JavaScript budget against a stock React Router page (≤ stock + ${BUDGET.kib} KiB gzip -9; TTI ≤ ${BUDGET.ttiRatio}× stock)`);
  out.push("");
  out.push(
    `Stock page: bench/stock-page (${versions()}; Vite's and React Router's default build settings), route ${STOCK_ROUTE}: **${kib(stock.gzip)} KiB gzip** over ${stock.files} files (${kib(stock.bytes)} KiB). ${over.length ? `**${over.length} of ${perRoute.length} pages over the budget.**` : `All ${perRoute.length} pages within the budget.`}`,
  );
  out.push("");
  out.push("| Page | JS gzip | Stock page | Difference | ≤ stock + 12 KiB |");
  out.push("| --- | --- | --- | --- | --- |");
  for (const w of perRoute) {
    const diff = w.gzip - stock.gzip;
    out.push(
      `| ${w.id} | ${kib(w.gzip)} KiB | ${kib(stock.gzip)} KiB | ${diff >= 0 ? "+" : "−"}${kib(Math.abs(diff))} KiB | ${diff <= limit ? "yes" : "**no**"} |`,
    );
  }
  out.push("");
  const heaviest = perRoute[0];
  lines.push(
    `Stock React Router page ${kib(stock.gzip)} KiB gzip; heaviest page ${heaviest?.id} ${kib(heaviest?.gzip ?? 0)} KiB (${heaviest ? `${heaviest.gzip >= stock.gzip ? "+" : "−"}${kib(Math.abs(heaviest.gzip - stock.gzip))}` : "n/a"} KiB); ${over.length} of ${perRoute.length} pages over stock + ${BUDGET.kib} KiB`,
  );
  const stockPhone = oldPhone.pages.find((p) => p.stock);
  const s = (v) => (v === null || v === undefined ? "n/a" : `${(v / 1000).toFixed(2)} s`);
  if (stockPhone) {
    out.push(`| Page | Time to interactive | Stock page | Ratio | ≤ ${BUDGET.ttiRatio}× |`);
    out.push("| --- | --- | --- | --- | --- |");
    for (const p of oldPhone.pages.filter((x) => !x.stock)) {
      const ratio = p.median.ttiCommit / stockPhone.median.ttiCommit;
      out.push(
        `| ${p.name} | ${s(p.median.ttiCommit)} | ${s(stockPhone.median.ttiCommit)} | ${ratio.toFixed(2)} | ${ratio <= BUDGET.ttiRatio ? "yes" : "**no**"} |`,
      );
      lines.push(`${p.name}: time to interactive ${s(p.median.ttiCommit)} vs stock ${s(stockPhone.median.ttiCommit)}: ${ratio.toFixed(2)}×`);
    }
    out.push("");
    out.push(
      `Old phone as in the next sections (median of ${oldPhone.runs} cold loads, the pages loaded in turn, round after round). Time to interactive here takes React's first commit (its developer-tools hook) as the hydration moment for every page, ours and the stock page alike, since the stock page has no \`portal:hydrated\` mark; the old-phone table below uses the portal's mark for the portal's pages, a few milliseconds later.`,
    );
    out.push("");
  }
  out.push(
    "The stock page is weighed as the portal's pages are (the client entry with its imports and each matched route's module with its imports, from the build's manifest, gzip level 9) and served as `react-router-serve` would serve it (Express, `compression()` with its defaults, the assets immutable; bench/stock-page/server.mjs).",
  );
  out.push("");
  return { text: out.join("\n"), lines };
}
