import { approveLabs, type ApproveTarget } from "../commands/labs";
import { upsertCenters } from "../data/centers";
import { START, type TestRegistry } from "../testing/harness";
import { aCenterRecord } from "../testing/centers";
import { aScreeningBody } from "../testing/screenings";

export { pdfTextIfInstalled } from "../testing/pdf-text";

/** Test helpers of the center selection and lab tests (referrals.db.test.ts, labs.db.test.ts, commands). */

export const CENTER_A = 201;
export const CENTER_B = 202;
export const CENTER_C = 203;
export const NON_MEMBER = 204;

const center = aCenterRecord;

export const CENTERS = [
  center(CENTER_A, "Lakeside Kidney Institute", true),
  center(CENTER_B, "Prairie Transplant Center", true),
  center(CENTER_C, "Riverbend Renal Center", true),
  center(NON_MEMBER, "Community Hospital", false),
];

/** A screening body the registry stores as SelectCenter: cleared, no center, willing, looking for a donor. */
export const clearedBody = aScreeningBody;

/** The centers, and patient n with one screening (SelectCenter unless `body` says otherwise). */
export async function patientWithScreening(t: TestRegistry, n = 1, body: Record<string, unknown> = clearedBody()) {
  await upsertCenters(t.db, CENTERS, START);
  const p = await t.register(n);
  const a = await t.call("POST", `/api/pass/${p.medicalRecordId}/screening`, { token: p.token, body });
  if (a.status !== 200) throw new Error(`screening failed: ${JSON.stringify(a.body)}`);
  return { ...p, screeningId: a.body.results.id as number };
}

/** A fresh sign-in token at the registry's current clock (tokens last 30 minutes; tests move the clock by days). */
export async function signIn(t: TestRegistry, p: { email: string; password: string; token: string }): Promise<void> {
  const a = await t.call("POST", "/authenticate", { body: { email: p.email, password: p.password } });
  if (a.status !== 200) throw new Error(`sign-in failed: ${JSON.stringify(a.body)}`);
  p.token = a.body.results.token as string;
}

/** Selects a center for a patient's screening (no reason). */
export async function selectCenter(
  t: TestRegistry,
  p: { token: string; medicalRecordId: number; screeningId: number },
  centerId: number,
  extra: Record<string, unknown> = {},
) {
  return t.call("POST", `/api/pass/${p.medicalRecordId}/screening/${p.screeningId}/center`, {
    token: p.token,
    body: { centerId, reason: null, other: null, ...extra },
  });
}

/** The screening row as stored. */
export async function screeningRow(t: TestRegistry, id: number): Promise<Record<string, unknown>> {
  return (await t.db.query<Record<string, unknown>>("select * from screenings where id = $1", [id]))[0]!;
}

export async function labOrderRows(t: TestRegistry, screeningId: number): Promise<Array<Record<string, unknown>>> {
  return t.db.query(
    `select id, requisition, approved_by, to_char(expires_on, 'YYYY-MM-DD') as expires_on, approved_at, superseded_at, received_at,
            results_at, results_source, downloaded_at
       from lab_orders where screening_id = $1 order by id`,
    [screeningId],
  );
}

/** A handler call answering raw bytes (the PDF downloads). */
export async function download(t: TestRegistry, path: string, token: string, handler = t.handler) {
  const response = await handler(new Request(`http://registry.test${path}`, { headers: { authorization: `Bearer ${token}` } }));
  const bytes = new Uint8Array(await response.arrayBuffer());
  return { status: response.status, headers: response.headers, bytes };
}

/** Staff approve exactly one waiting order (approve-labs) at the registry's clock; answers it. */
export async function approveOne(t: TestRegistry, target: ApproveTarget = { all: true }) {
  const approved = await approveLabs(t.db, t.settings, target, t.clock);
  if (approved.length !== 1) throw new Error(`expected one order to approve, approved ${approved.length}`);
  return approved[0]!;
}
