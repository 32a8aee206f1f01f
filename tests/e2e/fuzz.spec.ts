import { request as playwrightRequest, type APIRequestContext } from "@playwright/test";
import { markDisallowedCharacters, textRuleOf } from "../../registry/contract/text-rules";
import {
  createCandidate,
  createClearedScreening,
  createPatient,
  expect,
  formPoster,
  hiddenValue,
  newPatient,
  STAFF_COMMANDS_NEED,
  staffCommandsAvailable,
  test,
} from "./fixtures";
import { badSegment, badValue, fuzzSeed, htmlEscaped, prng, STACK_TRACE, type Rng, type Wire } from "./support/fuzz-input";
import { codeFor, createAdminLink, STAFF_PASSWORD, staffEmail } from "./support/staff";

/**
 * The fuzz test of issue 11 (docs/decisions/027): every form action and every route parameter of the portal, with
 * generated malformed input, as an anonymous visitor and as a signed-in patient. No answer may be a server error
 * (>= 500) or carry a stack trace, and a form that comes back keeps what was typed (HTML-escaped). Seeded: the seed
 * is printed; FUZZ_SEED repeats a run, FUZZ_COUNT sets how many requests (at least 10,000 in CI).
 */

const COUNT = Math.max(100, Number(process.env.FUZZ_COUNT) || 10_000);
const PARALLEL = 8;
const timing = new Map<string, number>();
const statuses = new Map<string, number>();

type Field = [name: string, value: string];
/** A form: where it posts, its fields with good values, and which of them come back in the page when it fails. */
type FormTarget = { name: string; path: () => string; fields: Field[]; kept: string[]; weight?: number };

const person: Field[] = [
  ["firstName", "Rosa"],
  ["middleInitial", "M"],
  ["lastName", "Martinez"],
  ["preferredName", "Rosa"],
  ["birthDate", "1961-04-12"],
];
const address: Field[] = [
  ["addressLine1", "350 Fifth Avenue"],
  ["addressLine2", ""],
  ["city", "New York"],
  ["usState", "33"],
  ["province", ""],
  ["postalCode", "10118"],
  ["country", "1"],
  ["preferredLanguage", "1"],
  ["gender", "2"],
];
const NAMES_KEPT = ["firstName", "middleInitial", "lastName", "preferredName", "addressLine1", "addressLine2", "city", "postalCode"];

/**
 * The anonymous visitor's forms. The registration uses the fuzz patient's email and phone, so no generated post can
 * register (and sign the visitor in) by chance. Sign-out is fuzzed without a valid token only (fuzzCase), as a real
 * sign-out would end the visitor's session and its token.
 */
function anonymousForms(formIssued: string, taken: { email: string; phone: string }): FormTarget[] {
  return [
    {
      name: "register",
      path: () => "register",
      fields: [
        ["intent", "register"],
        ["entryreferrer", ""],
        ["inviteToken", ""],
        ["formIssued", formIssued],
        ["website", ""],
        ...person,
        ["email", taken.email],
        ["phoneNumber", taken.phone],
        ["password", "correct horse battery staple 42"],
        ["confirmPassword", "correct horse battery staple 42"],
        ...address,
        ["agreedToHipaa", "true"],
      ],
      kept: [...NAMES_KEPT, "email"],
    },
    {
      name: "register hipaa",
      path: () => "register",
      fields: [["hipaa", "open"], ...person, ["email", "a@example.org"]],
      kept: [...NAMES_KEPT, "email"],
    },
    // A sign-in the registry checks costs a memory-hard hash: fewer of them, so the run stays within its time.
    {
      name: "login",
      path: () => "register",
      fields: [
        ["intent", "login"],
        ["email", "fuzz@example.org"],
        ["password", "not the password 1"],
      ],
      kept: ["email"],
      weight: 0.15,
    },
    {
      name: "forgot",
      path: () => "register",
      fields: [
        ["intent", "forgot"],
        ["email", "fuzz@example.org"],
      ],
      kept: ["email"],
    },
    {
      name: "reset",
      path: () => "register",
      fields: [
        ["intent", "reset"],
        ["resetToken", "abc"],
        ["email", "fuzz@example.org"],
        ["password", "another long password 9"],
        ["confirmPassword", "another long password 9"],
      ],
      kept: ["email"],
      weight: 0.5,
    },
    { name: "address step", path: () => "register", fields: [["intent", "address-recommended"]], kept: [] },
    { name: "keep-alive", path: () => "keep-alive", fields: [], kept: [] },
  ];
}

