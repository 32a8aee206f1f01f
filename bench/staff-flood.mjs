// The staff part of the floods (issue 35: "The staff sign-in meets the same figures"; docs/decisions/127, 134, 135).
// The same two floods as bench/flood.mjs, aimed at the staff console: 70 connections of no-JavaScript staff sign-ins
// (GET /staff/sign-in, POST a wrong password for an unknown email, the challenge unsolved) and 100 connections of
// /staff/sign-in page loads, each attempt from a new address through X-Forwarded-For. Meanwhile staff people sign in
// fully (the page, the password, the code page, the authenticator's code, the console), one sign-in started each
// second, each from a new browser and its own address: the share that ends on the console is the figure. Staff have
// no known-device mark, so every staff sign-in is a new browser's. Two kinds of staff browser: one without JavaScript
// (during a surge the server holds its post until the challenge is old enough, and under this flood it comes back
// after every line: docs/decisions/134), and one that solves the challenge's proof of work as the page's script does
// (docs/decisions/140, the patients' dialog's solver) and sends it in the form and the address. The people are set up
// first over plain HTTP, as a browser without JavaScript does: the demo administrator's link from the demo outbox,
// then invitations on /staff/people. Loopback only.
import { Secret, TOTP } from "otpauth";
import { FLOOD, flood, floodAddress, isBusyPage, pct, solve, statusText } from "./flood.mjs";
import { hiddenInput, request } from "./lib.mjs";

export const STAFF_FLOOD = {
  /**
   * People per kind of browser, taken in turn at one sign-in a second: each signs in again after 34 s, so never twice
   * in one 30-second code step (the registry accepts a step once, registry/domain/staff-auth.ts acceptedTotpStep).
   */
  people: 34,
  /** Goal (issue 35): a staff person on a new browser signs in at least this often (the patients' new-browser goal). */
  goal: FLOOD.newcomerGoal,
};

const PASSWORD = "a long staff password for the bench 2026";
const DEMO_ADMIN = "admin@demo.invalid";
const STEP_MS = 30_000;
const TIMEOUT_MS = 30_000;
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/** A browser's cookies: Set-Cookie kept by name, a cleared one dropped. */
function cookieJar() {
  const jar = new Map();
  return {
    take(headers) {
      const list = headers["set-cookie"] ?? [];
      for (const line of Array.isArray(list) ? list : [list]) {
        const pair = line.split(";")[0].trim();
        const eq = pair.indexOf("=");
        if (eq <= 0) continue;
        const cleared = eq === pair.length - 1 || /;\s*max-age=0\b/i.test(line) || /;\s*expires=Thu, 01 Jan 1970/i.test(line);
        if (cleared) jar.delete(pair.slice(0, eq));
        else jar.set(pair.slice(0, eq), pair);
      }
    },
    header() {
      return [...jar.values()].join("; ");
    },
  };
}

/** One browser: its cookies and its address; get/post answer { status, headers, body, html, busy, location }. */
function browser(base, headers, address) {
  const jar = cookieJar();
  const own = { ...headers, "X-Forwarded-For": address };
  const send = async (path, options = {}) => {
    const cookie = jar.header();
    const answer = await request(`${base}${path}`, {
      ...options,
      headers: { ...own, ...(cookie ? { Cookie: cookie } : {}), ...options.headers },
      timeoutMs: TIMEOUT_MS,
    });
    jar.take(answer.headers);
    return { ...answer, html: answer.body.toString("utf8"), busy: isBusyPage(answer), location: String(answer.headers.location ?? "") };
  };
  return {
    get: (path) => send(path),
    post: (path, fields) =>
      send(path, {
        method: "POST",
        headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: base },
        body: new URLSearchParams(fields).toString(),
      }),
  };
}

/** A path on this portal from a link in a message (the link carries PUBLIC_URL's host). */
const pathOf = (link) => {
  const url = new URL(link);
  return `${url.pathname}${url.search}`;
};

/** The newest emailed link to `to` in the demo outbox (/dev/outbox.json, newest first), waiting for it a while. */
async function emailedLink(base, headers, to) {
  for (let i = 0; i < 100; i++) {
    const answer = await request(`${base}/dev/outbox.json`, { headers, timeoutMs: TIMEOUT_MS });
    if (answer.status === 200) {
      const entries = JSON.parse(answer.body.toString("utf8"));
      const found = entries.find((e) => e.channel === "email" && String(e.to).toLowerCase() === to.toLowerCase());
      const link = found && /https?:\/\/\S+/.exec(found.text)?.[0];
      if (link) return pathOf(link);
    }
    await sleep(200);
  }
  throw new Error(`no link emailed to ${to} in the demo outbox`);
}

