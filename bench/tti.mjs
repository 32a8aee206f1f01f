// The "old phone" part of `npm run bench` (issue 13): each page loaded in Chromium (/usr/bin/chromium through
// Playwright) with the CPU slowed 6 times and the network at 1.6 Mbps down, 750 kbps up, 150 ms latency (Chrome
// DevTools Protocol: Emulation.setCPUThrottlingRate, Network.emulateNetworkConditions), a cold cache every time.
// Times: first contentful paint, DOMContentLoaded, hydrated (the portal's "portal:hydrated" mark, app/entry.client),
// and time to interactive as Lighthouse counts it: the end of the last long task (> 50 ms) before a quiet window of
// QUIET_MS, not before DOMContentLoaded nor before hydration.
import { chromiumArgs, executablePath } from "../tests/e2e/support/chromium.mjs";

export const OLD_PHONE = {
  cpuSlowdown: 6,
  downloadKbps: 1600,
  uploadKbps: 750,
  latencyMs: 150,
};
const QUIET_MS = 5_000;
const PAGE_TIMEOUT_MS = 90_000;

/**
 * Runs in the page before its scripts: collects long tasks from the start, and the time of React's first commit
 * (the hydration's) through the hook React DOM reports commits to (the one its developer tools use), which times
 * any build, also one without the portal's mark. React hydrates in a transition, in slices shorter than a long
 * task, so long tasks alone would miss it.
 */
function observeLongTasks() {
  const w = /** @type {any} */ (window);
  w.__REACT_DEVTOOLS_GLOBAL_HOOK__ = {
    supportsFiber: true,
    isDisabled: false,
    renderers: new Map(),
    inject: () => 1,
    checkDCE: () => {},
    onScheduleFiberRoot: () => {},
    onCommitFiberUnmount: () => {},
    onPostCommitFiberRoot: () => {},
    onCommitFiberRoot: () => {
      if (w.__benchFirstCommit === undefined) w.__benchFirstCommit = performance.now();
    },
  };
  w.__benchLongTasks = [];
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) w.__benchLongTasks.push([e.startTime, e.duration]);
  }).observe({ type: "longtask", buffered: true });
}

/** Runs in the page: the timings once hydrated and quiet for QUIET_MS (or null while not yet). */
function readTimings(quietMs) {
  const w = /** @type {any} */ (window);
  const hydrated = performance.getEntriesByName("portal:hydrated")[0]?.startTime ?? w.__benchFirstCommit ?? null;
  const nav = /** @type {PerformanceNavigationTiming | undefined} */ (performance.getEntriesByType("navigation")[0]);
  if (!nav || nav.domContentLoadedEventEnd === 0 || hydrated === null) return null;
  const firstCommit = w.__benchFirstCommit ?? null;
  const tasks = w.__benchLongTasks ?? [];
  const lastTaskEnd = tasks.reduce((end, [start, duration]) => Math.max(end, start + duration), 0);
  const ready = Math.max(nav.domContentLoadedEventEnd, hydrated ?? 0, lastTaskEnd);
  if (performance.now() - ready < quietMs) return null;
  // The same with React's first commit as the hydration moment: comparable between builds with and without the mark.
  const readyCommit = Math.max(nav.domContentLoadedEventEnd, firstCommit ?? hydrated, lastTaskEnd);
  const fcp = performance.getEntriesByName("first-contentful-paint")[0]?.startTime ?? null;
  // A module preloaded and then imported has two entries: count each URL once, with the bytes it came with.
  const byUrl = new Map();
  for (const r of /** @type {PerformanceResourceTiming[]} */ (performance.getEntriesByType("resource")))
    if (r.name.endsWith(".js")) byUrl.set(r.name, Math.max(byUrl.get(r.name) ?? 0, r.transferSize || 0));
  return {
    ttfb: nav.responseStart,
    fcp,
    dcl: nav.domContentLoadedEventEnd,
    load: nav.loadEventEnd,
    hydrated,
    firstCommit,
    tti: ready,
    ttiCommit: readyCommit,
    longTasks: tasks.length,
    longTaskMs: tasks.reduce((n, [, d]) => n + d, 0),
    scriptFiles: byUrl.size,
    scriptBytes: [...byUrl.values()].reduce((n, b) => n + b, 0),
  };
}

const median = (values) => {
  const sorted = values.filter((v) => v !== null && Number.isFinite(v)).sort((a, b) => a - b);
  if (!sorted.length) return null;
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
};

/**
 * Loads each page `runs` times on an emulated old phone, the pages in turn round after round (so a busy spell of the
 * machine hits them alike). `pages`: { name, path, cookie? ("name=value"), base? (another server than `base`) }.
 * Answers { chromium, runs, pages: [{ ...page, runs: [timings], median: timings }] }.
 */
