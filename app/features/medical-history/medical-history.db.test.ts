import { describe, expect, it } from "vitest";
import { ImmunoFreeStatus } from "../../../registry/contract/enums";
import { insertIfRegistration, ifStage } from "../../../registry/data/if-registrations";
import { testDatabases } from "../../../registry/db/test-databases";
import { issueToken } from "../../../registry/domain/tokens";
import { START, TEST_SETTINGS, useRegistry } from "../../../registry/testing/harness";
import { createRegistryClient, type Fetcher } from "~/registry/client.server";
import { Session } from "~/platform/session.server";
import * as questionRoute from "~/routes/_private.medical-history.$question";
import * as startRoute from "~/routes/_private.medical-history._index";
import * as reviewRoute from "~/routes/_private.medical-history.review";
import * as eSignRoute from "~/routes/_private.e-sign";
import type { FormFailure } from "~/forms/types";
import type { MedicalHistoryDraft } from "./draft";
import { answersByPage } from "./test-answers";
import type { RouterContextProvider } from "react-router";
import { routerContextFor, type PortalContext } from "~/platform/context";

/** The draft as the feature wrote it into the session (the session keeps it untyped: platform/session-keys.ts). */
const draftIn = (session: Session) => session.get("medicalHistoryDraft") as MedicalHistoryDraft | undefined;

/**
 * The medical history and e-sign pages against the reference registry: the whole questionnaire through the pages'
 * own actions, the submission and the stage it moves, the e-sign refusals, and the registry being down.
 */
const MINUTE = 60_000;

/**
 * What these tests give a loader or action; the URL and route pattern React Router adds are filled in here, and the
 * portal's context is put in a RouterContextProvider as server.ts does.
 */
type TestArgs = { request: Request; params: Record<string, string>; context: PortalContext };
const withUrl =
  (handler: (args: Omit<TestArgs, "context"> & { context: RouterContextProvider; url: URL; pattern: string }) => Promise<unknown>) =>
  (args: TestArgs) =>
    handler({ ...args, context: routerContextFor(args.context), url: new URL(args.request.url), pattern: "" });
const questionAction = withUrl(questionRoute.action as never);
const questionLoader = withUrl(questionRoute.loader as never);
const startLoader = withUrl(startRoute.loader as never);
const reviewAction = withUrl(reviewRoute.action as never);
const reviewLoader = withUrl(reviewRoute.loader as never);
const eSignAction = withUrl(eSignRoute.action as never);
const eSignLoader = withUrl(eSignRoute.loader as never);

type Outcome = { location?: string; failure?: FormFailure; status?: number; data?: unknown };

async function outcome(result: unknown): Promise<Outcome> {
  if (result instanceof Response) return { location: result.headers.get("Location") ?? undefined, status: result.status };
  const d = result as { data?: unknown; init?: { status?: number } | null; type?: string };
  if (d && typeof d === "object" && d.type === "DataWithResponseInit") {
    const data = d.data as FormFailure;
    return { failure: data?.ok === false ? data : undefined, status: d.init?.status ?? 200, data };
  }
  return { data: result, status: 200 };
}

async function run(call: Promise<unknown>): Promise<Outcome> {
  try {
    return await outcome(await call);
  } catch (thrown) {
    return outcome(thrown);
  }
}

function post(path: string, fields: Record<string, string>): Request {
  const body = new FormData();
  body.set("_csrf", "c");
  for (const [k, v] of Object.entries(fields)) body.set(k, v);
  return new Request(`http://portal.test${path}`, { method: "POST", body, headers: { "user-agent": "Vitest Browser/1.0" } });
}

const get = (path: string) => new Request(`http://portal.test${path}`);

const ANSWERS = answersByPage;

