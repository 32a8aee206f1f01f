import { describe, expect, it } from "vitest";
import { LabFormReason } from "../../registry/contract/labs";
import { approveOne, CENTER_A, CENTER_B, patientWithScreening } from "../../registry/areas/labs-fixtures";
import { testDatabases } from "../../registry/db/test-databases";
import { TEST_SETTINGS, useRegistry } from "../../registry/testing/harness";
import { createRegistryClient, RegistryUnavailableError, SessionExpiredError } from "./client.server";

/** The client's center-selection and lab methods against the real registry handler (PGlite). */
describe("registry client: center selection and labs", () => {
  const t = useRegistry(testDatabases()[0]!);
  const client = () => createRegistryClient({ baseUrl: "http://registry.test", fetch: (request) => t.handler(request) });

  it("selects a center, follows the lab order to its PDF and the results, through the typed methods", async () => {
    const p = await patientWithScreening(t);
    const c = client();

    const near = await c.centersNear(p.token, " 62701 ", 300);
    expect(near.success).toBe(true);
    expect(near.results!.map((x) => x.centerId)).toEqual(expect.arrayContaining([CENTER_A, CENTER_B]));
    expect(near.results![0]!.distanceInMiles).toEqual(expect.any(Number));
    expect((await c.centersNear(p.token, "62701", 250)).errors).toEqual({ distance: "validation.invalidValue" });

    const selected = await c.selectCenter(p.token, p.medicalRecordId, p.screeningId, { centerId: CENTER_A, reason: null, other: null });
    expect(selected.results).toMatchObject({
      centerId: CENTER_A,
      centerName: "Lakeside Kidney Institute",
      centerReferrals: [{ centerId: CENTER_A, status: "Pending Center" }],
    });
    const again = await c.selectCenter(p.token, p.medicalRecordId, p.screeningId, { centerId: CENTER_B, reason: 1, other: null });
    expect([again.status, again.success, again.errors]).toEqual([409, false, { form: LabFormReason.giveAdditionalTime }]);

    const order = await c.orderLabs(p.token, p.medicalRecordId, p.screeningId);
    expect([order.status, order.errors]).toEqual([409, { form: LabFormReason.orderPending }]);
    expect(await c.labTestsReady(p.token, p.screeningId)).toMatchObject({ status: 200, success: false, results: { ready: false } });
    const waiting = await c.labTestsPdf(p.token, p.screeningId);
    expect(waiting).toMatchObject({ status: 409, success: false, pdf: null, errors: { form: LabFormReason.orderNotApproved } });

    const { requisition } = await approveOne(t);
    expect(await c.labTestsReady(p.token, p.screeningId, "en")).toMatchObject({ success: true, results: { ready: true } });
    const pdf = await c.labTestsPdf(p.token, p.screeningId);
    if (!pdf.success) throw new Error("expected the lab order PDF");
    expect([pdf.contentType, pdf.fileName]).toEqual(["application/pdf", "lab-tests.pdf"]);
    expect(new TextDecoder().decode(pdf.pdf.subarray(0, 5))).toBe("%PDF-");

    expect(await c.labResultsReady(p.token, p.screeningId)).toMatchObject({ success: false, results: { ready: false } });
    expect(await c.labResultsPdf(p.token, p.screeningId)).toMatchObject({
      success: false,
      pdf: null,
      errors: { form: LabFormReason.resultsPending },
    });

    // The lab records the results (the lab's own calls: the staff console's, tested in registry/areas/staff-lab.db.test.ts).
    const lab = { "x-lab-staff-key": TEST_SETTINGS.labStaffKey };
    expect((await t.call("GET", `/api/pass/update-lab-requisition/${requisition}`, { headers: lab })).status).toBe(200);
    expect((await t.call("GET", `/api/pass/process-lab-results/${requisition}`, { headers: lab })).status).toBe(200);
    expect(await c.labResultsReady(p.token, p.screeningId)).toMatchObject({ success: true });
    const results = await c.labResultsPdf(p.token, p.screeningId);
    expect(results).toMatchObject({ success: true, fileName: "lab-results.pdf", contentType: "application/pdf" });

    const issues = await c.labTestsReady(p.token, 999_999);
    expect(issues.status).toBe(404);
    await expect(c.labTestsPdf("expired-token", p.screeningId)).rejects.toBeInstanceOf(SessionExpiredError);
    await expect(c.labResultsReady("expired-token", p.screeningId)).rejects.toBeInstanceOf(SessionExpiredError);
  });

  it("treats a download that is neither a PDF nor the contract as the registry being unavailable", async () => {
    const answers: Response[] = [
      new Response("<html>oops</html>", { status: 200, headers: { "content-type": "text/html" } }),
      new Response("not really a pdf", { status: 200, headers: { "content-type": "application/pdf" } }),
      Response.json({ success: true, results: { ready: true, reasons: [], messages: [] }, message: null }),
      new Response("", { status: 502 }),
    ];
    const c = createRegistryClient({ baseUrl: "http://registry.test", fetch: async () => answers.shift()! });
    for (let i = 0; i < 4; i++) await expect(c.labTestsPdf("t", 1)).rejects.toBeInstanceOf(RegistryUnavailableError);
  });
});