function patientForms(screeningId: number): FormTarget[] {
  return [
    {
      name: "confirm start",
      path: () => "confirm",
      fields: [
        ["intent", "start-email"],
        ["email", "a@example.org"],
        ["phoneNumber", "(212) 555-0101"],
      ],
      kept: ["email"],
    },
    {
      name: "confirm start text",
      path: () => "confirm",
      fields: [
        ["intent", "start-text"],
        ["email", "a@example.org"],
        ["phoneNumber", "(212) 555-0101"],
      ],
      kept: [],
    },
    {
      name: "confirm send",
      path: () => "confirm",
      fields: [
        ["intent", "send-email"],
        ["value", "a@example.org"],
      ],
      kept: [],
    },
    {
      name: "confirm code",
      path: () => "confirm?code=email",
      fields: [
        ["intent", "verify"],
        ["code", "123456"],
      ],
      kept: ["code"],
    },
    { name: "confirm resend", path: () => "confirm", fields: [["intent", "resend"]], kept: [] },
    { name: "profile", path: () => "profile", fields: [["intent", "profile"], ...person, ...address], kept: NAMES_KEPT },
    {
      name: "profile password",
      path: () => "profile",
      fields: [
        ["intent", "password"],
        ["password", "x"],
        ["confirmPassword", "y"],
      ],
      kept: [],
      weight: 0.3,
    },
    { name: "profile address", path: () => "profile", fields: [["intent", "address-submitted"]], kept: [] },
    {
      name: "message choices",
      path: () => "profile/messages",
      fields: [
        ["steps-email", "true"],
        ["decisions-text", "true"],
        ["labs-email", "true"],
      ],
      kept: [],
    },
    { name: "sign out a device", path: () => "profile/devices", fields: [["device", "abcdefghijklmnop"]], kept: [] },
    {
      name: "change center",
      path: () => "landing",
      fields: [
        ["intent", "change-center"],
        ["screeningId", String(screeningId)],
        ["reason", "4"],
        ["other", "Closer to home"],
      ],
      kept: [],
    },
    {
      name: "request labs",
      path: () => "landing",
      fields: [
        ["intent", "request-labs"],
        ["screeningId", String(screeningId)],
      ],
      kept: [],
    },
    { name: "start screening", path: () => "landing", fields: [["intent", "start-screening"]], kept: [] },
    { name: "opt", path: () => "landing", fields: [["intent", "opt-in"]], kept: [] },
    { name: "screening start", path: () => "screening/start", fields: [["screeningId", String(screeningId)]], kept: [] },
    {
      name: "screening step",
      path: () => "screening/patient-situation",
      fields: [
        ["intent", "continue"],
        ["kidneyStatus", "4"],
        ["kidneyStatusOther", "Something else"],
        ["subStep", "1"],
      ],
      kept: ["kidneyStatusOther"],
    },
    {
      name: "screening validation",
      path: () => "screening/patient-validation",
      fields: [["intent", "continue"], ...person, ["phoneNumberSecondary", ""]],
      kept: [],
    },
    { name: "select center", path: () => `select-center/${screeningId}`, fields: [["centerId", "1"]], kept: [] },
    {
      name: "e-sign",
      path: () => "e-sign",
      fields: [
        ["typedName", "Rosa Martinez"],
        ["documentHash", "abc"],
      ],
      kept: [],
    },
    {
      name: "medical history",
      path: () => "medical-history/kidney-transplant",
      fields: [
        ["intent", "next"],
        ["hadKidneyTxp", "true"],
      ],
      kept: [],
    },
    { name: "medical history review", path: () => "medical-history/review", fields: [["intent", "submit"]], kept: [] },
  ];
}

