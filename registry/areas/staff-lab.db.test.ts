import { describe, expect, it } from "vitest";
import { addLabCommand } from "../commands/cli-labs";
import { RegistrationStatus } from "../contract/enums";
import { envelope } from "../contract/envelope";
import { LabFormReason } from "../contract/labs";
import { StaffAccountReason } from "../contract/staff-accounts";
import { staffLabOrder, staffLabOrderDetail, StaffLabReason } from "../contract/staff-lab";
import { testDatabases } from "../db/test-databases";
import { TEST_SETTINGS, useRegistry, type TestRegistry } from "../testing/harness";
import { staffWith } from "../testing/staff";
import { CENTER_A, labOrderRows, patientWithScreening, screeningRow, selectCenter } from "./labs-fixtures";

async function labIds(t: TestRegistry): Promise<{ first: number; second: number }> {
  const lines: string[] = [];
  await addLabCommand(t.db, ["--name", "Second laboratory"], (s) => lines.push(s));
  const rows = await t.db.query<{ id: number }>("select id from labs order by id");
  expect(lines.join("")).toBe(`added lab ${rows[1]!.id}: Second laboratory\n`);
  return { first: rows[0]!.id, second: rows[1]!.id };
}

/** A patient whose center choice placed a lab order (waiting: LAB_APPROVAL_DELAY is `never` in tests). */
async function waitingOrder(t: TestRegistry, n = 1) {
  const p = await patientWithScreening(t, n);
  await t.db.query("update medical_records set preferred_language = 1 where id = $1", [p.medicalRecordId]);
  expect((await selectCenter(t, p, CENTER_A)).status).toBe(200);
  const [order] = await labOrderRows(t, p.screeningId);
  return { ...p, orderId: order!.id as number };
}

const refusals = (t: TestRegistry, staffId: number) =>
  t.db.query<{ actor_role: string; actor_organisation: string }>(
    "select actor_role, actor_organisation from audit_log where action = 'staff.refused' and actor_kind = 'staff' and actor_id = $1",
    [staffId],
  );

