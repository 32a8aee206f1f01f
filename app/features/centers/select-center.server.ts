import type { TextKey } from "~/texts/texts";
import { redirect } from "react-router";
import { LabFormReason, type Screening, type TransplantCenter } from "../../../registry/contract";
import { addFlash, readPassRecord, withPatient, type SignedIn } from "~/platform/auth.server";
import { centerSections } from "./center-sorting";
import { micrositeNotice, needsMicrositeNotice, type MicrositeNotice } from "./microsite-notice";
import { parseRegistryId } from "~/forms/registry-id";
import {
  centerRow,
  columnHeadings,
  confirmationView,
  priorYearRange,
  queryString,
  readSelectCenterQuery,
  selectionGate,
  selectsCurrentCenter,
  distancesUnknown,
  type CenterRow,
  type ColumnHeading,
  type ConfirmationView,
  type DistanceFilter,
  type SelectCenterQuery,
} from "./select-center-view";
import { answerOr, reach } from "~/registry/reach.server";
import type { PortalContext } from "~/platform/context";

/**
 * The select-center screen's server side (CEN-001, CEN-006, CEN-008, CEN-009; PLT-006, PLT-010): which screening, whether it may
 * choose a center, the member centers near the patient's postal code, and the selection through the registry.
 * The rules are in app/features/centers/select-center-view.ts; the route renders what this answers.
 */

export type SelectCenterSection = { titleKey: TextKey; rows: CenterRow[] };

export type SelectCenterPage = {
  screeningId: number;
  postalCode: string;
  distance: DistanceFilter;
  /** The sort kept by the distance filter's GET form (hidden fields). */
  sortFields: Record<string, string>;
  headings: ColumnHeading[];
  sections: SelectCenterSection[];
  priorYear: { from: string; to: string } | null;
  centersFailed: boolean;
  /**
   * The registry could not measure distances from the postal code (outside the US, or unknown: CEN-005): every member
   * center is listed without its distance, and the page says so in place of the distance filter.
   */
  distancesUnknown: boolean;
  /** In place of an empty 'Microsite Centers of Excellence' section (docs/decisions/055). */
  micrositeNotice: MicrositeNotice | null;
  confirm: ConfirmationView | null;
  /** The page without the dialog (its 'Choose Another Center' link). */
  closeHref: string;
  /** Where the dialog's form posts (the page with its query, so a refusal comes back to it). */
  postHref: string;
};

/**
 * A screening id from the URL that is the signed-in patient's, or the dashboard with a clear message; a patient who
 * opted out goes there too, with the registry's reason for refusing a selection (the page, not only its last post).
 */
async function ownScreening(context: PortalContext, param: string | undefined): Promise<{ screening: Screening; postalCode: string } | null> {
  const id = parseRegistryId(param);
  const record = await readPassRecord(context);
  if (!record) return null;
  const screening = id === null ? undefined : record.screeningList.find((s) => s.id === id);
  if (!screening) throw toLanding(context, "selectCenter.notFound");
  if (record.medicalRecord.isOptedOut) throw toLanding(context, "selectCenter.optedOut");
  return { screening, postalCode: record.medicalRecord.postalCode };
}

/** The center is already this registration's: the dashboard says so (a status message), with its next step. */
function alreadySelected(context: PortalContext, screening: Screening): Response {
  addFlash(context.session, { kind: "status", key: "selectCenter.alreadySelected", params: { center: screening.preferredCenter } });
  return redirect("/landing");
}

function toLanding(context: PortalContext, key: TextKey): Response {
  addFlash(context.session, { kind: "alert", key });
  return redirect("/landing");
}

/** GET /api/pass/centers/{postalCode}/0/{distance}; a failure answers none, with `failed` (the page says so). */
async function centersNear(context: PortalContext, patient: SignedIn, postalCode: string, distance: number) {
  const answer = await answerOr(context.registry.centersNear(patient.token, postalCode, distance), null);
  if (answer?.success && answer.results) return { centers: answer.results, failed: false };
  return { centers: [] as TransplantCenter[], failed: true };
}

function sortFields(q: SelectCenterQuery): Record<string, string> {
  const params = new URLSearchParams(queryString({ ...q, select: null }).slice(1));
  params.delete("distance");
  return Object.fromEntries(params.entries());
}

/**
 * The page (loader): null when the registry cannot answer (the page says so). A screening that is not the
 * patient's, or that cannot choose a center, goes to the dashboard with a message; a change of center inside the
 * 3-day wait or without the Additional Center Registration answered goes to the dashboard's dialog (CEN-009).
 */