/**
 * An immune-tolerance candidate (MHX-006), so the medical history's question pages read their forms, with the
 * first two questions answered (the third, a text area, is then open).
 */
async function createFuzzCandidate(api: APIRequestContext): Promise<string> {
  const { csrf } = await createCandidate(api, newPatient("Ifuzz"));
  const post = formPoster(api, csrf);
  await post("medical-history/kidney-transplant", { intent: "next", receivedKidneyTransplant: "1" });
  await post("medical-history/last-kidney-transplant", { intent: "next", lastKidneyTxpDate: "2020-01-15" });
  return csrf;
}

function candidateForms(): FormTarget[] {
  return [
    {
      name: "medical history text",
      path: () => "medical-history/anti-rejection-medicines",
      fields: [
        ["intent", "next"],
        ["addlMedicines", "Tacrolimus"],
      ],
      kept: ["addlMedicines"],
    },
    {
      name: "medical history date",
      path: () => "medical-history/last-kidney-transplant",
      fields: [
        ["intent", "next"],
        ["lastKidneyTxpDate", "2020-01-15"],
      ],
      kept: [],
    },
    {
      name: "medical history yes/no",
      path: () => "medical-history/kidney-transplant",
      fields: [
        ["intent", "previous"],
        ["receivedKidneyTransplant", "1"],
      ],
      kept: [],
    },
    {
      name: "e-sign",
      path: () => "e-sign",
      fields: [
        ["typedName", "Ifuzz Martinez"],
        ["documentHash", "abc"],
      ],
      kept: ["typedName"],
    },
  ];
}

/** GET and POST paths with one route parameter or query value replaced by garbage. */
function paramPaths(r: Rng, screeningId: number): { method: "GET" | "POST"; path: string } {
  const seg = badSegment(r);
  const q = badValue(r).wire;
  const paths = [
    `screening/${seg}`,
    `select-center/${seg}`,
    `select-center/${screeningId}?distance=${q}&sort=${badValue(r).wire}&dir=${badValue(r).wire}&select=${badValue(r).wire}`,
    `lab-tests/${seg}`,
    `lab-tests/${seg}/download`,
    `lab-results/${seg}`,
    `lab-results/${seg}/download`,
    `medical-history/${seg}`,
    `landing?change=${q}`,
    `register?token=${q}`,
    `register?h=${q}`,
    `register?entryreferrer=${q}&login=${badValue(r).wire}`,
    `register?forgot=${q}`,
    `language?lng=${q}&to=${badValue(r).wire}`,
    `language?lng=es&to=/${seg}`,
    `register/phone-check?phoneNumber=${q}`,
    `confirm?code=${q}`,
    `profile?address=${q}`,
    `profile/messages?${q}`,
    `profile/devices?${q}`,
    `profile/close?${q}`,
    `profile/download/${seg}`,
    `landing/answers/${seg}/pdf`,
    `medical-history/review/pdf?${q}`,
    `screening/patient-situation?returnTo=${q}`,
    `medical-history/kidney-transplant?returnTo=${q}`,
    `session-status?${q}`,
    `sms/inbound?${q}`,
    `${seg}`,
    `dev/${seg}`,
    `logout?${q}`,
  ];
  const path = r.pick(paths);
  const method = /^(screening|select-center|medical-history|lab-tests|lab-results|logout|sms\/inbound)/.test(path) && r.chance(0.3) ? "POST" : "GET";
  return { method, path };
}

type Case = {
  name: string;
  method: "GET" | "POST";
  path: string;
  body?: string;
  contentType?: string;
  expectKept: Array<{ field: string; text: string }>;
};