describe.each(testDatabases())("the lab's staff console on $name", (target) => {
  const t = useRegistry(target);

  it("a lab person sees their lab's waiting orders, approves one (the patient told), records values and results", async () => {
    const { first } = await labIds(t);
    const lab = await staffWith(t, 1, [{ role: "lab", labId: first }]);
    const p = await waitingOrder(t);
    const older = await waitingOrder(t, 2);

    const waiting = await t.call("GET", "/api/staff/lab/orders?state=waiting", { token: lab.token });
    const rows = envelope(staffLabOrder.array()).parse(waiting.body).results!;
    expect(rows.map((r) => r.id)).toEqual([p.orderId, older.orderId]);
    expect(rows[0]).toMatchObject({ state: "waiting", requisition: null, patient: { firstName: "Ana", lastName: "Lopez", birthDate: "1980-05-17" } });
    expect(Object.keys(rows[0]!.patient)).toEqual(["firstName", "lastName", "birthDate"]);
    // Every patient listed is a read, audited under the person's lab.
    expect(
      await t.db.query(
        "select actor_id, actor_role, actor_organisation, medical_record_id from audit_log where action = 'labs.order.list' order by id",
      ),
    ).toEqual([
      { actor_id: lab.id, actor_role: "lab", actor_organisation: `lab:${first}`, medical_record_id: p.medicalRecordId },
      { actor_id: lab.id, actor_role: "lab", actor_organisation: `lab:${first}`, medical_record_id: older.medicalRecordId },
    ]);

    const approved = await t.call("POST", `/api/staff/lab/orders/${p.orderId}/approve`, { token: lab.token });
    const order = envelope(staffLabOrder).parse(approved.body).results!;
    expect(order.state).toBe("approved");
    expect(order.requisition).toMatch(/^[34679ACDEFGHJKMNPQRTUVWXY]{8}$/);
    expect((await labOrderRows(t, p.screeningId))[0]).toMatchObject({ approved_by: "staff", requisition: order.requisition });
    const [mail] = await t.db.query<{ subject: string }>("select subject from outbox where to_address = $1 order by id desc limit 1", [p.email]);
    expect(mail!.subject).toBe("Your lab order is ready");
    expect(await t.db.query("select actor_id, actor_organisation from audit_log where action = 'labs.order.approve'")).toEqual([
      { actor_id: lab.id, actor_organisation: `lab:${first}` },
    ]);
    const again = await t.call("POST", `/api/staff/lab/orders/${p.orderId}/approve`, { token: lab.token });
    expect([again.status, again.body.errors]).toEqual([409, { form: StaffLabReason.notWaiting }]);
    expect((await t.call("GET", "/api/staff/lab/orders?state=approved", { token: lab.token })).body.results.map((r: { id: number }) => r.id)).toEqual(
      [p.orderId],
    );

    const values = await t.call("POST", `/api/staff/lab/orders/${p.orderId}/values`, {
      token: lab.token,
      body: { values: [{ name: "Creatinine", value: "1.1", unit: "mg/dL", referenceRange: "0.6-1.3", flag: "" }] },
    });
    expect(values.body.results).toEqual({ recorded: 1 });
    const bad = await t.call("POST", `/api/staff/lab/orders/${p.orderId}/values`, { token: lab.token, body: { values: [{ name: "", value: "" }] } });
    expect(bad.status).toBe(400);

    const results = await t.call("POST", `/api/staff/lab/orders/${p.orderId}/results`, { token: lab.token });
    expect(envelope(staffLabOrder).parse(results.body).results!.state).toBe("results");
    expect((await screeningRow(t, p.screeningId)).status).toBe(RegistrationStatus.SentToCenter);
    const detail = envelope(staffLabOrderDetail).parse(
      (await t.call("GET", `/api/staff/lab/orders/${p.orderId}`, { token: lab.token })).body,
    ).results!;
    expect(detail.values).toEqual([{ name: "Creatinine", value: "1.1", unit: "mg/dL", referenceRange: "0.6-1.3", flag: null }]);
    expect(
      (
        await t.db.query<{ action: string }>(
          "select action from audit_log where actor_kind = 'staff' and actor_id = $1 and action like 'labs.%' order by id",
          [lab.id],
        )
      ).map((r) => r.action),
    ).toEqual([
      "labs.order.list",
      "labs.order.list",
      "labs.order.approve",
      "labs.order.list",
      "labs.values.record",
      "labs.results.record",
      "labs.order.read",
    ]);
  });

  it("declining: a reason is needed; the order is closed, the patient emailed without the reason and may request labs again", async () => {
    const { first } = await labIds(t);
    const lab = await staffWith(t, 1, [{ role: "lab", labId: first }]);
    const p = await waitingOrder(t);
    const empty = await t.call("POST", `/api/staff/lab/orders/${p.orderId}/decline`, { token: lab.token, body: { reason: "  " } });
    expect([empty.status, empty.body.errors]).toEqual([400, { reason: "validation.required" }]);
    const declined = await t.call("POST", `/api/staff/lab/orders/${p.orderId}/decline`, {
      token: lab.token,
      body: { reason: "Duplicate of an order we already hold" },
    });
    expect(envelope(staffLabOrder).parse(declined.body).results).toMatchObject({
      state: "declined",
      declineReason: "Duplicate of an order we already hold",
    });
    const [mail] = await t.db.query<{ subject: string; text_body: string }>(
      "select subject, text_body from outbox where to_address = $1 order by id desc limit 1",
      [p.email],
    );
    expect(mail!.subject).toBe("Your lab order was not approved");
    expect(mail!.text_body).not.toContain("Duplicate");
    expect(await screeningRow(t, p.screeningId)).toMatchObject({ labs_ordered: false, prescription_request_date_time: null });
    expect((await t.call("GET", "/api/staff/lab/orders?state=waiting", { token: lab.token })).body.results).toEqual([]);
    const approve = await t.call("POST", `/api/staff/lab/orders/${p.orderId}/approve`, { token: lab.token });
    expect(approve.status).toBe(409);
    // The patient may ask again at once.
    const again = await t.call("POST", `/api/pass/${p.medicalRecordId}/screening/${p.screeningId}/order-labs`, { token: p.token });
    expect(again.status, JSON.stringify(again.body)).toBe(200);
  });

  it("another lab's person is answered 404 on every call, as for an unknown order, and the refusal is audited", async () => {
    const { first, second } = await labIds(t);
    const other = await staffWith(t, 2, [{ role: "lab", labId: second }]);
    const lab = await staffWith(t, 1, [{ role: "lab", labId: first }]);
    const p = await waitingOrder(t);
    expect((await t.call("GET", "/api/staff/lab/orders?state=waiting", { token: other.token })).body.results).toEqual([]);
    const calls: Array<[string, string, unknown?]> = [
      ["GET", ""],
      ["POST", "/approve"],
      ["POST", "/decline", { reason: "not ours" }],
      ["POST", "/values", { values: [{ name: "Creatinine", value: "1.1" }] }],
      ["POST", "/results"],
    ];
    for (const [method, suffix, body] of calls) {
      for (const id of [p.orderId, 999_999]) {
        const a = await t.call(method as "GET" | "POST", `/api/staff/lab/orders/${id}${suffix}`, { token: other.token, ...(body ? { body } : {}) });
        expect([a.status, `${method} ${suffix}`]).toEqual([404, `${method} ${suffix}`]);
      }
    }
    expect(await refusals(t, other.id)).toHaveLength(calls.length * 2);
    expect((await refusals(t, other.id))[0]).toEqual({ actor_role: "lab", actor_organisation: `lab:${second}` });
    expect((await labOrderRows(t, p.screeningId))[0]).toMatchObject({ approved_at: null, superseded_at: null });

    // /update-labs' calls: the other lab's person gets the unknown requisition's answer, audited.
    await t.call("POST", `/api/staff/lab/orders/${p.orderId}/approve`, { token: lab.token });
    const requisition = (await labOrderRows(t, p.screeningId))[0]!.requisition as string;
    const before = (await refusals(t, other.id)).length;
    for (const path of [
      `/api/pass/update-lab-requisition/${requisition}`,
      `/api/pass/process-lab-results/${requisition}`,
      `/api/pass/lab-result-values/${requisition}`,
    ]) {
      const a = await t.call("POST", path, { token: other.token, body: { values: [{ name: "Creatinine", value: "1.1" }] } });
      expect([a.status, a.body.errors]).toEqual([404, { form: LabFormReason.requisitionUnknown }]);
    }
    expect(await refusals(t, other.id)).toHaveLength(before + 3);
    expect(await t.db.query("select 1 from lab_result_values")).toEqual([]);
    expect((await labOrderRows(t, p.screeningId))[0]).toMatchObject({ received_at: null, results_at: null });
    // The order's lab person: received, then results.
    expect((await t.call("POST", `/api/pass/update-lab-requisition/${requisition}`, { token: lab.token })).status).toBe(200);
    expect((await t.call("POST", `/api/pass/process-lab-results/${requisition}`, { token: lab.token })).status).toBe(200);
    expect(await t.db.query("select actor_id from audit_log where action in ('labs.requisition.received', 'labs.results.record')")).toEqual([
      { actor_id: lab.id },
      { actor_id: lab.id },
    ]);
  });

  it("people without a lab role are refused (403, audited); the shared key works only with STAFF_SHARED_KEYS=on", async () => {
    const p = await waitingOrder(t);
    const center = await staffWith(t, 3, [{ role: "center", centerId: CENTER_A }]);
    const a = await t.call("GET", "/api/staff/lab/orders", { token: center.token });
    expect([a.status, a.body.errors]).toEqual([403, { form: StaffAccountReason.notAllowed }]);
    expect(await refusals(t, center.id)).toHaveLength(1);
    expect((await t.call("GET", `/api/staff/lab/orders/${p.orderId}`, {})).status).toBe(401);

    const key = { "x-lab-staff-key": TEST_SETTINGS.labStaffKey };
    const off = t.handlerWith({ staffSharedKeys: false });
    const path = "/api/pass/update-lab-requisition/AAAAAAAA";
    const refused = await t.call("GET", path, { headers: key }, off);
    expect([refused.status, refused.body.errors]).toEqual([401, { form: LabFormReason.staffKeyInvalid }]);
    const none = await t.call("GET", path, {}, off);
    expect([none.status, none.body.errors]).toEqual([401, { form: StaffAccountReason.sessionEnded }]);
    // On (the changeover), the key is taken: the requisition is then looked for.
    expect((await t.call("GET", path, { headers: key })).body.errors).toEqual({ form: LabFormReason.requisitionUnknown });
  });
});
