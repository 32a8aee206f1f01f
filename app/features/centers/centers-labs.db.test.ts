import { describe, expect, it } from "vitest";
import { ReferralStatus, RegistrationStatus } from "../../../registry/contract/enums";
import { approveOne, CENTER_A, CENTER_B, patientWithScreening, selectCenter, signIn } from "../../../registry/areas/labs-fixtures";
import { testDatabases } from "../../../registry/db/test-databases";
import { useRegistry, type TestRegistry } from "../../../registry/testing/harness";
import { LabPageStatus } from "~/features/labs/lab-page-model";
import { createRegistryClient } from "~/registry/client.server";
import { Session } from "~/platform/session.server";
import { changeCenterAction, changeCenterDialog, requestLabsAction } from "./change-center.server";
import { labDownload, labPageData } from "~/features/labs/lab-pages.server";
import { selectCenterAction, selectCenterPage } from "./select-center.server";
import type { FormFailure } from "~/forms/types";
import { updateLabsAction } from "~/features/labs/update-labs.server";
import type { PortalContext } from "~/platform/context";
import type { StaffSessionData } from "~/platform/staff-session";
import { seededLabId, staffWith } from "../../../registry/testing/staff";

/**
 * The center-selection, change-center, lab-page and update-labs forms of the portal against the reference registry
 * (PGlite, its clock under the test's control): what the registry answers, as the patient and lab staff see it.
 */
const DAY = 24 * 60 * 60 * 1000;

function form(fields: Record<string, string>): FormData {
  const f = new FormData();
  for (const [k, v] of Object.entries(fields)) f.set(k, v);
  return f;
}

/** What a loader or action answered, thrown or returned: a redirect's location, a form handed back, or data. */
async function outcome<T>(work: Promise<T>): Promise<{ location?: string; status?: number; failure?: FormFailure; value?: T }> {
  let result: unknown;
  try {
    result = await work;
  } catch (thrown) {
    result = thrown;
  }
  if (result instanceof Response) {
    const location = result.headers.get("Location");
    return location ? { location, status: result.status } : { status: result.status };
  }
  const d = result as { data?: FormFailure; init?: { status?: number } | null };
  if (d && typeof d === "object" && "data" in d && d.data?.ok === false) return { failure: d.data, status: d.init?.status ?? 200 };
  return { value: result as T };
}

type Patient = Awaited<ReturnType<typeof patientWithScreening>>;