function formCase(r: Rng, target: FormTarget, csrf: string): Case {
  const fields: Array<[string, Wire]> = target.fields.map(([k, v]) => [k, { wire: encodeURIComponent(v), text: v, kind: "good" }]);
  const changed = new Set<string>();
  const mutations = 1 + r.int(3);
  for (let i = 0; i < mutations && fields.length; i++) {
    const at = r.int(fields.length);
    fields[at] = [fields[at]![0], badValue(r)];
    changed.add(fields[at]![0]);
  }
  if (fields.length && r.chance(0.1)) fields.splice(r.int(fields.length), 1); // a field left out
  if (fields.length && r.chance(0.1)) fields.push([r.pick(fields)[0], badValue(r)]); // the same field twice
  if (r.chance(0.05)) fields.push([`${r.pick(["firstName", "email", "intent"])}${r.pick(["[]", "[0]", ".x", "[__proto__]"])}`, badValue(r)]);
  if (r.chance(0.03)) fields.push([badValue(r).wire, badValue(r)]); // a garbage field name
  const token = r.chance(0.85) ? csrf : r.chance(0.5) ? "" : r.pick(["wrong", csrf.slice(1), `${csrf}x`, "%00"]);
  const parts = token === "" && r.chance(0.5) ? [] : [`_csrf=${token === csrf ? encodeURIComponent(csrf) : token}`];
  for (const [k, v] of fields) parts.push(`${encodeURIComponent(k)}=${v.wire}`);
  const reversed = r.chance(0.5);
  if (reversed) parts.reverse(); // the token last
  const contentType = r.chance(0.04)
    ? r.pick(["application/json", "text/plain", "multipart/form-data; boundary=x", ""])
    : "application/x-www-form-urlencoded";
  // What must come back in the page: each changed field the form shows, as the server reads it (the first of a
  // repeated name), with each character that is not allowed shown as U+FFFD. Line breaks are left out of the check
  // (HTML and React may normalise them in a text area).
  const expectKept: Case["expectKept"] = [];
  const sent = reversed ? [...fields].reverse() : fields;
  for (const field of target.kept) {
    if (!changed.has(field)) continue;
    const first = sent.find(([k]) => k === field)?.[1];
    if (!first || first.text === null || first.text === "" || /[\r\n]/.test(first.text) || first.text.length > 300) continue;
    expectKept.push({ field, text: markDisallowedCharacters(first.text, textRuleOf(field).multiline) });
  }
  return { name: target.name, method: "POST", path: target.path(), body: parts.join("&"), contentType, expectKept };
}

async function send(api: APIRequestContext, c: Case, r: Rng) {
  const headers: Record<string, string> = { "X-Forwarded-For": `10.${200 + r.int(50)}.${r.int(256)}.${r.int(256)}` };
  if (c.contentType) headers["Content-Type"] = c.contentType;
  // Now and then a language preference no browser would send (PLT-005 reads it when there is no cookie).
  if (r.chance(0.05))
    headers["Accept-Language"] = r.pick([";;;,,,q=abc", "zz-ZZ;q=2, es;q=NaN", "x".repeat(4000), "*;q=-1", "es-419, en;q=0.5, *;q=0.1"]);
  const answer = await api.fetch(c.path, { method: c.method, headers, data: c.body, maxRedirects: 0, failOnStatusCode: false });
  return { status: answer.status(), type: answer.headers()["content-type"] ?? "", body: await answer.text() };
}