export async function selectCenterPage(
  context: PortalContext,
  param: string | undefined,
  url: URL,
  now = new Date(),
): Promise<SelectCenterPage | null> {
  const own = await ownScreening(context, param);
  if (!own) return null;
  const { screening, postalCode } = own;
  const q = readSelectCenterQuery(url.searchParams);
  // The confirmation of the center already chosen (Back after it was saved): not the change-center dialogs.
  if (selectsCurrentCenter(screening, q.select)) throw alreadySelected(context, screening);
  const gate = selectionGate(screening, context.session.get("cancelCenter"), now);
  if (gate.kind === "unavailable") throw toLanding(context, "selectCenter.notAvailable");
  if (gate.kind === "changeCenterDialog") throw redirect(gate.href);
  const { centers, failed } = await withPatient(context, (patient) => centersNear(context, patient, postalCode, q.distance));
  const sections = centerSections(centers, screening.primaryGoal, q.sort);
  let notice: MicrositeNotice | null = null;
  if (!failed && q.distance !== 0 && needsMicrositeNotice(screening.primaryGoal, sections[0].centers.length, q)) {
    // One more answer, at any distance, to tell how far the nearest is.
    const wider = await withPatient(context, (patient) => centersNear(context, patient, postalCode, 0));
    notice = micrositeNotice({ ...q, distance: q.distance }, wider.failed ? null : wider.centers);
  }
  const base = `/select-center/${screening.id}`;
  return {
    screeningId: screening.id,
    postalCode,
    distance: q.distance,
    sortFields: sortFields(q),
    headings: columnHeadings(q),
    sections: sections.map((s) => ({ titleKey: s.titleKey, rows: s.centers.map((c) => centerRow(c, q, screening.preferredCenterId)) })),
    priorYear: priorYearRange(centers[0]?.yearRangeLastDate),
    centersFailed: failed,
    distancesUnknown: !failed && distancesUnknown(centers),
    micrositeNotice: notice,
    confirm: confirmationView(screening, centers, q.select),
    closeHref: `${base}${queryString({ ...q, select: null })}`,
    postHref: `${base}${queryString(q)}`,
  };
}

/**
 * 'I Understand, Continue' / 'Yes, Continue' (CEN-006, CEN-008): POST .../center with the center and, for a
 * change of center, the reason stored by the Additional Center Registration dialog. Success goes to the dashboard
 * (its card thanks the patient and shows the lab step); every refusal says why, and nothing is changed.
 */
export async function selectCenterAction(form: FormData, context: PortalContext, param: string | undefined, url: URL, now = new Date()) {
  const { session } = context;
  const own = await ownScreening(context, param);
  if (!own) {
    addFlash(session, { kind: "alert", key: "errors.registryDown" });
    // React Router puts BASE_PATH in front of a redirect's path: give it the path within the app.
    return redirect(`/${url.pathname.slice(context.basePath.length)}${url.search}`);
  }
  const { screening } = own;
  const centerId = parseRegistryId(String(form.get("centerId") ?? ""));
  // The same dialog posted again after the selection was saved (a resent form, a page kept by the browser).
  if (selectsCurrentCenter(screening, centerId)) return alreadySelected(context, screening);
  const gate = selectionGate(screening, session.get("cancelCenter"), now);
  if (gate.kind === "unavailable") return toLanding(context, "selectCenter.notAvailable");
  if (gate.kind === "changeCenterDialog") return redirect(gate.href);
  const q = readSelectCenterQuery(url.searchParams);
  const page = `/select-center/${screening.id}`;
  if (centerId === null) {
    addFlash(session, { kind: "alert", key: "selectCenter.failed" });
    return redirect(`${page}${queryString({ ...q, select: null })}`);
  }
  return withPatient(context, async ({ token, medicalRecordId }) => {
    const sent = await reach(
      context.registry.selectCenter(token, medicalRecordId, screening.id, {
        centerId,
        reason: gate.reason,
        other: gate.other,
      }),
    );
    if (!sent.reached) {
      // The dialog opens again, with the center the patient chose (docs/decisions/086).
      addFlash(session, { kind: "alert", key: "errors.notSaved" });
      return redirect(`${page}${queryString({ ...q, select: centerId })}`);
    }
    const answer = sent.answer;
    if (answer.success && answer.results) {
      session.unset("cancelCenter");
      addFlash(session, { kind: "status", key: "selectCenter.saved", params: { center: answer.results.centerName } });
      return redirect("/landing");
    }
    const reason = answer.errors?.form;
    if (reason === LabFormReason.giveAdditionalTime || answer.errors?.reason || answer.errors?.other) {
      // The 3-day wait, or a change that needs its reason first: the dashboard's change-center dialog.
      session.unset("cancelCenter");
      return redirect(`/landing?change=${screening.id}`);
    }
    if (reason === LabFormReason.centerNotAvailable) return toLanding(context, "selectCenter.notAvailable");
    if (reason === LabFormReason.optedOut) return toLanding(context, "selectCenter.optedOut");
    addFlash(session, { kind: "alert", key: reason === LabFormReason.sameCenter ? "selectCenter.sameCenter" : "selectCenter.failed" });
    return redirect(`${page}${queryString({ ...q, select: null })}`);
  });
}