const totp = (key) => new TOTP({ secret: Secret.fromBase32(key), algorithm: "SHA1", digits: 6, period: 30 });
const stepAt = (ms) => Math.floor(ms / STEP_MS);

/**
 * The code a person's authenticator shows now, or the next step's when this step was used already (the registry
 * takes the step before and after the current one, each once). Remembers the step given.
 */
function codeFor(person) {
  const step = Math.max(stepAt(Date.now()), person.lastStep + 1);
  person.lastStep = step;
  return totp(person.key).generate({ timestamp: step * STEP_MS });
}

/** Throws with what the answer was when it is not `status` (and, for a redirect, not to `to`). */
function expectAnswer(what, answer, status, to) {
  if (answer.status === status && (to === undefined || answer.location.endsWith(to))) return;
  const alerts = [...answer.html.matchAll(/<a[^>]*href="#[^"]*"[^>]*>([^<]*)<\/a>/g)].map((m) => m[1]).join("; ");
  throw new Error(`${what} answered ${answer.status}${answer.location ? ` (to ${answer.location})` : ""}${alerts ? `: ${alerts}` : ""}`);
}

/** Follows a set-up link without JavaScript: the password twice, the key read from the page, its first code. */
async function setUpFromLink(b, linkPath, email) {
  const kept = await b.get(linkPath);
  expectAnswer(`${email}'s link`, kept, 302, "/staff/welcome");
  const welcome = await b.get("/staff/welcome");
  expectAnswer(`${email}'s welcome page`, welcome, 200);
  const chosen = await b.post("/staff/welcome", { _csrf: hiddenInput(welcome.html, "_csrf") ?? "", password: PASSWORD, confirmPassword: PASSWORD });
  expectAnswer(`${email}'s password`, chosen, 302, "/staff/setup");
  const setup = await b.get("/staff/setup");
  expectAnswer(`${email}'s set-up page`, setup, 200);
  const key = /class="staff-key"[^>]*>([^<]*)</.exec(setup.html)?.[1]?.replace(/\s+/g, "");
  if (!key) throw new Error(`${email}'s set-up page shows no key`);
  const person = { email, password: PASSWORD, key, lastStep: -1 };
  const done = await b.post("/staff/setup", { _csrf: hiddenInput(setup.html, "_csrf") ?? "", code: codeFor(person) });
  expectAnswer(`${email}'s first code`, done, 302, "/staff/recovery-codes");
  return person;
}

/**
 * The staff people: the demo administrator (created by the registry when it starts in demo mode, its link in the demo
 * outbox) sets up, then invites `count` people with the program role, who each set up from their emailed link. Each
 * from its own address (the registry limits staff calls per address).
 */
export async function staffPeople({ base, headers, count }) {
  console.log(`Setting up ${count} staff people (the demo administrator's link, invitations on /staff/people)…`);
  const admin = browser(base, headers, "192.0.2.30");
  await setUpFromLink(admin, await emailedLink(base, headers, DEMO_ADMIN), DEMO_ADMIN);
  const people = [];
  const stamp = Date.now().toString(36);
  for (let i = 0; i < count; i++) {
    const email = `staff.${stamp}.${i}@hospital.example.org`;
    const form = await admin.get("/staff/people");
    expectAnswer("the people page", form, 200);
    const invited = await admin.post("/staff/people", {
      _csrf: hiddenInput(form.html, "_csrf") ?? "",
      name: `Bench Staff ${i}`,
      email,
      lang: "en",
      role: "program",
      labId: "",
      centerId: "",
    });
    expectAnswer(`inviting ${email}`, invited, 302, "/staff/people");
    const them = browser(base, headers, `192.0.2.${31 + (i % 30)}`);
    people.push(await setUpFromLink(them, await emailedLink(base, headers, email), email));
  }
  console.log(`  ${people.length} people set up`);
  return people;
}

/**
 * One full staff sign-in from a new browser: the sign-in page, the password (with the challenge the page carries,
 * solved when `solveProof`, as the patients' dialog's script does, in the form and in the address), the code page, the
 * code, the console. Answers { step, status, busy } of the first step that did not go on, or { signedIn: true }.
 */
async function staffSignInOnce({ base, headers, address, person, solveProof }) {
  const b = browser(base, headers, address);
  /** Each step's time (ms), the code page and its post together as `code`. */
  const ms = {};
  let t = performance.now();
  const lap = (step) => {
    const now = performance.now();
    ms[step] = (ms[step] ?? 0) + (now - t);
    t = now;
  };
  const stop = (step, a) => ({ step, status: a.status, busy: a.busy, ms });
  const page = await b.get("/staff/sign-in");
  lap("page");
  if (page.status !== 200) return stop("page", page);
  const challenge = hiddenInput(page.html, "signInChallenge");
  const fields = { _csrf: hiddenInput(page.html, "_csrf") ?? "", email: person.email, password: person.password };
  let query = "";
  if (challenge) {
    fields.signInChallenge = challenge;
    if (solveProof) {
      fields.signInProof = solve(challenge);
      query = `?${new URLSearchParams({ signInChallenge: challenge, signInProof: fields.signInProof })}`;
    }
  }
  const posted = await b.post(`/staff/sign-in${query}`, fields);
  lap("password");
  if (posted.status !== 302 || !posted.location.endsWith("/staff/code")) return stop("password", posted);
  const codePage = await b.get("/staff/code");
  lap("code");
  if (codePage.status !== 200) return stop("code page", codePage);
  const coded = await b.post("/staff/code", { _csrf: hiddenInput(codePage.html, "_csrf") ?? "", code: codeFor(person) });
  lap("code");
  if (coded.status !== 302 || !coded.location.endsWith("/staff")) return stop("code", coded);
  const console_ = await b.get("/staff");
  lap("console");
  if (console_.status !== 200) return stop("console", console_);
  return { signedIn: true, ms };
}

const label = (a) => (a.signedIn ? "signed in" : `${a.step} ${a.status}${a.busy ? " busy" : ""}`);

/**
 * One kind of staff browser for `seconds`: a sign-in started each second (not waiting for the one before: without
 * JavaScript the server may hold a post for the challenge's age), person after person, address after address.
 */
async function staffSignIns({ base, headers, people, solveProof, firstAddress, seconds }) {
  const runs = [];
  const end = performance.now() + seconds * 1000;
  for (let n = 0; performance.now() < end; n++) {
    const t0 = performance.now();
    const person = people[n % people.length];
    runs.push(
      staffSignInOnce({ base, headers, address: `192.0.2.${firstAddress + (n % 50)}`, person, solveProof }).then(
        (a) => {
          if (process.env.BENCH_FLOOD_TRACE)
            console.log(
              `    staff ${solveProof ? "solving" : "no script"} ${label(a)} ${Object.entries(a.ms)
                .map(([k, v]) => `${k} ${Math.round(v)} ms`)
                .join(", ")}`,
            );
          return { key: label(a), ms: performance.now() - t0, steps: a.signedIn ? a.ms : null };
        },
        () => ({ key: "error", ms: performance.now() - t0, steps: null }),
      ),
    );
    await sleep(Math.max(0, 1000 - (performance.now() - t0)));
  }
  const done = await Promise.all(runs);
  const answers = {};
  for (const r of done) answers[r.key] = (answers[r.key] ?? 0) + 1;
  const p50 = (values) => {
    const sorted = [...values].sort((x, y) => x - y);
    return Math.round(sorted[Math.floor(sorted.length / 2)] ?? NaN);
  };
  const signedIn = done.filter((r) => r.steps);
  return {
    tries: done.length,
    answers,
    ratio: done.length ? (answers["signed in"] ?? 0) / done.length : 0,
    p50Ms: p50(done.map((r) => r.ms)),
    /** The signed-in ones' p50 by step. */
    stepsP50Ms: Object.fromEntries(["page", "password", "code", "console"].map((k) => [k, p50(signedIn.map((r) => r.steps[k]))])),
  };
}

/** The two floods at the staff console, each with the two kinds of staff browser signing in. */
export async function measureStaffFlood({ base, headers }) {
  const people = await staffPeople({ base, headers, count: 2 * STAFF_FLOOD.people });
  const noScript = people.slice(0, STAFF_FLOOD.people);
  const scripted = people.slice(STAFF_FLOOD.people);
  // Once before any flood: a person signs in at all.
  const first = await staffSignInOnce({ base, headers, address: "192.0.2.29", person: noScript[0], solveProof: false });
  if (!first.signedIn) throw new Error(`a staff sign-in before the floods answered ${label(first)}`);

  const scenarios = [
    {
      name: `${FLOOD.signInLoops} connections of no-JavaScript staff sign-ins`,
      loops: FLOOD.signInLoops,
      attempt: async (i, n) => {
        const b = browser(base, headers, floodAddress(i, n));
        const page = await b.get("/staff/sign-in");
        if (page.status !== 200) return { step: "page", status: page.status, busy: page.busy };
        const challenge = hiddenInput(page.html, "signInChallenge");
        const posted = await b.post("/staff/sign-in", {
          _csrf: hiddenInput(page.html, "_csrf") ?? "",
          email: `flood.${i}.${n}.${Date.now()}@example.org`,
          password: `wrong guess ${n}`,
          ...(challenge ? { signInChallenge: challenge } : {}),
        });
        return { step: "post", status: posted.status, busy: posted.busy };
      },
    },
    {
      name: `${FLOOD.pageLoops} connections of staff sign-in page loads`,
      loops: FLOOD.pageLoops,
      attempt: (i, n) =>
        request(`${base}/staff/sign-in`, { headers: { ...headers, "X-Forwarded-For": floodAddress(i, n) }, timeoutMs: TIMEOUT_MS }).then((a) => ({
          step: "page",
          ...a,
          busy: isBusyPage(a),
        })),
    },
  ];
  const results = [];
  for (const s of scenarios) {
    console.log(`Flood: ${s.name}, each attempt from a new address, while staff people sign in (one a second each kind, ${FLOOD.patientS} s)…`);
    const running = flood(s.loops, s.attempt);
    await sleep(FLOOD.warmupS * 1000);
    const [noScriptResult, scriptedResult] = await Promise.all([
      staffSignIns({ base, headers, people: noScript, solveProof: false, firstAddress: 100, seconds: FLOOD.patientS }),
      staffSignIns({ base, headers, people: scripted, solveProof: true, firstAddress: 150, seconds: FLOOD.patientS }),
    ]);
    const floodResult = await running.stop();
    console.log(
      `  staff without JavaScript ${(noScriptResult.ratio * 100).toFixed(0)} % ${JSON.stringify(noScriptResult.answers)}; solving ${(scriptedResult.ratio * 100).toFixed(0)} % ${JSON.stringify(scriptedResult.answers)}; flood ${JSON.stringify(floodResult.answers)}`,
    );
    results.push({ name: s.name, noScript: noScriptResult, scripted: scriptedResult, flood: floodResult });
    await sleep(3_000);
  }
  return results;
}

/** The report's Markdown section. */
export function staffFloodSection(results, { table }) {
  const p50Text = (k) =>
    `${k.p50Ms} ms (${Object.entries(k.stepsP50Ms)
      .map(([step, ms]) => `${step} ${ms}`)
      .join(", ")})`;
  return [
    "## Floods at the staff console: who still signs in (issue 35, docs/decisions/127, 134, 135)",
    "",
    `The patients' two floods aimed at the staff console, each attempt from a new address: ${FLOOD.signInLoops} connections GET`,
    "`/staff/sign-in` and POST a wrong password for an unknown email without JavaScript (the challenge unsolved); then",
    `${FLOOD.pageLoops} connections load that page. After ${FLOOD.warmupS} s, for ${FLOOD.patientS} s, a staff sign-in starts every second for each of two`,
    "kinds of browser, each a new browser (no cookie) from its own address, person after person: the page, the password,",
    "the code page, the authenticator's code (a step never used before), the console. _Without JavaScript_: during a",
    "surge the server holds the post until its challenge is old enough, then it comes back after every line of the",
    "admission (decision 134). _Solving_: the browser solves the challenge's proof of work as the page's script does",
    "(decision 140; before it, the staff page ran no solver) and sends it in the form and the address.",
    `Goal: a staff person on a new browser signs in at least ${pct(STAFF_FLOOD.goal)} of the time. Staff have no known-device`,
    `mark (decision 134 admits only a signed-in staff session in the \`patient\` class), so the known browser's ${pct(FLOOD.ownerGoal)}`,
    "has no staff counterpart.",
    "",
    table(
      ["Flood", "Without JavaScript", "Its answers", "p50", "Solving", "Its answers", "p50", "Flood attempts", "Flood answers"],
      results.map((r) => [
        r.name,
        pct(r.noScript.ratio),
        statusText(r.noScript.answers),
        p50Text(r.noScript),
        pct(r.scripted.ratio),
        statusText(r.scripted.answers),
        p50Text(r.scripted),
        `${r.flood.attempts} (${r.flood.perSecond.toFixed(1)}/s)`,
        statusText(r.flood.answers),
      ]),
    ),
    "",
    "Answers by the step that did not go on: `page` (GET /staff/sign-in), `password` (its POST), `code page`",
    "(GET /staff/code), `code` (its POST), `console` (GET /staff); `… 503 busy` refused by the admission (the short",
    "'very busy' page), `password 429` a limit or the surge step, `page 200` a page served (the page-load flood). p50: the",
    "whole sign-in, page to console (every try), then in brackets each step's p50 over the sign-ins that ended on the",
    "console (`code`: the code page and its post). The browser without JavaScript posts its password as soon as the page",
    "is in, so its `password` time holds all of the surge's wait; a person typing an email and a password waits that",
    "much less.",
    "",
  ].join("\n");
}