/** Sends `count` cases from `next` with a few requests at once; answers every failure found. */
async function run(api: APIRequestContext, count: number, next: (r: Rng) => Case, seed: number): Promise<string[]> {
  const failures: string[] = [];
  let done = 0;
  const worker = async (w: number) => {
    const r = prng(seed + w * 7919);
    while (done < count) {
      done += 1;
      const c = next(r);
      const what = `${c.method} /${c.path.slice(0, 200)} ${c.body ? `body=${c.body.slice(0, 300)}` : ""}`;
      let answer;
      const t0 = Date.now();
      try {
        answer = await send(api, c, r);
        timing.set(c.name, (timing.get(c.name) ?? 0) + Date.now() - t0);
        const key = `${c.name} ${answer.status}`;
        statuses.set(key, (statuses.get(key) ?? 0) + 1);
      } catch (error) {
        failures.push(`${what}: request failed ${error instanceof Error ? error.message : String(error)}`);
        continue;
      }
      if (answer.status >= 500) failures.push(`${what}: status ${answer.status}`);
      const trace = STACK_TRACE.exec(answer.body);
      if (trace) failures.push(`${what}: stack trace in the answer: ${trace[0]}`);
      // No NUL byte in any answer: none typed is ever echoed (it comes back as U+FFFD), and React 19's streaming
      // renderer writes none of its own (React 18's did: facebook/react#31134; app/platform/page-collector.server.test.tsx).
      if (answer.body.includes("\u0000")) failures.push(`${what}: a NUL byte in the answer`);
      const page = answer.body;
      if (answer.status >= 400 && answer.status < 500 && answer.type.includes("text/html")) {
        for (const { field, text } of c.expectKept) {
          if (!page.includes(`name="${field}"`)) continue; // the form did not come back
          if (!page.includes(htmlEscaped(text))) failures.push(`${what}: ${field} not kept: ${JSON.stringify(text).slice(0, 120)}`);
        }
      }
    }
  };
  await Promise.all(Array.from({ length: PARALLEL }, (_, w) => worker(w)));
  return failures;
}

/**
 * The staff console's forms (docs/decisions/127, 133, 136) as a visitor sees them: the sign-in steps and set-up link
 * with nobody signed in (their answers change nothing: no password is right, no step is pending, no link kept).
 */
function staffAnonymousForms(): FormTarget[] {
  return [
    {
      name: "staff sign-in",
      path: () => "staff/sign-in",
      fields: [
        ["email", "fuzz.staff@hospital.example.org"],
        ["password", "not the password 1"],
      ],
      kept: ["email"],
      weight: 0.15,
    },
    { name: "staff code", path: () => "staff/code", fields: [["code", "123456"]], kept: [] },
    { name: "staff setup", path: () => "staff/setup", fields: [["code", "123456"]], kept: [] },
    {
      name: "staff welcome",
      path: () => "staff/welcome",
      fields: [
        ["password", "a long staff password 1"],
        ["confirmPassword", "a long staff password 1"],
      ],
      kept: [],
      weight: 0.3,
    },
    { name: "staff sign-out", path: () => "staff/sign-out", fields: [], kept: [] },
    { name: "staff keep-alive", path: () => "staff/keep-alive", fields: [], kept: [] },
  ];
}

/**
 * A signed-in staff person's forms, each aimed so that even its good values change nothing: an invitation of the
 * person's own email (taken), their own roles without the administrator role and their own disabling (both refused:
 * ownAccount), and every order, referral, participant and person of an id nobody has. Sign-out is left out (as the
 * patients' is): a right one would end the session the run needs.
 */
