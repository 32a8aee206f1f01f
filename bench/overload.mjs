// The "overload" part of `npm run bench` (docs/decisions/086, 134): goodput under 2,500 signed-in dashboards at once.
// In one run: the unloaded rate of 200s per second on the signed-in /landing (a few connections), then 2,500
// simultaneous connections whose clients honour Retry-After (a browser's or a well-behaved client's way: a 503 with
// Retry-After waits that long before trying again), and the 200s per second, their ratio to the unloaded rate and the
// p50 of the 200s. autocannon cannot honour Retry-After, so the clients are a small loop on node:http's Agent: loopback
// only, bounded in connections and time.
import http from "node:http";
import { assertLoopback, cookieFrom } from "./lib.mjs";

export const OVERLOAD = {
  connections: 2_500,
  durationS: 10,
  timeoutS: 20,
  /** The unloaded rate: this many connections (one per patient), closed loop, for unloadedS. */
  unloadedConnections: 8,
  unloadedS: 5,
  /** Goals (issue 35): 200s per second at least this share of the unloaded rate, p50 of the 200s at most p50GoalMs. */
  ratioGoal: 0.5,
  p50GoalMs: 2_000,
};

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
const percentile = (sorted, p) => (sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))] : NaN);

/**
 * `connections` clients, each on its own keep-alive socket, GET `url` in a loop for `durationS`: the next request as soon
 * as a 200 (or any other answer) comes, after Retry-After seconds (plus up to a second, as clients spread) when a 503
 * says so. Each client keeps its session cookie as a browser would (the session rewrites lastSeenAt every 30 s).
 * Answers { seconds, statuses, errors, timeouts, ok: { count, perSecond, p50, p90, p99, max } }.
 */
export async function retryAfterLoad({ url, cookies, headers = {}, connections, durationS, timeoutS = 20 }) {
  assertLoopback(url);
  const agent = new http.Agent({ keepAlive: true, maxSockets: connections, maxFreeSockets: connections });
  const statuses = {};
  const okMs = [];
  let errors = 0;
  let timeouts = 0;
  const started = performance.now();
  const end = started + durationS * 1000;
  const once = (cookie) =>
    new Promise((resolve) => {
      const t0 = performance.now();
      const req = http.get(url, { agent, headers: { ...headers, Cookie: cookie } }, (res) => {
        res.resume();
        res.on("end", () => resolve({ status: res.statusCode, headers: res.headers, ms: performance.now() - t0 }));
        res.on("error", () => resolve({ status: "error", headers: {}, ms: 0 }));
      });
      req.setTimeout(timeoutS * 1000, () => req.destroy(new Error("timeout")));
      req.on("error", (error) => resolve({ status: error.message === "timeout" ? "timeout" : "error", headers: {}, ms: 0 }));
    });
  const client = async (i) => {
    let cookie = cookies[i % cookies.length];
    while (performance.now() < end) {
      const answer = await once(cookie);
      if (answer.status === "timeout") timeouts += 1;
      else if (answer.status === "error") errors += 1;
      else statuses[answer.status] = (statuses[answer.status] ?? 0) + 1;
      const renewed = cookieFrom(answer.headers, "pass_session");
      if (renewed) cookie = renewed;
      if (answer.status === 200 && performance.now() <= end) okMs.push(answer.ms);
      const retryAfter = Number(answer.headers["retry-after"]);
      if (answer.status !== 200 && Number.isFinite(retryAfter)) await sleep(retryAfter * 1000 + Math.random() * 1000);
      else if (answer.status === "error") await sleep(100);
    }
  };
  await Promise.all(Array.from({ length: connections }, (_, i) => client(i)));
  agent.destroy();
  const seconds = durationS;
  okMs.sort((a, b) => a - b);
  return {
    seconds,
    statuses,
    errors,
    timeouts,
    ok: {
      count: okMs.length,
      perSecond: okMs.length / seconds,
      p50: Math.round(percentile(okMs, 0.5)),
      p90: Math.round(percentile(okMs, 0.9)),
      p99: Math.round(percentile(okMs, 0.99)),
      max: Math.round(okMs.at(-1) ?? NaN),
    },
  };
}

