// The "hostile traffic" part of `npm run bench` (issue 11; docs/decisions/020, 021): how an anonymous page fares
// while sign-in is flooded, and what ten 20 MB posts do to the portal's memory. Loopback only, every run bounded.
import http from "node:http";
import { assertLoopback, cookieFrom, hiddenInput, readMemory, request, runLoad, sampleMemory, signedInPatient } from "./lib.mjs";

export const HOSTILE = {
  loops: 6,
  idleS: 5,
  floodWarmupS: 2,
  /** The one-address flood runs until it meets its limit (429), at most this long, before the page is measured. */
  untilLimitedS: 90,
  probeS: 8,
  bigPosts: 10,
  /** The distributed flood of issue 22 (docs/decisions/087): connections, and how long the known-device patient tries. */
  distributedLoops: 24,
  distributedS: 30,
  bigPostBytes: 20 * 1024 * 1024,
};

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * `loops` concurrent sign-in loops, each with its own session and a new unknown email per attempt, each sending
 * `addressOf(i)` as X-Forwarded-For (the portal must trust one proxy hop). Answers stop() -> { attempts, statuses,
 * errors, perSecond }.
 */
function floodSignIn({ base, headers, loops, addressOf }) {
  let running = true;
  const statuses = {};
  let attempts = 0;
  let errors = 0;
  const started = performance.now();
  const loop = async (i) => {
    const own = { ...headers, "X-Forwarded-For": addressOf(i) };
    const page = await request(`${base}/register`, { headers: own });
    const cookie = cookieFrom(page.headers, "pass_session") ?? "";
    const csrf = hiddenInput(page.body.toString("utf8"), "_csrf") ?? "";
    let n = 0;
    while (running) {
      n += 1;
      const body = new URLSearchParams({
        _csrf: csrf,
        intent: "login",
        email: `flood.${i}.${n}.${Date.now()}@example.org`,
        password: `guess number ${n}`,
      }).toString();
      try {
        const answer = await request(`${base}/register`, {
          method: "POST",
          headers: { ...own, "Content-Type": "application/x-www-form-urlencoded", Cookie: cookie, Origin: base },
          body,
          timeoutMs: 60_000,
        });
        statuses[answer.status] = (statuses[answer.status] ?? 0) + 1;
      } catch {
        errors += 1;
      }
      attempts += 1;
    }
  };
  const done = Promise.all(Array.from({ length: loops }, (_, i) => loop(i)));
  return {
    /** Waits until some answer had `status` (or `maxS` passed); answers whether it did. */
    async until(status, maxS) {
      const end = performance.now() + maxS * 1000;
      while (!statuses[status] && performance.now() < end) await sleep(100);
      return Boolean(statuses[status]);
    },
    async stop() {
      running = false;
      await done;
      const seconds = (performance.now() - started) / 1000;
      return { attempts, statuses, errors, perSecond: attempts / seconds, seconds };
    },
  };
}

/**
 * Issue 22, finding 1 (docs/decisions/087): `distributedLoops` connections post sign-ins, each attempt from a new
 * address (X-Forwarded-For through the trusted hop) with a new unknown email, while a patient whose browser signed in
 * before (its known-device mark) signs in with the right password once a second from its own address.
 */
async function knownDevicePatient({ base, headers }) {
  const patient = await signedInPatient(base, { ...headers, "X-Forwarded-For": "192.0.2.200" });
  const own = { ...headers, "X-Forwarded-For": "192.0.2.201" };
  const signIn = async (extraCookie) => {
    const page = await request(`${base}/register`, { headers: own });
    const session = cookieFrom(page.headers, "pass_session") ?? "";
    const csrf = hiddenInput(page.body.toString("utf8"), "_csrf") ?? "";
    const body = new URLSearchParams({ _csrf: csrf, intent: "login", ...patient.credentials }).toString();
    const cookie = [session, extraCookie].filter(Boolean).join("; ");
    return request(`${base}/register`, {
      method: "POST",
      headers: { ...own, "Content-Type": "application/x-www-form-urlencoded", Cookie: cookie, Origin: base },
      body,
      timeoutMs: 60_000,
    });
  };
  // Before any flood: a sign-in during a surge asks an unmarked browser for its proof of work first (decision 087).
  const first = await signIn("");
  const device = cookieFrom(first.headers, "pass_device");
  if (first.status !== 302 || !device)
    throw new Error(`the patient's first sign-in answered ${first.status} ${device ? "" : "without a known-device mark"}`);
  return { signIn, mark: device };
}