function staffForms(me: { id: number; email: string }, labId: string, centerId: string): FormTarget[] {
  const NOBODY = "2000000001";
  return [
    {
      name: "staff invite",
      path: () => "staff/people",
      fields: [
        ["name", "Fuzz Invitee"],
        ["email", me.email],
        ["lang", "es"],
        ["role", "center"],
        ["labId", ""],
        ["centerId", centerId],
      ],
      kept: ["name", "email"],
    },
    {
      name: "staff own roles",
      path: () => `staff/people/${me.id}`,
      fields: [
        ["intent", "grants"],
        ["program", "true"],
        ["lab", "true"],
        ["labId", labId],
      ],
      kept: [],
    },
    { name: "staff own disable", path: () => `staff/people/${me.id}`, fields: [["intent", "disable"]], kept: [] },
    { name: "staff nobody's link", path: () => `staff/people/${NOBODY}`, fields: [["intent", "link"]], kept: [] },
    {
      name: "staff lab decline",
      path: () => `staff/lab/orders/${NOBODY}`,
      fields: [
        ["intent", "decline"],
        ["declineReason", "Sample haemolysed"],
      ],
      kept: ["declineReason"],
    },
    {
      name: "staff lab values",
      path: () => `staff/lab/orders/${NOBODY}`,
      fields: [
        ["intent", "values"],
        ["name1", "Creatinine"],
        ["value1", "1.1"],
        ["unit1", "mg/dL"],
        ["range1", "0.6-1.2"],
        ["flag1", ""],
      ],
      kept: [],
    },
    { name: "staff lab approve", path: () => `staff/lab/orders/${NOBODY}`, fields: [["intent", "approve"]], kept: [] },
    {
      name: "staff update-labs",
      path: () => "staff/lab/update-labs",
      fields: [
        ["intent", "update-requisition"],
        ["requisition", "ZZ99999999"],
      ],
      kept: [],
    },
    {
      name: "staff center decline",
      path: () => `staff/center/referrals/${NOBODY}`,
      fields: [
        ["intent", "decline"],
        ["reason", "Outside our area"],
      ],
      kept: [],
    },
    {
      name: "staff program move",
      path: () => `staff/program/${NOBODY}`,
      fields: [
        ["stage", "4"],
        ["programNote", "Labs drawn"],
      ],
      kept: [],
    },
    { name: "staff code signed in", path: () => "staff/code", fields: [["code", "123456"]], kept: [] },
    { name: "staff keep-alive signed in", path: () => "staff/keep-alive", fields: [], kept: [] },
    { name: "staff recovery codes", path: () => "staff/recovery-codes", fields: [], kept: [] },
  ];
}

/** The staff console's pages with one route parameter or query value replaced by garbage. */
function staffParamPaths(r: Rng, signedIn: boolean): { method: "GET" | "POST"; path: string } {
  const seg = badSegment(r);
  const q = badValue(r).wire;
  const paths = [
    `staff/people/${seg}`,
    `staff/lab/orders/${seg}`,
    `staff/center/referrals/${seg}`,
    `staff/center/referrals/${seg}/consent`,
    `staff/program/${seg}`,
    `staff/program/${seg}/consent.pdf`,
    `staff/center?status=${q}`,
    `staff/lab?state=${q}`,
    `staff/audit?medicalRecordId=${q}&staffId=${badValue(r).wire}&from=${badValue(r).wire}&to=${badValue(r).wire}&page=${badValue(r).wire}`,
    `staff/audit.csv?medicalRecordId=${badValue(r).wire}&from=${q}`,
    `staff/session-status?${q}`,
    `staff/${seg}`,
    `staff?${q}`,
    `staff/sign-in?${q}`,
    // A link's token: it ends any sign-in on the browser, so only without one.
    ...(signedIn ? [] : [`staff/welcome?token=${q}`]),
  ];
  const path = r.pick(paths);
  const method = /^staff\/(people|lab|center|program)\//.test(path) && r.chance(0.3) ? "POST" : "GET";
  return { method, path };
}

/** What a staff person's page shows of their account (name, roles ticked, status), without its flash and form token. */
const accountShown = (html: string) => (/<h1[\s\S]*<\/main>/.exec(html)?.[0] ?? "").replace(/name="_csrf" value="[^"]*"/g, "");

/** FUZZ_TIMING=1: the time taken and the statuses answered, by form. */
function printTiming() {
  if (!process.env.FUZZ_TIMING) return;
  const lines = [...[...timing].sort((a, b) => b[1] - a[1]).map(([k, v]) => `${k}: ${v} ms`), ...[...statuses].sort().map(([k, v]) => `${k}: ${v}`)];
  process.stdout.write(lines.map((l) => `${l}\n`).join(""));
}

function weighted(r: Rng, forms: FormTarget[]): FormTarget {
  const total = forms.reduce((sum, f) => sum + (f.weight ?? 1), 0);
  let at = r.next() * total;
  for (const f of forms) {
    at -= f.weight ?? 1;
    if (at < 0) return f;
  }
  return forms[forms.length - 1]!;
}