describe.each(testDatabases().slice(0, 1))("center selection and labs in the portal ($name)", (target) => {
  const t = useRegistry(target);
  const client = (registry: TestRegistry = t) =>
    createRegistryClient({ fetch: (request) => registry.handler(request), baseUrl: "http://registry.test" });
  const session = (p: Patient) =>
    new Session(
      { token: p.token, tokenExpires: new Date(Date.now() + 60 * 60 * 1000).toISOString(), medicalRecordId: p.medicalRecordId, csrf: "c" },
      false,
    );
  const context = (s: Session, staffSession: Session<StaffSessionData> = new Session<StaffSessionData>({ csrf: "c" }, true)): PortalContext =>
    ({ session: s, staffSession, registry: client(), lang: "en", clientAddress: "203.0.113.9", log: () => {} }) as unknown as PortalContext;
  const staffSession = (token: string) => new Session<StaffSessionData>({ token, csrf: "c", signedInAt: Date.now(), lastSeenAt: Date.now() }, false);
  const page = (id: number | string, query = "") => new URL(`http://portal.test/select-center/${id}${query}`);
  const screening = async (p: Patient) => {
    const answer = await client().passRecord(p.medicalRecordId, p.token);
    return answer.results!.screeningList.find((s) => s.id === p.screeningId)!;
  };

  it("the select-center page: someone else's or a bad id goes to the dashboard; the centers by section; the dialog", async () => {
    const p = await patientWithScreening(t, 1);
    const other = await patientWithScreening(t, 2);
    for (const id of ["abc", "0", String(other.screeningId)]) {
      const s = session(p);
      expect(await outcome(selectCenterPage(context(s), id, page(id), t.clock))).toMatchObject({ location: "/landing" });
      expect(s.get("flash")).toEqual([{ kind: "alert", key: "selectCenter.notFound" }]);
    }

    const view = (
      await outcome(selectCenterPage(context(session(p)), String(p.screeningId), page(p.screeningId, "?distance=100&select=202"), t.clock))
    ).value!;
    expect(view).toMatchObject({
      screeningId: p.screeningId,
      postalCode: "62701",
      distance: 100,
      centersFailed: false,
      priorYear: { from: "2024-01-01", to: "2024-12-31" },
    });
    expect(view.sections.map((s) => [s.titleKey, s.rows.map((r) => r.centerName)])).toEqual([
      ["selectCenter.sectionKidneyForLife", ["Lakeside Kidney Institute", "Prairie Transplant Center", "Riverbend Renal Center"]],
      ["selectCenter.sectionOtherMembers", []],
    ]);
    expect(view.confirm).toEqual({
      centerId: CENTER_B,
      centerName: "Prairie Transplant Center",
      textKey: "selectCenter.confirm.labsText",
      buttonKey: "selectCenter.confirm.labsButton",
      micrositeWarning: false,
    });
    expect(view.closeHref).toBe(`/select-center/${p.screeningId}?distance=100`);
    expect(view.postHref).toBe(`/select-center/${p.screeningId}?distance=100&select=202`);
  });

  it("selecting, the 3-day wait, the reason, and the second referral with the first cancelled", async () => {
    const p = await patientWithScreening(t, 1);
    const s = session(p);
    const id = String(p.screeningId);

    // A bad center id changes nothing.
    expect(await outcome(selectCenterAction(form({ centerId: "x" }), context(s), id, page(id), t.clock))).toMatchObject({
      location: `/select-center/${id}?distance=300`,
    });
    expect((await screening(p)).preferredCenterId).toBe(0);

    const first = await outcome(selectCenterAction(form({ centerId: String(CENTER_A) }), context(s), id, page(id, "?select=201"), t.clock));
    expect(first.location).toBe("/landing");
    expect(s.get("flash")).toContainEqual({ kind: "status", key: "selectCenter.saved", params: { center: "Lakeside Kidney Institute" } });
    expect(await screening(p)).toMatchObject({
      preferredCenterId: CENTER_A,
      status: RegistrationStatus.CompleteLabTests,
      labsOrdered: true,
    });

    // Within 3 days: the close-out warning, on the dashboard and from the page and its action.
    const list = [await screening(p)];
    expect(changeCenterDialog(list, id, t.clock)).toEqual({
      kind: "closeOut",
      screeningId: p.screeningId,
      centerName: "Lakeside Kidney Institute",
    });
    expect(await outcome(selectCenterPage(context(s), id, page(id), t.clock))).toMatchObject({ location: `/landing?change=${id}` });
    expect(await outcome(changeCenterAction(form({ screeningId: id, reason: "1", other: "" }), context(s), t.clock))).toMatchObject({
      location: `/landing?change=${id}`,
    });
    expect(s.get("cancelCenter")).toBeUndefined();

    // Four days later: the Additional Center Registration.
    t.advance(4 * DAY);
    await signIn(t, p);
    const later = session(p);
    expect(changeCenterDialog([await screening(p)], id, t.clock)).toEqual({ kind: "additional", screeningId: p.screeningId });
    expect(await outcome(selectCenterPage(context(later), id, page(id), t.clock))).toMatchObject({ location: `/landing?change=${id}` });
    const none = await outcome(changeCenterAction(form({ screeningId: id, reason: "-1", other: "" }), context(later), t.clock));
    expect([none.status, none.failure?.errors]).toEqual([400, { reason: "validation.required" }]);
    const other = await outcome(changeCenterAction(form({ screeningId: id, reason: "4", other: " " }), context(later), t.clock));
    expect([other.failure?.errors, other.failure?.values.reason]).toEqual([{ other: "validation.required" }, "4"]);
    const given = await outcome(changeCenterAction(form({ screeningId: id, reason: "4", other: " Moving west " }), context(later), t.clock));
    expect(given.location).toBe(`/select-center/${id}`);
    expect(later.get("cancelCenter")).toEqual({
      screeningId: p.screeningId,
      reason: 4,
      other: "Moving west",
      expiresAt: t.clock.getTime() + 60 * 60 * 1000,
    });

    // The page lists centers again; the current one cannot be chosen (its confirmation says it is already selected);
    // the second selection sends the reason.
    expect(await outcome(selectCenterPage(context(later), id, page(id, `?select=${CENTER_A}`), t.clock))).toMatchObject({ location: "/landing" });
    expect(later.get("flash")).toContainEqual({ kind: "status", key: "selectCenter.alreadySelected", params: { center: expect.any(String) } });
    expect(later.get("cancelCenter")).toMatchObject({ screeningId: p.screeningId, reason: 4 });
    const view = (await outcome(selectCenterPage(context(later), id, page(id), t.clock))).value!;
    expect(view.confirm).toBeNull();
    expect(view.sections[0]!.rows.find((r) => r.centerId === CENTER_A)?.isCurrent).toBe(true);
    expect((await outcome(selectCenterAction(form({ centerId: String(CENTER_B) }), context(later), id, page(id), t.clock))).location).toBe(
      "/landing",
    );
    expect(later.get("cancelCenter")).toBeUndefined();
    const referrals = (await screening(p)).centerReferrals.map((r) => [r.centerId, r.statusId]);
    expect(referrals).toEqual([
      [CENTER_B, ReferralStatus.PendingCenter],
      [CENTER_A, ReferralStatus.CancelledByPatient],
    ]);
    const [row] = await t.db.query<{ cancel_reason: number; cancel_other: string }>(
      "select cancel_reason, cancel_other from center_referrals where screening_id = $1 and center_id = $2",
      [p.screeningId, CENTER_A],
    );
    expect(row).toEqual({ cancel_reason: 4, cancel_other: "Moving west" });
  });

  it("lab pages, downloads and 'Request Labs' as the registry answers them", async () => {
    const p = await patientWithScreening(t, 1);
    const other = await patientWithScreening(t, 2);
    const s = session(p);
    const id = String(p.screeningId);

    // Before a center is chosen: nothing to order (the registry's reasons).
    const early = await labPageData(context(s), "tests", id);
    expect(early.state?.status).toBe(LabPageStatus.Issues);
    expect(early.state).toMatchObject({ messageKeys: [] });
    expect((early.state as { messages: string[] }).messages.length).toBeGreaterThan(0);
    // Someone else's screening, and a bad id: not found.
    for (const param of [String(other.screeningId), "12abc"]) {
      expect((await labPageData(context(s), "tests", param)).state).toEqual({
        status: LabPageStatus.Issues,
        messages: [],
        messageKeys: ["labPages.notFound"],
      });
    }

    expect((await selectCenter(t, p, CENTER_A)).status).toBe(200);
    expect((await labPageData(context(s), "tests", id)).state).toEqual({ status: LabPageStatus.Pending });
    const refused = await outcome(labDownload(context(s), "tests", id));
    expect(refused.location).toBe(`/lab-tests/${id}`);
    // Awaiting approval is said as such, not as a failed download.
    expect(s.get("flash")).toContainEqual({ kind: "status", key: "labActions.orderPending" });
    const notIn = session(p);
    expect((await outcome(labDownload(context(notIn), "results", id))).location).toBe(`/lab-results/${id}`);
    expect(notIn.get("flash")).toContainEqual({ kind: "status", key: "labPages.results.pending" });

    // 'Request Labs' while the order waits: says so.
    const r = session(p);
    expect((await outcome(requestLabsAction(form({ screeningId: id }), context(r)))).location).toBe("/landing");
    expect(r.get("flash")).toEqual([{ kind: "alert", key: "labActions.orderPending" }]);

    const approved = await approveOne(t, { screeningId: p.screeningId });
    expect((await labPageData(context(s), "tests", id)).state).toEqual({ status: LabPageStatus.Ready });
    const file = await labDownload(context(s), "tests", id);
    expect(file.status).toBe(200);
    expect(file.headers.get("Content-Type")).toBe("application/pdf");
    expect(file.headers.get("Content-Disposition")).toBe('attachment; filename="lab-tests.pdf"');
    expect(file.headers.get("Cache-Control")).toBe("no-store");
    expect(
      Buffer.from(await file.arrayBuffer())
        .subarray(0, 5)
        .toString("latin1"),
    ).toBe("%PDF-");
    expect((await screening(p)).prescriptionDownloadDateTime).not.toBe("");
    expect((await labPageData(context(s), "results", id)).state).toEqual({ status: LabPageStatus.Pending });

    // A lab person of the order's lab on /update-labs (docs/decisions/133): not signed in, the staff sign-in; an unknown
    // requisition, then the requisition and the results.
    const anonymous = await outcome(updateLabsAction(form({ intent: "update-requisition", requisition: "3ACD7EFG" }), context(s)));
    expect(anonymous.location).toBe("/staff/sign-in");
    const lab = await staffWith(t, 1, [{ role: "lab", labId: await seededLabId(t) }]);
    const staff = staffSession(lab.token);
    const unknown = await outcome(updateLabsAction(form({ intent: "update-requisition", requisition: "3ACD7EFG" }), context(s, staff)));
    expect([unknown.status, unknown.failure?.errors, unknown.failure?.values]).toEqual([
      200,
      { requisition: "updateLabs.requisitionUnknown" },
      { requisition: "3ACD7EFG" },
    ]);
    expect(staff.get("flash")).toEqual([{ kind: "alert", key: "updateLabs.requisitionFailed" }]);
    const empty = await outcome(updateLabsAction(form({ intent: "update-requisition", requisition: "" }), context(s, staff)));
    expect([empty.status, empty.failure?.errors]).toEqual([400, { requisition: "updateLabs.requisitionRequired" }]);

    const done = staffSession(lab.token);
    const lower = approved.requisition.toLowerCase().replace(/^(....)/, "$1-");
    expect((await outcome(updateLabsAction(form({ intent: "update-requisition", requisition: lower }), context(s, done)))).location).toBe(
      "/staff/lab/update-labs",
    );
    expect((await outcome(updateLabsAction(form({ intent: "process-results", requisition: lower }), context(s, done)))).location).toBe(
      "/staff/lab/update-labs",
    );
    expect(done.get("flash")).toEqual([
      { kind: "status", key: "updateLabs.requisitionUpdated" },
      { kind: "status", key: "updateLabs.resultsUpdated" },
    ]);
    expect((await labPageData(context(s), "results", id)).state).toEqual({ status: LabPageStatus.Ready });
    const results = await labDownload(context(s), "results", id);
    expect(results.headers.get("Content-Disposition")).toBe('attachment; filename="lab-results.pdf"');
    expect((await screening(p)).status).toBe(RegistrationStatus.SentToCenter);
  });

  it("a refused sign-in token goes to /register (PLT-001, LAB-003)", async () => {
    const p = await patientWithScreening(t, 1);
    const id = String(p.screeningId);
    const revoked = () => session({ ...p, token: `${p.token}x` });
    const pages: Array<(s: Session) => Promise<unknown>> = [
      (s) => labPageData(context(s), "tests", id),
      (s) => labPageData(context(s), "results", id),
      (s) => labDownload(context(s), "tests", id),
      (s) => selectCenterPage(context(s), id, page(id), t.clock),
    ];
    for (const work of pages) {
      const s = revoked();
      expect(await outcome(work(s))).toMatchObject({ location: "/register?logout=true" });
      expect(s.get("token")).toBeUndefined();
    }
  });

  it("a registry that cannot be reached: the pages say so, nothing typed is lost", async () => {
    const p = await patientWithScreening(t, 1);
    const down = (s: Session): PortalContext =>
      ({
        session: s,
        registry: createRegistryClient({ fetch: () => Promise.reject(new Error("ECONNREFUSED")), baseUrl: "http://registry.test" }),
        lang: "en",
        clientAddress: "203.0.113.9",
        log: () => {},
      }) as unknown as PortalContext;
    const id = String(p.screeningId);
    expect((await outcome(selectCenterPage(down(session(p)), id, page(id), t.clock))).value).toBeNull();
    expect((await labPageData(down(session(p)), "tests", id)).state).toBeNull();
    const s = session(p);
    expect((await outcome(labDownload(down(s), "results", id))).location).toBe(`/lab-results/${id}`);
    expect(s.get("flash")).toContainEqual({ kind: "alert", key: "labPages.downloadFailed" });
    const lab = staffSession("st_" + "a".repeat(43));
    const staff = await outcome(
      updateLabsAction(form({ intent: "update-requisition", requisition: "3acd7efg" }), { ...down(session(p)), staffSession: lab }),
    );
    expect(staff.status).toBe(503);
    const reason = await outcome(changeCenterAction(form({ screeningId: id, reason: "4", other: "Closer to my family" }), down(session(p)), t.clock));
    expect([reason.status, reason.failure?.values.other, reason.failure?.message]).toEqual([503, "Closer to my family", { key: "errors.notSaved" }]);
  });
});