export async function measureOldPhone({ base, pages, runs = 3 }) {
  const { chromium } = await import("@playwright/test");
  const browser = await chromium.launch({ executablePath, args: chromiumArgs });
  try {
    const results = pages.map(() => []);
    for (let i = 0; i < runs; i++) for (const [n, p] of pages.entries()) results[n].push(await loadOnce(browser, p.base ?? base, p));
    return {
      chromium: browser.version(),
      runs,
      pages: pages.map((p, n) => {
        const keys = Object.keys(results[n][0] ?? {});
        return { ...p, runs: results[n], median: Object.fromEntries(keys.map((k) => [k, median(results[n].map((r) => r[k]))])) };
      }),
    };
  } finally {
    await browser.close();
  }
}

/** One cold load of a page in a new browser context: its timings (readTimings). */
async function loadOnce(browser, base, p) {
  const context = await browser.newContext({ viewport: { width: 412, height: 823 }, isMobile: true, hasTouch: true });
  try {
    if (p.cookie) {
      const at = p.cookie.indexOf("=");
      await context.addCookies([{ name: p.cookie.slice(0, at), value: p.cookie.slice(at + 1), url: base }]);
    }
    await context.addInitScript(observeLongTasks);
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send("Network.enable");
    await cdp.send("Network.emulateNetworkConditions", {
      offline: false,
      latency: OLD_PHONE.latencyMs,
      downloadThroughput: (OLD_PHONE.downloadKbps * 1000) / 8,
      uploadThroughput: (OLD_PHONE.uploadKbps * 1000) / 8,
    });
    await cdp.send("Emulation.setCPUThrottlingRate", { rate: OLD_PHONE.cpuSlowdown });
    const answer = await page.goto(`${base}${p.path}`, { waitUntil: "commit", timeout: PAGE_TIMEOUT_MS });
    if (!answer || answer.status() !== 200) throw new Error(`${p.path} answered ${answer?.status()}`);
    const handle = await page.waitForFunction(readTimings, QUIET_MS, { timeout: PAGE_TIMEOUT_MS, polling: 250 });
    return await handle.jsonValue();
  } finally {
    await context.close();
  }
}

const ms = (v) => (v === null || v === undefined ? "n/a" : `${(v / 1000).toFixed(2)} s`);

/** The report's section. */
export function oldPhoneSection(r, goalS = 2.5) {
  const out = [];
  out.push(
    `## Old phone: CPU ×${OLD_PHONE.cpuSlowdown}, ${OLD_PHONE.downloadKbps / 1000} Mbps, ${OLD_PHONE.latencyMs} ms (Chromium ${r.chromium}, median of ${r.runs} cold loads)`,
  );
  out.push("");
  out.push(
    "| Page | First byte | First contentful paint | DOMContentLoaded | Hydrated | Time to interactive | Goal | Long tasks (total) | Scripts loaded |",
  );
  out.push("| --- | --- | --- | --- | --- | --- | --- | --- | --- |");
  for (const p of r.pages) {
    const m = p.median;
    const met = m.tti !== null && m.tti <= goalS * 1000;
    out.push(
      `| ${p.name} | ${ms(m.ttfb)} | ${ms(m.fcp)} | ${ms(m.dcl)} | ${ms(m.hydrated)} | **${ms(m.tti)}** | ≤ ${goalS} s: ${met ? "met" : "**not met**"} | ${m.longTasks} (${ms(m.longTaskMs)}) | ${m.scriptFiles} files, ${(m.scriptBytes / 1024).toFixed(1)} KiB on the wire |`,
    );
  }
  out.push("");
  out.push(`<details><summary>Every run (TTI, hydrated, FCP)</summary>`);
  out.push("");
  for (const p of r.pages) out.push(`- ${p.name}: ${p.runs.map((x) => `${ms(x.tti)} (${ms(x.hydrated)}, ${ms(x.fcp)})`).join("; ")}`);
  out.push("");
  out.push("</details>");
  out.push("");
  out.push(
    `Each load: a new browser context (cold cache), a 412×823 mobile viewport, then CDP \`Network.emulateNetworkConditions\` (latency ${OLD_PHONE.latencyMs} ms, ${OLD_PHONE.downloadKbps} kbps down, ${OLD_PHONE.uploadKbps} kbps up) and \`Emulation.setCPUThrottlingRate\` ${OLD_PHONE.cpuSlowdown}. Times are from navigation start. Hydrated: the \`portal:hydrated\` mark (an effect after React's first commit, app/entry.client.tsx), or for a build without it React's first commit (its developer-tools hook). Time to interactive as Lighthouse defines it: the end of the last long task (over 50 ms, PerformanceObserver \`longtask\`) before ${QUIET_MS / 1000} s without one, and not before DOMContentLoaded or hydration. /landing is loaded with the signed-in patient's cookie.`,
  );
  out.push("");
  return out.join("\n");
}