test.describe("fuzz: malformed input in every form and route parameter", () => {
  test.skip(() => test.info().project.name !== "js", "runs once, in the js project (plain HTTP, no browser)");
  test.setTimeout(600_000);

  test("no server error, no stack trace, the input kept", async ({ request, baseURL }) => {
    const seed = fuzzSeed();
    process.stdout.write(`fuzz seed ${seed}: repeat with FUZZ_SEED=${seed} (FUZZ_COUNT=${COUNT})\n`);
    test.info().annotations.push({ type: "fuzz seed", description: String(seed) });

    // A signed-in patient with a screening cleared to choose a center (so the center and lab pages have an id).
    const patient = await createPatient(request, newPatient("Fuzz"), { verified: true });
    const screeningId = await createClearedScreening(request, patient);
    const patientCsrf = hiddenValue(await (await request.get("landing")).text(), "_csrf");

    const anonymous = await playwrightRequest.newContext({ baseURL });
    const registerPage = await (await anonymous.get("register")).text();
    const anonCsrf = hiddenValue(registerPage, "_csrf");
    const anonForms = anonymousForms(hiddenValue(registerPage, "formIssued"), patient);
    const signedInForms = patientForms(screeningId);

    const mixed =
      (forms: FormTarget[], csrf: string, params = 0.3) =>
      (r: Rng): Case => {
        if (r.chance(params)) return { name: "param", ...paramPaths(r, screeningId), expectKept: [] };
        return formCase(r, weighted(r, forms), csrf);
      };
    // A tenth for the immune-tolerance candidate's forms when registry staff commands are available (E2E_DATABASE_URL).
    const candidateShare = staffCommandsAvailable ? Math.floor(COUNT / 10) : 0;
    const candidate = candidateShare
      ? await playwrightRequest.newContext({ baseURL, extraHTTPHeaders: { "X-Forwarded-For": `10.199.${seed & 255}.7` } })
      : null;
    const candidateCsrf = candidate ? await createFuzzCandidate(candidate) : "";
    const half = Math.floor((COUNT - candidateShare) / 2);
    const failures = [
      ...(await run(anonymous, half, mixed(anonForms, anonCsrf), seed)),
      ...(await run(request, COUNT - candidateShare - half, mixed(signedInForms, patientCsrf), seed + 1)),
      ...(candidate ? await run(candidate, candidateShare, mixed(candidateForms(), candidateCsrf, 0.1), seed + 2) : []),
    ];
    await anonymous.dispose();
    await candidate?.dispose();
    printTiming();
    expect(failures.slice(0, 25), `${failures.length} failures with FUZZ_SEED=${seed}`).toEqual([]);
  });
});