/** The flood itself, with a patient from knownDevicePatient (signed in once before any hostile traffic). */
export async function distributedFlood({ base, headers, known }) {
  const { signIn, mark } = known; // mark: "pass_device=…"

  let running = true;
  const statuses = {};
  let attempts = 0;
  let errors = 0;
  const loop = async (i) => {
    const start = { ...headers, "X-Forwarded-For": `198.18.${i}.1` };
    const page = await request(`${base}/register`, { headers: start });
    const cookie = cookieFrom(page.headers, "pass_session") ?? "";
    const csrf = hiddenInput(page.body.toString("utf8"), "_csrf") ?? "";
    for (let n = 0; running; n++) {
      const address = `198.${19 + (n >> 16)}.${(n >> 8) & 255}.${(n & 255) ^ i}`;
      try {
        const answer = await request(`${base}/register`, {
          method: "POST",
          headers: { ...headers, "X-Forwarded-For": address, "Content-Type": "application/x-www-form-urlencoded", Cookie: cookie, Origin: base },
          body: new URLSearchParams({
            _csrf: csrf,
            intent: "login",
            email: `flood.${i}.${n}.${Date.now()}@example.org`,
            password: `guess ${n}`,
          }).toString(),
          timeoutMs: 60_000,
        });
        statuses[answer.status] = (statuses[answer.status] ?? 0) + 1;
      } catch {
        errors += 1;
      }
      attempts += 1;
    }
  };
  const started = performance.now();
  const flood = Promise.all(Array.from({ length: HOSTILE.distributedLoops }, (_, i) => loop(i)));
  await sleep(HOSTILE.floodWarmupS * 1000);
  const patientAnswers = {};
  const patientMs = [];
  const end = performance.now() + HOSTILE.distributedS * 1000;
  while (performance.now() < end) {
    const t0 = performance.now();
    const answer = await signIn(mark).catch(() => ({ status: "error", headers: {} }));
    const ok = answer.status === 302 && String(answer.headers.location ?? "").endsWith("/landing");
    const key = ok ? "signed in" : String(answer.status);
    patientAnswers[key] = (patientAnswers[key] ?? 0) + 1;
    patientMs.push(performance.now() - t0);
    await sleep(Math.max(0, 1000 - (performance.now() - t0)));
  }
  running = false;
  await flood;
  const seconds = (performance.now() - started) / 1000;
  const tries = Object.values(patientAnswers).reduce((a, b) => a + b, 0);
  patientMs.sort((a, b) => a - b);
  return {
    flood: { attempts, statuses, errors, perSecond: attempts / seconds },
    patient: {
      tries,
      answers: patientAnswers,
      successRate: tries ? (patientAnswers["signed in"] ?? 0) / tries : 0,
      p50Ms: patientMs[Math.floor(patientMs.length / 2)] ?? NaN,
    },
  };
}

/** One POST of `bytes` bytes; the status, or the socket error when the server closed the connection first. */
function bigPost(url, bytes) {
  assertLoopback(url);
  return new Promise((resolve) => {
    const t0 = performance.now();
    const req = http.request(
      url,
      { method: "POST", agent: false, headers: { "Content-Type": "application/x-www-form-urlencoded", "Content-Length": bytes } },
      (res) => {
        res.resume();
        res.on("end", () => resolve({ status: String(res.statusCode), ms: performance.now() - t0 }));
        res.on("error", () => resolve({ status: String(res.statusCode), ms: performance.now() - t0 }));
      },
    );
    req.setTimeout(60_000, () => req.destroy(new Error("timeout")));
    req.on("error", (error) =>
      resolve({ status: `connection ${/** @type {NodeJS.ErrnoException} */ (error).code ?? error.message}`, ms: performance.now() - t0 }),
    );
    const chunk = Buffer.alloc(1024 * 1024, "a");
    chunk.write("a=", 0);
    let sent = 0;
    const pump = () => {
      while (sent < bytes) {
        const piece = sent + chunk.length <= bytes ? chunk : chunk.subarray(0, bytes - sent);
        sent += piece.length;
        if (!req.write(piece)) return void req.once("drain", pump);
      }
      req.end();
    };
    pump();
  });
}