/** The unloaded rate, then OVERLOAD.connections at once, on GET /landing with the patients' `cookies`. */
export async function measureOverload({ base, headers, cookies }) {
  const url = `${base}/landing`;
  console.log(`Overload: the unloaded rate (${OVERLOAD.unloadedConnections} connections, ${OVERLOAD.unloadedS} s)…`);
  const unloaded = await retryAfterLoad({ url, cookies, headers, connections: OVERLOAD.unloadedConnections, durationS: OVERLOAD.unloadedS });
  console.log(`  ${unloaded.ok.perSecond.toFixed(1)} 200s/s, p50 ${unloaded.ok.p50} ms; answers ${JSON.stringify(unloaded.statuses)}`);
  console.log(`Overload: ${OVERLOAD.connections} signed-in /landing connections at once, honouring Retry-After, for ${OVERLOAD.durationS} s…`);
  const loaded = await retryAfterLoad({
    url,
    cookies,
    headers,
    connections: OVERLOAD.connections,
    durationS: OVERLOAD.durationS,
    timeoutS: OVERLOAD.timeoutS,
  });
  const ratio = unloaded.ok.perSecond > 0 ? loaded.ok.perSecond / unloaded.ok.perSecond : NaN;
  console.log(
    `  ${loaded.ok.perSecond.toFixed(1)} 200s/s (${(ratio * 100).toFixed(0)} % of unloaded), p50 of the 200s ${loaded.ok.p50} ms; answers ${JSON.stringify(loaded.statuses)}, errors ${loaded.errors}, timeouts ${loaded.timeouts}`,
  );
  return { unloaded, loaded, ratio, patients: cookies.length };
}

/** The report's Markdown section. */
export function overloadSection(o, { table }) {
  const statusText = (s) =>
    Object.entries(s)
      .map(([k, v]) => `${k}: ${v}`)
      .join(", ") || "none";
  const row = (name, r) => [
    name,
    String(r.ok.count),
    `${r.ok.perSecond.toFixed(1)}/s`,
    `${r.ok.p50} ms`,
    `${r.ok.p90} ms`,
    `${r.ok.max} ms`,
    statusText(r.statuses),
    String(r.errors),
    String(r.timeouts),
  ];
  const met = o.ratio >= OVERLOAD.ratioGoal && o.loaded.ok.p50 <= OVERLOAD.p50GoalMs;
  return [
    "## Overload: goodput",
    "",
    `The signed-in \`GET /landing\` of ${o.patients} patients: first unloaded (${OVERLOAD.unloadedConnections} connections, ${OVERLOAD.unloadedS} s, each`,
    `sending its next request when answered), then ${OVERLOAD.connections} connections at once for ${OVERLOAD.durationS} s whose clients honour`,
    "`Retry-After` (a 503 waits that long, plus up to a second, before trying again): a small loop client on node:http",
    "(bench/overload.mjs). The portal admits page and data requests by class with a fair share per address and account",
    "and answers the others 503 with Retry-After and a short page (docs/decisions/086, 134).",
    `Goal: 200s per second at least ${OVERLOAD.ratioGoal * 100} % of the unloaded rate, p50 of the 200s at most ${OVERLOAD.p50GoalMs / 1000} s.`,
    "",
    table(
      ["Run", "200s", "200s per second", "p50 of the 200s", "p90", "max", "Answers by status", "Socket errors", "Timeouts"],
      [row("unloaded", o.unloaded), row(`${OVERLOAD.connections} at once`, o.loaded)],
    ),
    "",
    `Goodput under overload: **${(o.ratio * 100).toFixed(0)} %** of the unloaded rate, p50 of the 200s ${o.loaded.ok.p50} ms (${met ? "goal met" : "goal not met"}).`,
    "",
  ].join("\n");
}
