// The "flood" part of `npm run bench` (issue 35, docs/decisions/134): who still signs in while strangers flood the
// portal. Three floods, one after the other, each loop taking a new address through X-Forwarded-For (the portal trusts
// one proxy hop in the bench): 70 connections of no-JavaScript sign-ins (GET the sign-in dialog's page, POST a wrong
// password for an unknown email, the dialog's challenge unsolved), 100 connections of plain page loads, and 24
// connections of sign-ins by a script that solves the proof of work (in worker threads at the lowest CPU priority: the
// attacker's CPU is its own, not the portal's). Meanwhile a
// patient on a known browser (its known-device mark) and a patient on a new browser (no mark; it solves the dialog's
// proof of work as the dialog's script would) each sign in once a second: their success ratios are the figures.
// Loopback only, bounded in connections and time.
import { createHash } from "node:crypto";
import os from "node:os";
import { Worker } from "node:worker_threads";
import { cookieFrom, hiddenInput, request } from "./lib.mjs";

export const FLOOD = {
  signInLoops: 70,
  pageLoops: 100,
  /** Issue 35: "under a proof-of-work-solving flood of 24 a new-browser patient ≥ 50 % and never a per-address 429". */
  solvingLoops: 24,
  warmupS: 3,
  patientS: Number(process.env.BENCH_FLOOD_S ?? 30),
  /** Goals (issue 35): the known-device owner signs in at least this often, the new-browser patient this often. */
  ownerGoal: 0.9,
  newcomerGoal: 0.5,
};

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
const DIALOG = "/register?login=1";

/** A proof for a challenge `c1.<issued>.<nonce>.<bits>.<signature>` (app/features/accounts/proof-of-work.ts). */
export function solve(challenge) {
  const bits = Number(challenge.split(".")[3]);
  for (let n = 0; n < 2 ** 26; n++) {
    const digest = createHash("sha256").update(`${challenge}:${n}`).digest();
    let left = bits;
    let ok = true;
    for (const byte of digest) {
      if (left <= 0) break;
      if (left >= 8) {
        if (byte !== 0) {
          ok = false;
          break;
        }
        left -= 8;
      } else {
        ok = byte >> (8 - left) === 0;
        break;
      }
    }
    if (ok) return String(n);
  }
  return "";
}

/**
 * The flood's solvers: worker threads that solve challenges for the flood's loops, each at the lowest CPU priority
 * (on Linux `os.setPriority` with no pid sets the calling thread's), so the bench's attacker uses only the CPU the
 * portal and the patients leave; a real one brings its own machines. `solve(challenge)` answers the proof.
 */
function solverPool(size) {
  const source = `
    const { parentPort } = require("node:worker_threads");
    const { createHash } = require("node:crypto");
    try { require("node:os").setPriority(19); } catch {}
    const solve = ${solve.toString()};
    parentPort.on("message", ({ id, challenge }) => parentPort.postMessage({ id, proof: solve(challenge) }));
  `;
  const workers = Array.from({ length: size }, () => new Worker(source, { eval: true }));
  const waiting = new Map();
  let next = 0;
  for (const worker of workers) worker.on("message", ({ id, proof }) => (waiting.get(id)?.(proof), waiting.delete(id)));
  return {
    solve: (challenge) =>
      new Promise((resolve) => {
        const id = next++;
        waiting.set(id, resolve);
        workers[id % workers.length].postMessage({ id, challenge });
      }),
    stop: () => Promise.all(workers.map((w) => w.terminate())),
  };
}

/**
 * One sign-in as a browser makes it: GET the dialog's page (with the browser's cookies), POST the dialog. `solveProof`:
 * the dialog's script ran (the proof of work solved) or not (the challenge sent unsolved, as without JavaScript).
 * Answers the POST's answer, or the GET's when that was refused.
 */
async function signInOnce({ base, headers, address, cookies = [], email, password, solveProof, solver = async (challenge) => solve(challenge) }) {
  const own = { ...headers, "X-Forwarded-For": address };
  const t0 = performance.now();
  const page = await request(`${base}${DIALOG}`, {
    headers: { ...own, ...(cookies.length ? { Cookie: cookies.join("; ") } : {}) },
    timeoutMs: 30_000,
  });
  const pageMs = performance.now() - t0;
  if (page.status !== 200) return { step: "page", status: page.status, headers: page.headers, pageMs, busy: isBusyPage(page) };
  const html = page.body.toString("utf8");
  const session = cookieFrom(page.headers, "pass_session") ?? "";
  const challenge = hiddenInput(html, "signInChallenge");
  const fields = { _csrf: hiddenInput(html, "_csrf") ?? "", intent: "login", email, password };
  let query = "";
  if (challenge) {
    fields.signInChallenge = challenge;
    if (solveProof) {
      fields.signInProof = await solver(challenge);
      // As the dialog's script does (provedAction, docs/decisions/134): the solved proof in the form's address too.
      query = `?${new URLSearchParams({ signInChallenge: challenge, signInProof: fields.signInProof })}`;
    }
  }
  const answer = await request(`${base}/register${query}`, {
    method: "POST",
    headers: { ...own, "Content-Type": "application/x-www-form-urlencoded", Cookie: [session, ...cookies].filter(Boolean).join("; "), Origin: base },
    body: new URLSearchParams(fields).toString(),
    timeoutMs: 30_000,
  });
  return { step: "post", status: answer.status, headers: answer.headers, pageMs, postMs: performance.now() - t0 - pageMs, busy: isBusyPage(answer) };
}