test.describe("fuzz: the staff console's pages and posts", () => {
  test.skip(() => test.info().project.name !== "js", "runs once, in the js project (plain HTTP, no browser)");
  test.skip(!staffCommandsAvailable, STAFF_COMMANDS_NEED);
  test.setTimeout(600_000);

  test("signed out and signed in: no server error, no stack trace, the input kept, nothing changed", async ({ baseURL }) => {
    const seed = fuzzSeed() ^ 0x5f4ff;
    const count = Math.max(100, Math.floor(COUNT / 4));
    process.stdout.write(`staff fuzz seed ${seed}: repeat with FUZZ_SEED (FUZZ_COUNT=${COUNT}: ${count} staff requests)\n`);
    const headers = { "X-Forwarded-For": `10.198.${seed & 255}.9` };
    const anonymous = await playwrightRequest.newContext({ baseURL, extraHTTPHeaders: headers });
    const staff = await playwrightRequest.newContext({ baseURL, extraHTTPHeaders: headers });

    // The first administrator, set up over plain HTTP: the link, a password, the authenticator's first code.
    const email = staffEmail("fuzz-admin");
    await staff.get(await createAdminLink(email, "Fuzz Admin"));
    const welcome = await (await staff.get("staff/welcome")).text();
    const post = (api: APIRequestContext, path: string, csrf: string, fields: Record<string, string>) =>
      api.post(path, { form: { _csrf: csrf, ...fields }, maxRedirects: 0 });
    const csrfOf = async (api: APIRequestContext, path: string) => hiddenValue(await (await api.get(path)).text(), "_csrf");
    await post(staff, "staff/welcome", hiddenValue(welcome, "_csrf"), { password: STAFF_PASSWORD, confirmPassword: STAFF_PASSWORD });
    const setupPage = await (await staff.get("staff/setup")).text();
    const key = (/class="staff-key"[^>]*>([^<]+)</.exec(setupPage)?.[1] ?? "").replace(/\s+/g, "");
    expect(key).toMatch(/^[A-Z2-7]{16,}$/);
    const setUp = await post(staff, "staff/setup", hiddenValue(setupPage, "_csrf"), { code: codeFor(key) });
    expect(setUp.headers()["location"], "the recovery codes after the set-up").toMatch(/recovery-codes/);
    // Every role, so each area's pages and posts are the person's own.
    const people = await (await staff.get("staff/people")).text();
    const row = new RegExp(`${email.replace(/[.]/g, "\\.")}[\\s\\S]*?/staff/people/(\\d+)`).exec(people);
    const me = { id: Number(row?.[1]), email };
    const option = (name: string) => new RegExp(`name="${name}"[\\s\\S]*?<option value="(\\d+)"`).exec(people)?.[1] ?? "";
    const [labId, centerId] = [option("labId"), option("centerId")];
    expect([me.id, labId, centerId].every(Boolean), "the person's id, a lab and a center").toBe(true);
    const staffCsrf = hiddenValue(people, "_csrf");
    const grants = { intent: "grants", administrator: "true", program: "true", lab: "true", labId, center: "true", centerId };
    expect((await post(staff, `staff/people/${me.id}`, staffCsrf, grants)).status()).toBeLessThan(400);
    const before = accountShown(await (await staff.get(`staff/people/${me.id}`)).text());
    expect(before).toContain("Fuzz Admin");

    const anonCsrf = await csrfOf(anonymous, "staff/sign-in");
    const mixed =
      (forms: FormTarget[], csrf: string, signedIn: boolean) =>
      (r: Rng): Case => {
        if (r.chance(0.35)) return { name: "staff param", ...staffParamPaths(r, signedIn), expectKept: [] };
        return formCase(r, weighted(r, forms), csrf);
      };
    const half = Math.floor(count / 2);
    const failures = [
      ...(await run(anonymous, half, mixed(staffAnonymousForms(), anonCsrf, false), seed)),
      ...(await run(staff, count - half, mixed(staffForms(me, labId, centerId), staffCsrf, true), seed + 1)),
    ];

    // A 20 MB body, signed out and signed in: refused before it is read, never a server error.
    const big = `_csrf=${encodeURIComponent(staffCsrf)}&name=${"x".repeat(20 * 1024 * 1024)}`;
    for (const [api, path] of [
      [anonymous, "staff/sign-in"],
      [staff, "staff/people"],
    ] as const) {
      const answer = await api.post(path, {
        data: big,
        headers: { "Content-Type": "application/x-www-form-urlencoded" },
        maxRedirects: 0,
        failOnStatusCode: false,
      });
      expect(answer.status(), `20 MB to /${path}`).toBe(413);
    }
    // A post with the wrong token changes nothing and says so (403).
    expect((await post(staff, `staff/people/${me.id}`, `${staffCsrf}x`, { intent: "disable" })).status()).toBe(403);

    // Nothing changed: the person is still signed in, with the same account, roles and status.
    const after = await staff.get(`staff/people/${me.id}`, { maxRedirects: 0 });
    expect(after.status()).toBe(200);
    expect(accountShown(await after.text())).toBe(before);
    expect(await (await staff.get("staff/people")).text()).not.toContain("Fuzz Invitee");
    await anonymous.dispose();
    await staff.dispose();
    printTiming();
    expect(failures.slice(0, 25), `${failures.length} failures with FUZZ_SEED giving staff seed ${seed}`).toEqual([]);
  });
});