/**
 * Measures, on a running portal that trusts one proxy hop: GET /register latency alone (1 connection), then while six
 * loops flood sign-in from one address and from six addresses; then ten 20 MB posts one after the other.
 */
export async function measureHostile({ base, pid, headers }) {
  const probe = (durationS) => runLoad({ url: `${base}/register`, headers, connections: 1, durationS, warmupS: 0, watchPid: pid });
  console.log(`Hostile traffic: GET /register alone (1 connection, ${HOSTILE.idleS} s)…`);
  const idle = await probe(HOSTILE.idleS);
  const known = await knownDevicePatient({ base, headers });
  const cases = [];
  for (const c of [
    // Measured once its limit refuses it: the attacker's steady state, every attempt answered without hashing.
    { name: "one attacker address", loops: HOSTILE.loops, addressOf: () => "198.51.100.1", until: 429 },
    { name: "six attacker addresses", loops: HOSTILE.loops, addressOf: (i) => `198.51.100.${11 + i}` },
    { name: "twelve attacker addresses", loops: 2 * HOSTILE.loops, addressOf: (i) => `198.51.100.${31 + i}` },
  ]) {
    console.log(`Hostile traffic: ${c.loops} sign-in loops from ${c.name}, GET /register meanwhile (${HOSTILE.probeS} s)…`);
    const flood = floodSignIn({ base, headers, loops: c.loops, addressOf: c.addressOf });
    if (c.until) c.limited = await flood.until(c.until, HOSTILE.untilLimitedS);
    await sleep(HOSTILE.floodWarmupS * 1000);
    const during = await probe(HOSTILE.probeS);
    const result = await flood.stop();
    cases.push({ ...c, during, flood: result });
    console.log(`  p50 ${during.latencyP50Ms} ms (alone ${idle.latencyP50Ms} ms); sign-in answers ${JSON.stringify(result.statuses)}`);
    await sleep(2_000); // let queued hashes finish before the next case
  }

  console.log(
    `Hostile traffic: a distributed flood (${HOSTILE.distributedLoops} connections, a new address each attempt) while a known-device patient signs in once a second (${HOSTILE.distributedS} s)…`,
  );
  const distributed = await distributedFlood({ base, headers, known });
  console.log(`  patient ${JSON.stringify(distributed.patient.answers)}; flood ${JSON.stringify(distributed.flood.statuses)}`);
  await sleep(2_000);

  console.log(`Hostile traffic: ${HOSTILE.bigPosts} posts of ${HOSTILE.bigPostBytes / 1024 / 1024} MB to /register, one after the other…`);
  const before = readMemory(pid);
  const sampler = sampleMemory(pid, 100);
  const posts = [];
  const t0 = performance.now();
  for (let i = 0; i < HOSTILE.bigPosts; i++) posts.push(await bigPost(`${base}/register`, HOSTILE.bigPostBytes));
  const totalMs = performance.now() - t0;
  const memory = sampler.stop();
  await sleep(1_000);
  const after = readMemory(pid);
  const stillUp = await request(`${base}/healthz`).then(
    (a) => a.status,
    () => "no answer",
  );
  return { idle, cases, distributed, big: { posts, totalMs, before, after, peakKiB: memory.maxRssKiB, stillUp } };
}