describe.each(testDatabases().slice(0, 1))("medical history and e-sign pages against the registry ($name)", (target) => {
  const t = useRegistry(target);
  const registry = (fetch: Fetcher = (request) => t.handler(request)) => createRegistryClient({ fetch, baseUrl: "http://registry.test" });
  const down: Fetcher = async () => {
    throw new TypeError("fetch failed");
  };
  const signedIn = (medicalRecordId: number) => {
    const { token } = issueToken(TEST_SETTINGS.tokenSecret, medicalRecordId, t.clock);
    return new Session({ token, tokenExpires: new Date(Date.now() + 60 * MINUTE).toISOString(), medicalRecordId, csrf: "c" }, false);
  };
  const context = (session: Session, fetch?: Fetcher): PortalContext =>
    ({
      session,
      registry: registry(fetch),
      lang: "en",
      clientAddress: "203.0.113.9",
      basePath: "/",
      log: () => {},
    }) as unknown as PortalContext;

  /** A registered patient in the program at a stage, signed in. */
  async function candidate(n: number, stage: number | null = ImmunoFreeStatus.Registration) {
    // Registered with the birth date the test answers give (test-answers.ts): one birth date per person.
    const p = await t.register(n, { firstName: "Rosa", lastName: "Martinez", birthDate: "1961-04-12" });
    if (stage !== null) await insertIfRegistration(t.db, p.medicalRecordId, stage, START);
    return { ...p, session: signedIn(p.medicalRecordId) };
  }

  /** Answers every question through the question pages' action, checking each goes on to the next page. */
  async function answerAll(session: Session, fetch?: Fetcher) {
    for (const [i, [slug, fields]] of ANSWERS.entries()) {
      const next = ANSWERS[i + 1]?.[0] ?? "review";
      const r = await run(
        questionAction({
          request: post(`/medical-history/${slug}`, { intent: "next", ...fields }),
          params: { question: slug },
          context: context(session, fetch),
        }),
      );
      expect(r.location, slug).toBe(`/medical-history/${next}`);
    }
  }

  it("refuses a birth date other than the registered one, what was typed kept (docs/decisions/129)", async () => {
    const p = await candidate(1);
    const at = (slug: string, fields: Record<string, string>) =>
      run(
        questionAction({
          request: post(`/medical-history/${slug}`, { intent: "next", ...fields }),
          params: { question: slug },
          context: context(p.session),
        }),
      );
    for (const [slug, fields] of ANSWERS.slice(0, 3)) await at(slug, fields);
    const refused = await at("birth-date", { birthDate: "2015-06-01" });
    expect(refused.status).toBe(400);
    expect(refused.failure?.errors).toEqual({ birthDate: "medical.errors.birthDateNotRegistered" });
    expect(refused.failure?.values).toMatchObject({ birthDate: "2015-06-01" });
    expect(draftIn(p.session)?.answers.birthDate).toBe("1961-04-12");
    // The registered birth date is read from the registry each time, never kept in the cookie.
    expect(draftIn(p.session)).not.toHaveProperty("registeredBirthDate");
    expect((await at("birth-date", { birthDate: "1961-04-12" })).location).toBe("/medical-history/height");

    // A birth date corrected on the profile while the questionnaire is open is the one the review shows and sends.
    await answerAll(p.session);
    await t.db.query("update medical_records set birth_date = '1961-04-13' where id = $1", [p.medicalRecordId]);
    const review = await run(reviewLoader({ request: get("/medical-history/review"), params: {}, context: context(p.session) }));
    const rows = (review.data as { rows: Array<{ field: string; value: unknown }> }).rows;
    expect(rows.find((r) => r.field === "birthDate")?.value).toEqual({ kind: "date", iso: "1961-04-13" });
    const submit = await run(
      reviewAction({ request: post("/medical-history/review", { intent: "submit" }), params: {}, context: context(p.session) }),
    );
    expect(submit.location).toBe("/landing");
    expect((await registry().latestMedicalHistory(p.token, p.medicalRecordId)).results).toMatchObject({ birthDate: "1961-04-13" });
  });

  it("walks the questionnaire, submits it, and the stage moves on to E-Sign", async () => {
    const p = await candidate(1);
    const start = await run(startLoader({ request: get("/medical-history"), params: {}, context: context(p.session) } as never));
    expect(start.location).toBe("/medical-history/kidney-transplant");
    // The registered birth date is the starting answer.
    expect(draftIn(p.session)?.answers.birthDate).toBe("1961-04-12");

    const first = await run(
      questionLoader({
        request: get("/medical-history/kidney-transplant"),
        params: { question: "kidney-transplant" },
        context: context(p.session),
      }),
    );
    expect(first.data).toMatchObject({ number: 1, total: 15, canGoPrevious: false, isLast: false, question: { kind: "yesNo" } });
    const ahead = await run(questionLoader({ request: get("/medical-history/weight"), params: { question: "weight" }, context: context(p.session) }));
    expect(ahead.location).toBe("/medical-history/kidney-transplant");

    const refused = await run(
      questionAction({
        request: post("/medical-history/kidney-transplant", { intent: "next" }),
        params: { question: "kidney-transplant" },
        context: context(p.session),
      }),
    );
    expect(refused.status).toBe(400);
    expect(refused.failure?.errors).toEqual({ receivedKidneyTransplant: "medical.errors.chooseYesNo" });

    await answerAll(p.session);
    const review = await run(reviewLoader({ request: get("/medical-history/review"), params: {}, context: context(p.session) }));
    const rows = (review.data as { rows: Array<{ field: string; value: unknown }> }).rows;
    expect(rows.find((r) => r.field === "heightFt")?.value).toEqual({ kind: "height", feet: "5", inches: "6" });
    expect(rows.some((r) => r.field === "otherOrganTxp")).toBe(false);

    const back = await run(reviewAction({ request: post("/medical-history/review", { intent: "back" }), params: {}, context: context(p.session) }));
    expect(back.location).toBe("/medical-history/other-conditions");

    const done = await run(reviewAction({ request: post("/medical-history/review", { intent: "submit" }), params: {}, context: context(p.session) }));
    expect(done.location).toBe("/landing");
    expect(p.session.get("flash")).toEqual([{ kind: "status", key: "medical.complete" }]);
    expect(draftIn(p.session)).toBeUndefined();
    expect(await ifStage(t.db, p.medicalRecordId)).toBe(ImmunoFreeStatus.MedicalHistory);
    const stored = await registry().latestMedicalHistory(p.token, p.medicalRecordId);
    expect(stored.results).toMatchObject({
      receivedKidneyTransplant: true,
      lastKidneyTxpDate: "2019-03-27",
      addlMedicines: "Tacrolimus",
      heightFt: 5,
      heightInches: 6,
      weight: 165.5,
      hadOtherOrganTransplant: false,
      otherOrganTxp: null,
      birthGender: false,
      hasPulmonaryIssues: true,
      medicalConditionComments: "Asthma",
    });

    // Filling it in again starts from what was submitted.
    await run(startLoader({ request: get("/medical-history"), params: {}, context: context(p.session) } as never));
    expect(draftIn(p.session)?.answers).toMatchObject({
      receivedKidneyTransplant: "1",
      weight: "165.5",
      hasPulmonaryIssues: "1",
    });
  });

  it("a failed submission keeps the answers and says 'We were unable to update your profile'", async () => {
    const p = await candidate(2);
    await answerAll(p.session);
    const failed = await run(
      reviewAction({ request: post("/medical-history/review", { intent: "submit" }), params: {}, context: context(p.session, down) }),
    );
    expect(failed.location).toBe("/medical-history/review");
    expect(p.session.get("flash")).toEqual([{ kind: "alert", key: "medical.saveFailed" }]);
    expect(draftIn(p.session)?.furthest).toBe(15); // the review
    expect(await ifStage(t.db, p.medicalRecordId)).toBe(ImmunoFreeStatus.Registration);
  });

  it("while the registry cannot vouch for the sign-in, the pages holding answers answer 503 and keep the draft", async () => {
    const p = await candidate(5);
    await answerAll(p.session);
    const kept = draftIn(p.session);
    const review = await run(reviewLoader({ request: get("/medical-history/review"), params: {}, context: context(p.session, down) }));
    expect(review.status).toBe(503);
    expect(JSON.stringify(review)).not.toContain("Asthma");
    const question = await run(
      questionLoader({
        request: get("/medical-history/other-conditions"),
        params: { question: "other-conditions" },
        context: context(p.session, down),
      }),
    );
    expect(question.status).toBe(503);
    expect(JSON.stringify(question)).not.toContain("Asthma");
    expect(draftIn(p.session)).toEqual(kept);
    // Once the registry answers again, the review shows them.
    const back = await run(reviewLoader({ request: get("/medical-history/review"), params: {}, context: context(p.session) }));
    expect(JSON.stringify(back.data)).toContain("Asthma");
  });

  it("a revoked sign-in (signed out elsewhere) opens no answers and clears the draft", async () => {
    const p = await candidate(6);
    await answerAll(p.session);
    const token = p.session.get("token")!;
    t.advance(MINUTE);
    // Signed out on another device: the registry revokes every token of the account issued before now.
    const signOut = await registry().revokeToken(token);
    expect(signOut.success).toBe(true);
    const review = await run(reviewLoader({ request: get("/medical-history/review"), params: {}, context: context(p.session) }));
    expect(review.location).toBe("/register?logout=true");
    expect(draftIn(p.session)).toBeUndefined();
    expect(p.session.get("token")).toBeUndefined();
    expect(p.session.get("flash")).toEqual([{ kind: "status", key: "session.ended" }]);
  });

  it("another patient's draft in the same browser is never shown or sent", async () => {
    const a = await candidate(3);
    await answerAll(a.session);
    const b = await candidate(4);
    b.session.set("medicalHistoryDraft", draftIn(a.session));
    const review = await run(reviewLoader({ request: get("/medical-history/review"), params: {}, context: context(b.session) }));
    expect(review.location).toBe("/medical-history/kidney-transplant");
    expect(draftIn(b.session)?.owner).toBe(b.medicalRecordId);
    expect(draftIn(b.session)?.answers.addlMedicines).toBeUndefined();
  });

  it("an answer too long to keep in the session cookie is refused, what was typed handed back", async () => {
    const p = await candidate(5);
    await answerAll(p.session);
    p.session.set("firstName", "x".repeat(1200));
    const text = "y".repeat(1000);
    const r = await run(
      questionAction({
        request: post("/medical-history/other-conditions", { intent: "next", medicalConditionComments: text }),
        params: { question: "other-conditions" },
        context: context(p.session),
      }),
    );
    expect(r.failure?.errors).toEqual({ medicalConditionComments: "medical.errors.tooLongToKeep" });
    expect(r.failure?.values.medicalConditionComments).toBe(text);
    expect(draftIn(p.session)?.answers.medicalConditionComments).toBe("Asthma");
  });

  it("e-sign: only after the medical history, the exact name, once", async () => {
    const p = await candidate(6);
    const early = await run(eSignLoader({ request: get("/e-sign"), params: {}, context: context(p.session) }));
    expect(early.location).toBe("/landing");
    expect(p.session.get("flash")).toEqual([{ kind: "alert", key: "eSign.medicalHistoryFirst" }]);
    p.session.unset("flash");

    await answerAll(p.session);
    await run(reviewAction({ request: post("/medical-history/review", { intent: "submit" }), params: {}, context: context(p.session) }));
    p.session.unset("flash");

    const page = await run(eSignLoader({ request: get("/e-sign"), params: {}, context: context(p.session) }));
    const doc = (page.data as { document: { html: string; fullName: string; documentHash: string } }).document;
    expect(doc.fullName).toBe("Rosa Martinez");
    expect(doc.html).toContain("Rosa Martinez");

    const wrong = await run(
      eSignAction({
        request: post("/e-sign", { typedName: "rosa martinez", documentHash: doc.documentHash }),
        params: {},
        context: context(p.session),
      }),
    );
    expect(wrong.status).toBe(400);
    expect(wrong.failure?.errors).toEqual({ typedName: "eSign.nameMismatch" });
    expect(wrong.failure?.values.typedName).toBe("rosa martinez");

    const unreachable = await run(
      eSignAction({
        request: post("/e-sign", { typedName: "Rosa Martinez", documentHash: doc.documentHash }),
        params: {},
        context: context(p.session, down),
      }),
    );
    expect(unreachable.status).toBe(503);
    expect(unreachable.failure?.message).toEqual({ key: "errors.notSaved" });
    expect(unreachable.failure?.values.typedName).toBe("Rosa Martinez");

    const changed = await run(
      eSignAction({
        request: post("/e-sign", { typedName: "Rosa Martinez", documentHash: "0".repeat(64) }),
        params: {},
        context: context(p.session),
      }),
    );
    expect(changed.status).toBe(200);
    expect(changed.failure?.message).toEqual({ key: "eSign.documentChanged" });
    expect(await ifStage(t.db, p.medicalRecordId)).toBe(ImmunoFreeStatus.MedicalHistory);

    const signed = await run(
      eSignAction({
        request: post("/e-sign", { typedName: " Rosa Martinez ", documentHash: doc.documentHash }),
        params: {},
        context: context(p.session),
      }),
    );
    expect(signed.location).toBe("/landing");
    expect(p.session.get("flash")).toEqual([{ kind: "status", key: "eSign.signed" }]);
    expect(await ifStage(t.db, p.medicalRecordId)).toBe(ImmunoFreeStatus.ESign);
    const [row] = await t.db.query<{ typed_name: string; user_agent: string; client_address: string }>(
      "select typed_name, user_agent, client_address from consent_signatures where medical_record_id = $1",
      [p.medicalRecordId],
    );
    expect(row).toMatchObject({ typed_name: "Rosa Martinez", user_agent: "Vitest Browser/1.0", client_address: "203.0.113.9" });
    p.session.unset("flash");

    const twice = await run(eSignLoader({ request: get("/e-sign"), params: {}, context: context(p.session) }));
    expect(twice.location).toBe("/landing");
    expect(p.session.get("flash")).toEqual([{ kind: "alert", key: "eSign.alreadySigned" }]);
  });

  it.each([
    ["outside the program", null],
    ["invited, not yet screened as a candidate", ImmunoFreeStatus.InviteSent],
  ] as const)("a patient %s cannot open or answer the medical history (decision 051)", async (_n, stage) => {
    const p = await candidate(8, stage);
    const start = await run(startLoader({ request: get("/medical-history"), params: {}, context: context(p.session) } as never));
    expect(start.location).toBe("/landing");
    expect(p.session.get("flash")).toEqual([{ kind: "alert", key: "medical.notInProgram" }]);
    const answered = await run(
      questionAction({
        request: post("/medical-history/weight", { intent: "next", weight: "165" }),
        params: { question: "weight" },
        context: context(p.session),
      }),
    );
    expect(answered.location).toBe("/landing");
    const review = await run(
      reviewAction({ request: post("/medical-history/review", { intent: "submit" }), params: {}, context: context(p.session) }),
    );
    expect(review.location).toBe("/landing");
    expect(await t.db.query("select id from medical_histories where medical_record_id = $1", [p.medicalRecordId])).toEqual([]);
  });

  it("the registry refuses a submission from a patient who is not a candidate: back to the dashboard with the reason", async () => {
    const p = await candidate(9, null);
    // The record cannot be read, so the pages cannot tell (they open); the registry's own rule decides on submit.
    const recordDown: Fetcher = async (request) => {
      if (request.method === "GET" && new URL(request.url).pathname === `/api/pass/${p.medicalRecordId}`) throw new TypeError("fetch failed");
      return t.handler(request);
    };
    await answerAll(p.session, recordDown);
    const refused = await run(
      reviewAction({ request: post("/medical-history/review", { intent: "submit" }), params: {}, context: context(p.session, recordDown) }),
    );
    expect(refused.location).toBe("/landing");
    expect(p.session.get("flash")).toEqual([{ kind: "alert", key: "medical.notInProgram" }]);
    expect(draftIn(p.session)).toBeUndefined();
    expect(await t.db.query("select id from medical_histories where medical_record_id = $1", [p.medicalRecordId])).toEqual([]);
  });

  it("e-sign: a patient outside the program goes back to the dashboard; the registry down shows the page's message", async () => {
    const p = await candidate(7, null);
    const outside = await run(eSignLoader({ request: get("/e-sign"), params: {}, context: context(p.session) }));
    expect(outside.location).toBe("/landing");
    expect(p.session.get("flash")).toEqual([{ kind: "alert", key: "eSign.notInProgram" }]);
    const unreachable = await run(eSignLoader({ request: get("/e-sign"), params: {}, context: context(p.session, down) }));
    expect(unreachable.data).toMatchObject({ document: null });
  });
});
