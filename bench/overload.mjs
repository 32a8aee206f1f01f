// The "overload" part of `npm run bench` (docs/decisions/086): 2,500 signed-in dashboards at once, for a few seconds,
// and the answers by status. Before the cap on requests in flight (MAX_REQUESTS_IN_FLIGHT), 25-91 % of such answers
// were 500 (renders cut off after 5 s); now the ones beyond the cap get 503 with Retry-After at once. Loopback only,
// bounded in connections and time.
import autocannon from "autocannon";
import { assertLoopback } from "./lib.mjs";

export const OVERLOAD = { connections: 2_500, durationS: 10, timeoutS: 20 };

/** GET /landing with `headers` (the patient's cookie) on OVERLOAD.connections connections at once. */
export async function measureOverload({ base, headers }) {
  const url = `${base}/landing`;
  assertLoopback(url);
  console.log(`Overload: ${OVERLOAD.connections} signed-in /landing connections at once for ${OVERLOAD.durationS} s…`);
  const result = await autocannon({
    url,
    headers,
    connections: OVERLOAD.connections,
    duration: OVERLOAD.durationS,
    timeout: OVERLOAD.timeoutS,
    pipelining: 1,
  });
  const statuses = Object.fromEntries(Object.entries(result.statusCodeStats ?? {}).map(([status, s]) => [status, s.count]));
  const overload = {
    statuses,
    errors: result.errors,
    timeouts: result.timeouts,
    p50: result.latency.p50,
    p99: result.latency.p99,
    max: result.latency.max,
  };
  console.log(`  answers ${JSON.stringify(statuses)}, errors ${result.errors}, timeouts ${result.timeouts}, p99 ${result.latency.p99} ms`);
  return overload;
}

/** The report's Markdown section. */
export function overloadSection(o, { table }) {
  const total = Object.values(o.statuses).reduce((a, b) => a + b, 0);
  const share = (status) => (total ? `${(((o.statuses[status] ?? 0) / total) * 100).toFixed(1)} %` : "-");
  return [
    "## Overload",
    "",
    `${OVERLOAD.connections} keep-alive connections load the signed-in \`GET /landing\` for ${OVERLOAD.durationS} s, each sending its next`,
    "request as soon as it is answered (autocannon, in the benchmark's process). The portal admits at most",
    "`MAX_REQUESTS_IN_FLIGHT` page and data requests at once and answers the others 503 with Retry-After and a short page;",
    "a render still running after 5 s is answered the same way and logged (docs/decisions/086). Goal: no 500.",
    "",
    table(
      ["Answers by status", "200", "503", "500", "Socket errors", "Timeouts", "p50", "p99", "max"],
      [
        [
          Object.entries(o.statuses)
            .map(([k, v]) => `${k}: ${v}`)
            .join(", ") || "none",
          share("200"),
          share("503"),
          share("500"),
          o.errors,
          o.timeouts,
          `${o.p50} ms`,
          `${o.p99} ms`,
          `${o.max} ms`,
        ],
      ],
    ),
    "",
  ].join("\n");
}
