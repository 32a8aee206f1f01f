import { PDFDocument } from "@cantoo/pdf-lib";
import { describe, expect, it } from "vitest";
import { RegistrationStatus } from "../contract/enums";
import { RegistryMessage } from "../contract/envelope";
import { LabFormReason } from "../contract/labs";
import { approveLabs, attachResults } from "../commands/labs";
import { testDatabases } from "../db/test-databases";
import { renderPdf } from "../domain/pdf";
import { START, TEST_SETTINGS, useRegistry, type TestRegistry } from "../testing/harness";
import { approveDueLabOrders } from "./labs-approval";
import {
  approveOne,
  CENTER_A,
  clearedBody,
  download,
  labOrderRows,
  patientWithScreening,
  pdfTextIfInstalled,
  screeningRow,
  selectCenter,
  signIn,
} from "./labs-fixtures";

const DAY = 24 * 60 * 60 * 1000;
const KEY = { "x-lab-staff-key": TEST_SETTINGS.labStaffKey };

type Patient = Awaited<ReturnType<typeof patientWithScreening>>;

describe.each(testDatabases())("lab orders and results on $name", (target) => {
  const t = useRegistry(target);
  const labs = (p: { screeningId: number }, what: "lab-tests" | "lab-results", call: "ready" | "download", query = "") =>
    `/api/pass/screening/${p.screeningId}/${what}/${call}${query}`;
  const orderLabs = (p: Patient, handler = t.handler) =>
    t.call("POST", `/api/pass/${p.medicalRecordId}/screening/${p.screeningId}/order-labs`, { token: p.token }, handler);

  /** Patient n (English when `english`) at the lab step with center A and a lab order waiting for approval. */
  async function atLabStep(t: TestRegistry, n = 1, english = false): Promise<Patient> {
    const p = await patientWithScreening(t, n);
    if (english) await t.db.query("update medical_records set preferred_language = 1 where id = $1", [p.medicalRecordId]);
    const a = await selectCenter(t, p, CENTER_A);
    if (a.status !== 200) throw new Error(JSON.stringify(a.body));
    return p;
  }

  it("a lab order's journey: waiting, approved by staff, downloaded as a PDF, received by the lab, results recorded and downloaded (LAB-002, LAB-007)", async () => {
    const p = await atLabStep(t);

    // Waiting for approval: ready answers success false; the download is refused.
    expect((await t.call("GET", labs(p, "lab-tests", "ready"), { token: p.token })).body).toEqual({
      success: false,
      results: { ready: false, reasons: [], messages: [] },
      message: null,
    });
    const early = await t.call("GET", labs(p, "lab-tests", "download"), { token: p.token });
    expect([early.status, early.body.errors]).toEqual([409, { form: LabFormReason.orderNotApproved }]);

    // Staff approve it (approve-labs --screening N).
    t.advance(2 * 60 * 60 * 1000);
    await signIn(t, p);
    const approved = await approveLabs(t.db, t.settings, { screeningId: p.screeningId }, t.clock);
    expect(approved).toEqual([expect.objectContaining({ screeningId: p.screeningId, expiresOn: "2025-06-08" })]);
    const requisition = approved[0]!.requisition;
    const ready = await t.call("GET", labs(p, "lab-tests", "ready"), { token: p.token });
    expect([ready.status, ready.body.success, ready.body.results]).toEqual([200, true, { ready: true, reasons: [], messages: [] }]);

    // The download: a real PDF in the patient's language (Spanish), stamping the download time.
    t.advance(60_000);
    const pdf = await download(t, labs(p, "lab-tests", "download"), p.token);
    expect(pdf.status).toBe(200);
    expect(pdf.headers.get("content-type")).toBe("application/pdf");
    expect(pdf.headers.get("content-disposition")).toBe('attachment; filename="lab-tests.pdf"');
    expect(pdf.headers.get("cache-control")).toBe("no-store");
    expect(Buffer.from(pdf.bytes.subarray(0, 5)).toString()).toBe("%PDF-");
    expect((await PDFDocument.load(pdf.bytes)).getTitle()).toBe("Orden de laboratorio");
    const text = pdfTextIfInstalled(pdf.bytes);
    if (text !== null) {
      for (const expected of [
        "Orden de laboratorio",
        "Ana M. Lopez",
        "17 de mayo de 1980",
        requisition,
        "10 de marzo de 2025",
        "8 de junio de 2025",
        "Lakeside Kidney Institute",
        "Hemograma completo",
        "Tipificación HLA",
        "Anticuerpos reactivos contra panel (PRA)",
        "Grupo sanguíneo (ABO y Rh)",
        "Análisis de orina",
        "página 1 de 1",
      ])
        expect(text, expected).toContain(expected);
    }
    const row = await screeningRow(t, p.screeningId);
    expect(row.prescription_download_date_time).toEqual(t.clock);
    const record = await t.call("GET", `/api/pass/${p.medicalRecordId}`, { token: p.token });
    expect(record.body.results.screeningList[0]).toMatchObject({
      prescriptionDownloadDateTime: t.clock.toISOString(),
      prescriptionExpirationDate: "2025-06-08",
      labsUploadedDateTime: "",
    });

    // Results are not in yet.
    expect((await t.call("GET", labs(p, "lab-results", "ready"), { token: p.token })).body).toMatchObject({
      success: false,
      results: { ready: false, reasons: [] },
    });
    const none = await t.call("GET", labs(p, "lab-results", "download"), { token: p.token });
    expect([none.status, none.body.errors, none.body.message]).toEqual([
      409,
      { form: LabFormReason.resultsPending },
      "Your lab results are not yet ready.",
    ]);

    // The lab: the requisition as typed (spaces, lower case, a hyphen) with the key.
    const typed = ` ${requisition.slice(0, 4).toLowerCase()}-${requisition.slice(4)} `;
    const received = await t.call("GET", `/api/pass/update-lab-requisition/${encodeURIComponent(typed)}`, { headers: KEY });
    expect(received.body).toEqual({ success: true, results: null, message: "Successfully updated lab requisition" });
    expect((await labOrderRows(t, p.screeningId))[0]).toMatchObject({ received_at: t.clock });

    t.advance(DAY);
    const processed = await t.call("GET", `/api/pass/process-lab-results/${requisition}`, { headers: KEY });
    expect(processed.body).toEqual({ success: true, results: null, message: "Successfully updated lab results" });
    expect(await screeningRow(t, p.screeningId)).toMatchObject({
      status: RegistrationStatus.SentToCenter,
      labs_uploaded_date_time: t.clock,
    });
    expect((await labOrderRows(t, p.screeningId))[0]).toMatchObject({ results_at: t.clock, results_source: "generated" });
    const mail = await t.db.query<{ subject: string; to_address: string }>("select subject, to_address from outbox where subject like 'Recibimos%'");
    expect(mail).toEqual([{ subject: "Recibimos sus resultados de laboratorio", to_address: p.email }]);

    await signIn(t, p);
    const done = await t.call("GET", labs(p, "lab-results", "ready"), { token: p.token });
    expect([done.status, done.body.success]).toEqual([200, true]);
    const results = await download(t, labs(p, "lab-results", "download"), p.token);
    expect([results.status, results.headers.get("content-type"), results.headers.get("content-disposition")]).toEqual([
      200,
      "application/pdf",
      'attachment; filename="lab-results.pdf"',
    ]);
    const resultsText = pdfTextIfInstalled(results.bytes);
    if (resultsText !== null) {
      for (const expected of [
        "Resultados de laboratorio",
        "Ana M. Lopez",
        requisition,
        "Resultados recibidos",
        "11 de marzo de 2025",
        "Lakeside Kidney Institute",
        "Hemograma completo",
      ]) {
        expect(resultsText, expected).toContain(expected);
      }
    }
    const actions = await t.db.query<{ action: string; actor_kind: string; actor_role: string | null; actor_organisation: string | null }>(
      "select action, actor_kind, actor_role, actor_organisation from audit_log where action like 'labs.%' order by id",
    );
    // The approve-labs command audits its operator; the lab's calls with the shared key name the key, nobody in particular.
    expect(actions.map((a) => [a.actor_kind, a.action, a.actor_role, a.actor_organisation].join(" "))).toEqual([
      "patient labs.order.place  ",
      "operator labs.order.approve  ",
      "patient labs.order.download  ",
      "staff labs.requisition.received lab shared-key",
      "staff labs.results.record lab shared-key",
      "patient labs.results.download  ",
    ]);
  });

  it("an English patient gets the English lab order; ?lang= chooses the language of the issue messages", async () => {
    const p = await atLabStep(t, 1, true);
    await approveLabs(t.db, t.settings, { all: true }, t.clock);
    const text = pdfTextIfInstalled((await download(t, labs(p, "lab-tests", "download"), p.token)).bytes);
    if (text !== null) {
      for (const expected of [
        "Lab Order",
        "Ana M. Lopez",
        "May 17, 1980",
        "March 10, 2025",
        "June 8, 2025",
        "Complete blood count (CBC)",
        "HLA typing",
        "Requisition number",
        "page 1 of 1",
      ]) {
        expect(text, expected).toContain(expected);
      }
    }
    const q = await patientWithScreening(t, 2);
    const es = await t.call("GET", labs(q, "lab-tests", "ready"), { token: q.token });
    const en = await t.call("GET", labs(q, "lab-tests", "ready", "?lang=en"), { token: q.token });
    expect(es.body.results.messages).toEqual([
      "Su registro no está en el paso de análisis de laboratorio.",
      "No se ha seleccionado ningún centro de trasplante.",
    ]);
    expect(en.body.results.messages).toEqual(["Your registration is not at the lab tests step.", "No transplant center has been selected."]);
  });

  it("answers the Issues list (409) when there is nothing to order: wrong status, no center, opted out, expired; no order for results", async () => {
    const p = await patientWithScreening(t);
    const issues = await t.call("GET", labs(p, "lab-tests", "ready", "?lang=en"), { token: p.token });
    expect(issues.status).toBe(409);
    expect(issues.body).toEqual({
      success: false,
      results: {
        ready: false,
        reasons: ["wrongStatus", "noCenter"],
        messages: ["Your registration is not at the lab tests step.", "No transplant center has been selected."],
      },
      message: "There is nothing to order for this registration",
      errors: { form: LabFormReason.labsNotAvailable },
    });
    expect((await t.call("GET", labs(p, "lab-tests", "download"), { token: p.token })).body.results.reasons).toEqual(["wrongStatus", "noCenter"]);
    const noResults = await t.call("GET", labs(p, "lab-results", "ready", "?lang=en"), { token: p.token });
    expect([noResults.status, noResults.body.results.reasons, noResults.body.results.messages]).toEqual([
      409,
      ["noOrder"],
      ["No lab tests have been ordered."],
    ]);

    const q = await atLabStep(t, 2);
    await t.call("POST", `/api/pass/${q.medicalRecordId}/opt-in-out/1`, { token: q.token });
    const opted = await t.call("GET", labs(q, "lab-tests", "ready"), { token: q.token });
    expect([opted.status, opted.body.results.reasons, opted.body.errors]).toEqual([409, ["optedOut"], { form: LabFormReason.optedOut }]);
    expect(opted.body.results.messages).toEqual([
      "Usted decidió no continuar con el proceso de registro. Para seguir, vuelva a participar desde su panel.",
    ]);
    // Results stay readable for an opted-out patient (they are the patient's own); here they are simply not in yet.
    expect((await t.call("GET", labs(q, "lab-results", "ready"), { token: q.token })).body).toMatchObject({
      success: false,
      results: { reasons: [] },
    });
    await t.call("POST", `/api/pass/${q.medicalRecordId}/opt-in-out/2`, { token: q.token });

    // Approved, then past its last valid day (06/08/2025, valid through that whole day).
    await approveLabs(t.db, t.settings, { all: true }, t.clock);
    t.clock = new Date("2025-06-08T23:59:59.000Z");
    await signIn(t, q);
    expect((await t.call("GET", labs(q, "lab-tests", "ready"), { token: q.token })).body.success).toBe(true);
    t.clock = new Date("2025-06-09T00:00:00.000Z");
    await signIn(t, q);
    const expired = await t.call("GET", labs(q, "lab-tests", "ready", "?lang=en"), { token: q.token });
    expect([expired.status, expired.body.results.reasons, expired.body.results.messages]).toEqual([
      409,
      ["orderExpired"],
      ["Your lab order has expired. Please request labs again from your dashboard."],
    ]);
  });

  it("'Request Labs' (order-labs): refused at the wrong step, while an order waits 7 days or is valid; a new order after that (LAB-001, LAB-008)", async () => {
    const p = await patientWithScreening(t);
    const wrong = await orderLabs(p);
    expect([wrong.status, wrong.body.errors]).toEqual([409, { form: LabFormReason.labsNotAvailable }]);

    const q = await atLabStep(t, 2);
    const waiting = await orderLabs(q);
    expect([waiting.status, waiting.body.errors, waiting.body.message]).toEqual([
      409,
      { form: LabFormReason.orderPending },
      "Your lab order was requested and is awaiting approval",
    ]);
    t.clock = new Date(START.getTime() + 7 * DAY);
    await signIn(t, q);
    expect((await orderLabs(q)).body.errors).toEqual({ form: LabFormReason.orderPending });

    // More than 7 days without approval: a new order replaces the old one.
    t.clock = new Date(START.getTime() + 7 * DAY + 1);
    await signIn(t, q);
    const again = await orderLabs(q);
    expect(again.status, JSON.stringify(again.body)).toBe(200);
    expect(again.body.results).toMatchObject({
      id: q.screeningId,
      labsOrdered: true,
      prescriptionRequestDateTime: t.clock.toISOString(),
      prescriptionExpirationDate: "",
    });
    const orders = await labOrderRows(t, q.screeningId);
    expect(orders.map((o) => [o.superseded_at !== null, o.approved_at !== null])).toEqual([
      [true, false],
      [false, false],
    ]);

    // Staff approve all waiting orders: only the current one is approved.
    expect(await approveLabs(t.db, t.settings, { all: true }, t.clock)).toHaveLength(1);
    const valid = await orderLabs(q);
    expect([valid.status, valid.body.errors]).toEqual([409, { form: LabFormReason.orderCurrent }]);

    // Expired: a new order may be placed, and a new approval gives a new requisition number.
    t.clock = new Date("2025-07-01T12:00:00.000Z");
    await signIn(t, q);
    expect((await orderLabs(q)).status).toBe(200);
    const [again2] = await approveLabs(t.db, t.settings, { screeningId: q.screeningId }, t.clock);
    expect(again2!.requisition).not.toBe((await labOrderRows(t, q.screeningId))[1]!.requisition);
    expect(await screeningRow(t, q.screeningId)).toMatchObject({
      prescription_expiration_date: "2025-09-29",
      prescription_download_date_time: null,
    });
  });

  it("approves automatically after LAB_APPROVAL_DELAY minutes (on the patient's next call, or the sweep), never with `never`", async () => {
    const p = await atLabStep(t);
    const delayed = t.handlerWith({ labApprovalDelayMinutes: 60 });
    t.advance(59 * 60_000);
    expect((await t.call("GET", labs(p, "lab-tests", "ready"), { token: p.token }, delayed)).body.success).toBe(false);
    t.advance(60_000);
    await signIn(t, p);
    expect((await t.call("GET", labs(p, "lab-tests", "ready"), { token: p.token })).body.success).toBe(false); // `never` here
    expect((await t.call("GET", labs(p, "lab-tests", "ready"), { token: p.token }, delayed)).body.success).toBe(true);
    expect((await labOrderRows(t, p.screeningId))[0]).toMatchObject({ approved_by: "automatic", approved_at: t.clock });

    // The sweep's function: every due order at once; the email goes out once.
    const q = await atLabStep(t, 2);
    const r = await atLabStep(t, 3);
    expect(await approveDueLabOrders(t.db, { ...t.settings, labApprovalDelayMinutes: null }, new Date(t.clock.getTime() + DAY))).toEqual([]);
    expect(await approveDueLabOrders(t.db, { ...t.settings, labApprovalDelayMinutes: 60 }, new Date(t.clock.getTime() + 30 * 60_000))).toEqual([]);
    const swept = await approveDueLabOrders(t.db, { ...t.settings, labApprovalDelayMinutes: 60 }, new Date(t.clock.getTime() + 60 * 60_000));
    expect(swept.map((a) => a.screeningId).sort()).toEqual([q.screeningId, r.screeningId].sort());
    expect(await t.db.query("select count(*)::int as n from outbox where subject = 'Su orden de laboratorio está lista'")).toEqual([{ n: 3 }]);
  });

  it("who may call the patient's lab calls: only with a token of the screening's record (PLT-013)", async () => {
    const ana = await atLabStep(t, 1);
    const ben = await patientWithScreening(t, 2);
    for (const what of ["lab-tests", "lab-results"] as const) {
      for (const call of ["ready", "download"] as const) {
        const url = labs(ana, what, call);
        const cases: Array<[string, string | undefined, number, string]> = [
          ["no token", undefined, 401, RegistryMessage.tokenNotFound],
          ["a bad token", "not-a-token", 401, RegistryMessage.tokenExpired],
          ["another patient's token", ben.token, 403, RegistryMessage.forbidden],
        ];
        for (const [name, token, status, message] of cases) {
          const a = await t.call("GET", url, { token });
          expect([url, name, a.status, a.body.message]).toEqual([url, name, status, message]);
        }
        expect((await t.call("GET", `/api/pass/screening/999999/${what}/${call}`, { token: ben.token })).status).toBe(404);
        expect((await t.call("GET", `/api/pass/screening/abc/${what}/${call}`, { token: ben.token })).status).toBe(400);
        expect((await t.call("POST", url, { token: ana.token })).status).toBe(405);
      }
    }
    const other = await t.call("POST", `/api/pass/${ben.medicalRecordId}/screening/${ana.screeningId}/order-labs`, { token: ben.token });
    expect(other.status).toBe(403);
    expect((await t.call("POST", `/api/pass/${ana.medicalRecordId}/screening/${ana.screeningId}/order-labs`, { token: ben.token })).status).toBe(403);
    expect((await t.call("POST", `/api/pass/${ben.medicalRecordId}/screening/x/order-labs`, { token: ben.token })).status).toBe(400);
    expect(await t.db.query("select count(*)::int as n from lab_orders")).toEqual([{ n: 1 }]);
  });

  it("the lab staff calls need the key, a requisition and an approved order; they answer no patient data", async () => {
    const p = await atLabStep(t);
    const { requisition } = await approveOne(t);
    for (const call of ["update-lab-requisition", "process-lab-results"]) {
      const url = `/api/pass/${call}/${requisition}`;
      const cases: Array<[string, Record<string, string>, number, Record<string, string>]> = [
        ["no key", {}, 401, { form: LabFormReason.staffKeyInvalid }],
        ["a wrong key", { "x-lab-staff-key": "test-lab-staff-key-0124" }, 401, { form: LabFormReason.staffKeyInvalid }],
        ["the key as a bearer token", { authorization: `Bearer ${TEST_SETTINGS.labStaffKey}` }, 401, { form: LabFormReason.staffKeyInvalid }],
      ];
      for (const [name, headers, status, errors] of cases) {
        const a = await t.call("GET", url, { headers });
        expect([call, name, a.status, a.body.errors, a.body.results]).toEqual([call, name, status, errors, null]);
      }
      const bad = await t.call("GET", `/api/pass/${call}/${encodeURIComponent("12 ; drop")}`, { headers: KEY });
      expect([bad.status, bad.body.errors]).toEqual([400, { requisition: "validation.invalidValue" }]);
      const unknown = await t.call("GET", `/api/pass/${call}/${requisition === "AAAAAAAA" ? "CCCCCCCC" : "AAAAAAAA"}`, { headers: KEY });
      expect([unknown.status, unknown.body]).toEqual([
        404,
        {
          success: false,
          results: null,
          message: "No lab order has this requisition number",
          errors: { form: LabFormReason.requisitionUnknown },
        },
      ]);
    }
    expect(await screeningRow(t, p.screeningId)).toMatchObject({
      status: RegistrationStatus.CompleteLabTests,
      labs_uploaded_date_time: null,
    });
    expect((await labOrderRows(t, p.screeningId))[0]).toMatchObject({ received_at: null, results_at: null });
    expect(await t.db.query("select count(*)::int as n from audit_log where action = 'labs.staff.refused'")).toEqual([{ n: 6 }]);

    // POST is accepted too; a pending order has no requisition to find.
    expect((await t.call("POST", `/api/pass/update-lab-requisition/${requisition}`, { headers: KEY })).body.success).toBe(true);
    const q = await atLabStep(t, 2);
    expect(await labOrderRows(t, q.screeningId)).toEqual([expect.objectContaining({ requisition: null })]);
  });

  it("results attached by staff (attach-lab-results) are the results document; a generated summary is replaced by a later attachment (LAB-007)", async () => {
    const p = await atLabStep(t);
    const { requisition } = await approveOne(t);
    const attached = await renderPdf({
      title: "Quest Diagnostics report 4711",
      lang: "en",
      blocks: [{ kind: "paragraph", text: "Creatinine 1.9 mg/dL" }],
    });
    await expect(attachResults(t.db, requisition, new TextEncoder().encode("not a pdf"))).rejects.toThrow(/not a PDF/);
    await expect(attachResults(t.db, "AAAAAAAA", attached)).rejects.toThrow(/no lab order/);
    await expect(attachResults(t.db, "12", attached)).rejects.toThrow(/not a requisition number/);
    await attachResults(t.db, requisition.toLowerCase(), attached, t.clock);
    // Attached but not processed: the patient does not see results yet.
    expect((await t.call("GET", labs(p, "lab-results", "ready"), { token: p.token })).body.success).toBe(false);
    await t.call("GET", `/api/pass/process-lab-results/${requisition}`, { headers: KEY });
    const got = await download(t, labs(p, "lab-results", "download"), p.token);
    expect(Buffer.from(got.bytes).equals(Buffer.from(attached))).toBe(true);
    expect((await labOrderRows(t, p.screeningId))[0]).toMatchObject({ results_source: "attached" });

    const q = await atLabStep(t, 2);
    const { requisition: second } = await approveOne(t);
    await t.call("GET", `/api/pass/process-lab-results/${second}`, { headers: KEY });
    const generated = await download(t, labs(q, "lab-results", "download"), q.token);
    expect((await PDFDocument.load(generated.bytes)).getTitle()).toBe("Resultados de laboratorio");
    await attachResults(t.db, second, attached, t.clock);
    expect(Buffer.from((await download(t, labs(q, "lab-results", "download"), q.token)).bytes).equals(Buffer.from(attached))).toBe(true);
  });

  it("results of a screening ruled out meanwhile are recorded without moving its status", async () => {
    const p = await atLabStep(t);
    const { requisition } = await approveOne(t);
    // The patient can no longer re-screen a registration at the lab step (decision 033): the status is set directly.
    const back = await t.call("PUT", `/api/pass/${p.medicalRecordId}/screening/${p.screeningId}`, {
      token: p.token,
      body: clearedBody({ donorStatus: 3, primaryGoal: 6, primaryGoalOther: "Not interested in finding a living donor" }),
    });
    expect(back.status).toBe(409);
    await t.db.query("update screenings set status = $2 where id = $1", [p.screeningId, RegistrationStatus.RuledOut]);
    expect((await t.call("GET", `/api/pass/process-lab-results/${requisition}`, { headers: KEY })).status).toBe(200);
    expect(await screeningRow(t, p.screeningId)).toMatchObject({ status: RegistrationStatus.RuledOut, labs_uploaded_date_time: t.clock });
  });
});