/** The admission's refusal (server/in-flight.ts): 503 with the short "very busy" page, not an answer of the app. */
export const isBusyPage = (a) => a.status === 503 && a.body.toString("utf8").includes("<h1>Very busy just now</h1>");
const signedIn = (a) => a.step === "post" && a.status === 302 && String(a.headers.location ?? "").endsWith("/landing");
const label = (a) => (signedIn(a) ? "signed in" : `${a.step} ${a.status}${a.busy ? " busy" : ""}`);

/** `loops` connections running `attempt(i, n)` until stopped; answers by label. */
export function flood(loops, attempt) {
  let running = true;
  const answers = {};
  let count = 0;
  const started = performance.now();
  const loop = async (i) => {
    for (let n = 0; running; n++) {
      const key = await attempt(i, n).then(label, () => "error");
      answers[key] = (answers[key] ?? 0) + 1;
      count += 1;
    }
  };
  const done = Promise.all(Array.from({ length: loops }, (_, i) => loop(i)));
  return {
    async stop() {
      running = false;
      await done;
      return { attempts: count, answers, perSecond: count / ((performance.now() - started) / 1000) };
    },
  };
}

/** A flood address: loop i's n-th attempt, never the patients' 192.0.2.0/24. */
export const floodAddress = (i, n) => `198.${18 + ((n >> 8) & 1)}.${n & 255}.${i + 1}`;

/**
 * The two floods, each with the two patients signing in once a second. `owner` and `newcomer`: { email, password };
 * the owner's browser signs in once first (before any flood) to get its mark.
 */
export async function measureFlood({ base, headers, owner, newcomer }) {
  const first = await signInOnce({ base, headers, address: "192.0.2.20", ...owner, solveProof: true });
  const mark = cookieFrom(first.headers, "pass_device");
  if (!signedIn(first) || !mark) throw new Error(`the owner's first sign-in answered ${label(first)}${mark ? "" : " without a known-device mark"}`);

  const scenarios = [
    {
      name: `${FLOOD.signInLoops} connections of no-JavaScript sign-ins`,
      loops: FLOOD.signInLoops,
      attempt: (i, n) =>
        signInOnce({
          base,
          headers,
          address: floodAddress(i, n),
          email: `flood.${i}.${n}.${Date.now()}@example.org`,
          password: `wrong guess ${n}`,
          solveProof: false,
        }),
    },
    {
      name: `${FLOOD.pageLoops} connections of page loads`,
      loops: FLOOD.pageLoops,
      attempt: (i, n) =>
        request(`${base}${DIALOG}`, { headers: { ...headers, "X-Forwarded-For": floodAddress(i, n) }, timeoutMs: 30_000 }).then((a) => ({
          step: "page",
          ...a,
          busy: isBusyPage(a),
        })),
    },
  ];
  const solvers = solverPool(Math.max(1, os.availableParallelism() - 1));
  scenarios.push({
    name: `${FLOOD.solvingLoops} connections of sign-ins that solve the proof of work`,
    loops: FLOOD.solvingLoops,
    // The patient on a new browser comes from one of 5 addresses (a household, a clinic's connection): a busy
    // refusal counted against its address would show as a 429 ("too many attempts from your connection").
    newcomerAddresses: 5,
    attempt: (i, n) =>
      signInOnce({
        base,
        headers,
        address: floodAddress(i, n),
        email: `solver.${i}.${n}.${Date.now()}@example.org`,
        password: `wrong guess ${n}`,
        solveProof: true,
        solver: solvers.solve,
      }),
  });
  const results = [];
  // BENCH_FLOOD_ONLY=<word>: only the floods whose name holds it (e.g. "solve"), while working on one.
  for (const s of scenarios.filter((x) => !process.env.BENCH_FLOOD_ONLY || x.name.includes(process.env.BENCH_FLOOD_ONLY))) {
    console.log(`Flood: ${s.name}, each attempt from a new address, while two patients sign in once a second (${FLOOD.patientS} s)…`);
    const running = flood(s.loops, s.attempt);
    await sleep(FLOOD.warmupS * 1000);
    const patient = async (who) => {
      const answers = {};
      const ms = [];
      const end = performance.now() + FLOOD.patientS * 1000;
      for (let n = 0; performance.now() < end; n++) {
        const t0 = performance.now();
        const a =
          who === "owner"
            ? await signInOnce({ base, headers, address: "192.0.2.21", cookies: [mark], ...owner, solveProof: true }).catch(() => null)
            : // A new browser every time (no cookie), each from its own address: different people, as on a real day.
              await signInOnce({
                base,
                headers,
                address: `192.0.2.${100 + (n % (s.newcomerAddresses ?? 100))}`,
                ...newcomer,
                solveProof: true,
              }).catch(() => null);
        const key = a ? label(a) : "error";
        if (process.env.BENCH_FLOOD_TRACE)
          console.log(`    ${who} ${key} page ${Math.round(a?.pageMs ?? NaN)} ms, post ${Math.round(a?.postMs ?? NaN)} ms`);
        answers[key] = (answers[key] ?? 0) + 1;
        ms.push(performance.now() - t0);
        await sleep(Math.max(0, 1000 - (performance.now() - t0)));
      }
      const tries = Object.values(answers).reduce((x, y) => x + y, 0);
      ms.sort((x, y) => x - y);
      return { tries, answers, ratio: tries ? (answers["signed in"] ?? 0) / tries : 0, p50Ms: Math.round(ms[Math.floor(ms.length / 2)] ?? NaN) };
    };
    const [ownerResult, newcomerResult] = await Promise.all([patient("owner"), patient("newcomer")]);
    const floodResult = await running.stop();
    console.log(
      `  owner ${(ownerResult.ratio * 100).toFixed(0)} % ${JSON.stringify(ownerResult.answers)}; new browser ${(newcomerResult.ratio * 100).toFixed(0)} % ${JSON.stringify(newcomerResult.answers)}; flood ${JSON.stringify(floodResult.answers)}`,
    );
    results.push({ name: s.name, owner: ownerResult, newcomer: newcomerResult, flood: floodResult });
    await sleep(3_000);
  }
  await solvers.stop();
  return results;
}