/** The report's Markdown section. */
export function hostileSection(h, { table, mib }) {
  const ratio = (l) => (h.idle.latencyP50Ms > 0 ? l.latencyP50Ms / h.idle.latencyP50Ms : NaN);
  const statusText = (s) =>
    Object.entries(s)
      .map(([k, v]) => `${k}: ${v}`)
      .join(", ") || "none";
  const lines = [
    "## Hostile traffic",
    "",
    `Six (then twelve) loops post the sign-in dialog as fast as they are answered, each attempt with a new unknown email`,
    `(each a password hash unless refused first), while one client loads \`GET /register\` with one connection for ${HOSTILE.probeS} s.`,
    "The portal trusts one proxy hop in this run, so `X-Forwarded-For` sets each loop's client address: all six from one",
    "address (what one machine can do; measured once its per-address limit refuses it), then one address per loop (a",
    "botnet, or clients behind a proxy the portal trusts). Goal: p50 at most 3x the page alone. Limits: docs/decisions/021;",
    "hashing pool: docs/decisions/020. The attempts column counts the whole flood, including the time before measuring.",
    "",
    table(
      ["Case", "GET /register p50", "p99", "p50 vs alone", "Sign-in attempts answered", "Answers by status", "Socket errors"],
      [
        ["page alone", `${h.idle.latencyP50Ms} ms`, `${h.idle.latencyP99Ms} ms`, "1.0x", "-", "-", "-"],
        ...h.cases.map((c) => [
          `${c.loops} loops from ${c.name}${c.until ? (c.limited ? " (after its limit)" : " (limit not met)") : ""}`,
          `${c.during.latencyP50Ms} ms`,
          `${c.during.latencyP99Ms} ms`,
          `${ratio(c.during).toFixed(1)}x`,
          `${c.flood.attempts} (${c.flood.perSecond.toFixed(1)}/s)`,
          statusText(c.flood.statuses),
          c.flood.errors,
        ]),
      ],
    ),
    "",
    "Sign-in answers: 401 a failed sign-in (a hash was computed), 429 refused by a per-address limit before hashing,",
    "503 refused because the hashing pool and its queue were full ('very busy, try again in a moment').",
    "",
    `### A distributed flood and a patient on a known browser (issue 22, docs/decisions/087)`,
    "",
    `${HOSTILE.distributedLoops} connections post sign-ins, each attempt from a new address and with a new unknown email, while a patient`,
    `whose browser signed in before (its known-device mark) signs in with the right password once a second for ${HOSTILE.distributedS} s. Goal: at least 90% of the patient's sign-ins succeed.`,
    "",
    table(
      ["Patient sign-ins", "Succeeded", "Patient answers", "Patient p50", "Flood attempts", "Flood answers by status", "Socket errors"],
      [
        [
          String(h.distributed.patient.tries),
          `${(h.distributed.patient.successRate * 100).toFixed(0)}%`,
          statusText(h.distributed.patient.answers),
          `${Math.round(h.distributed.patient.p50Ms)} ms`,
          `${h.distributed.flood.attempts} (${h.distributed.flood.perSecond.toFixed(1)}/s)`,
          statusText(h.distributed.flood.statuses),
          h.distributed.flood.errors,
        ],
      ],
    ),
    "",
    "Flood answers: 401 a failed sign-in (hashed), 429 a per-address or per-account refusal or the surge step (before hashing), 503 hashing full.",
    "",
    `### ${HOSTILE.bigPosts} posts of ${HOSTILE.bigPostBytes / 1024 / 1024} MB to /register, one after the other`,
    "",
    table(
      ["Answers", "Time for all", "RSS before", "Peak RSS while posting", "RSS 1 s after", "/healthz after"],
      [
        [
          statusText(h.big.posts.reduce((acc, p) => ({ ...acc, [p.status]: (acc[p.status] ?? 0) + 1 }), {})),
          `${(h.big.totalMs / 1000).toFixed(1)} s`,
          `${mib(h.big.before?.rssKiB ?? NaN)} MiB`,
          `${mib(h.big.peakKiB)} MiB`,
          `${mib(h.big.after?.rssKiB ?? NaN)} MiB`,
          String(h.big.stillUp),
        ],
      ],
    ),
    "",
  ];
  return lines.join("\n");
}