/** Answers by label, as a report's cell: "signed in: 30, page 503 busy: 1". */
export const statusText = (s) =>
  Object.entries(s)
    .map(([k, v]) => `${k}: ${v}`)
    .join(", ") || "none";
/** A ratio as a report's percentage. */
export const pct = (r) => `${(r * 100).toFixed(0)} %`;

/** The report's Markdown section. */
export function floodSection(results, { table }) {
  return [
    "## Floods: who still signs in (issue 35, docs/decisions/134)",
    "",
    `Each flood loop takes a new address for every attempt (\`X-Forwarded-For\` through the one trusted hop): ${FLOOD.signInLoops} connections`,
    "GET the sign-in dialog's page and POST a wrong password for an unknown email without JavaScript (the challenge",
    `unsolved); then ${FLOOD.pageLoops} connections load that page; then ${FLOOD.solvingLoops} connections do as the first but solve each challenge, as`,
    "the dialog's script would, in worker threads at the lowest CPU priority. After",
    `${FLOOD.warmupS} s, for ${FLOOD.patientS} s, a patient on a known browser (its known-device mark) and a patient on a new browser (no`,
    "cookie; the dialog's proof of work solved as its script would) each open the dialog and sign in once a second with",
    "the right password. The new browser comes from its own address each time, except in the solving flood: one of 5",
    "(a household's, a clinic's connection), so that a refusal counted against its address would show as a `post 429`.",
    `Goals: the owner at least ${pct(FLOOD.ownerGoal)}, the new browser at least ${pct(FLOOD.newcomerGoal)}, and under the solving flood never a`,
    "`post 429` for the new browser.",
    "",
    table(
      ["Flood", "Known browser", "Its answers", "p50", "New browser", "Its answers", "p50", "Flood attempts", "Flood answers"],
      results.map((r) => [
        r.name,
        pct(r.owner.ratio),
        statusText(r.owner.answers),
        `${r.owner.p50Ms} ms`,
        pct(r.newcomer.ratio),
        statusText(r.newcomer.answers),
        `${r.newcomer.p50Ms} ms`,
        `${r.flood.attempts} (${r.flood.perSecond.toFixed(1)}/s)`,
        statusText(r.flood.answers),
      ]),
    ),
    "",
    "Answers: `… 503 busy` refused by the admission (the short 'very busy' page), `post 503` the registry's answer that",
    "its password hashing pool is full, `post 429` a limit or the surge step, `post 401` a wrong password (hashed),",
    "`page 200` a page served (the page-load flood).",
    "",
  ].join("\n");
}
