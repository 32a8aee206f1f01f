import { redirect } from "react-router";
import { type CenterAction, type CenterReferralDetail, type CenterReferralItem } from "../../../registry/contract/staff-center";
import { addFlash } from "~/platform/auth.server";
import { attachment } from "~/platform/attachment.server";
import type { PortalContext } from "~/platform/context";
import { requireRole, requireStaffPerson } from "~/platform/staff-auth.server";
import { unavailableMessageKey } from "~/registry/client.server";
import { reach } from "~/registry/reach.server";
import { formFailure, inputFailure, textFields } from "~/forms/form.server";
import type { TextKey } from "~/texts/texts";
import { REASON_FIELDS, reasonForm, reasonProblem } from "./center-form";

/**
 * The transplant center's pages (docs/decisions/133): the referrals to the person's centers (a status filter as a
 * GET form), one referral, its signed consent's PDF, and the center's steps as HTML forms. The registry checks the
 * center grant on every call and answers another center's referral 404, which these pages answer 404 too.
 */

const notFound = () => new Response("not found", { status: 404 });

/** A referral id from the path, or 404. */
function referralId(param: string | undefined): number {
  if (!/^[1-9]\d{0,9}$/.test(param ?? "") || Number(param) > 2_147_483_647) throw notFound();
  return Number(param);
}

/** The status filter of the list (`?status=1…6`), or none. */
export function statusFilter(url: URL): number | null {
  const value = url.searchParams.get("status") ?? "";
  return /^[1-6]$/.test(value) ? Number(value) : null;
}

export type CenterListData =
  | { unavailable: true }
  | { unavailable: false; referrals: CenterReferralItem[]; status: number | null; centers: string[] };

export async function centerListData(context: PortalContext, url: URL): Promise<CenterListData> {
  const { token, person } = await requireStaffPerson(context);
  const grants = requireRole(person, "center");
  const status = statusFilter(url);
  const list = await reach(context.registry.staffCenter.referrals(token, status ? { status } : {}));
  if (!list.reached) return { unavailable: true };
  if (list.answer.status === 403 || list.answer.status === 404) throw notFound();
  if (!list.answer.results) return { unavailable: true };
  return { unavailable: false, referrals: list.answer.results, status, centers: grants.map((g) => g.organisation) };
}

export type CenterReferralData = { unavailable: true } | { unavailable: false; referral: CenterReferralDetail };

export async function centerReferralData(context: PortalContext, param: string | undefined): Promise<CenterReferralData> {
  const id = referralId(param);
  const { token, person } = await requireStaffPerson(context);
  requireRole(person, "center");
  const one = await reach(context.registry.staffCenter.referral(token, id));
  if (!one.reached) return { unavailable: true };
  if (one.answer.status === 403 || one.answer.status === 404 || one.answer.status === 400) throw notFound();
  if (!one.answer.results) return { unavailable: true };
  return { unavailable: false, referral: one.answer.results };
}

/** GET /staff/center/referrals/{id}/consent: the signed consent PDF, or back to the referral saying it is missing. */
export async function centerConsentDownload(context: PortalContext, param: string | undefined): Promise<Response> {
  const id = referralId(param);
  const { token, person } = await requireStaffPerson(context);
  requireRole(person, "center");
  const here = `/staff/center/referrals/${id}`;
  const file = await reach(context.registry.staffCenter.consentPdf(token, id));
  if (!file.reached) {
    addFlash(context.staffSession, { kind: "alert", key: unavailableMessageKey(file.error) });
    return redirect(here);
  }
  if (file.answer.success) return attachment(file.answer.pdf, "application/pdf", file.answer.fileName);
  addFlash(context.staffSession, { kind: "alert", key: "staffCenter.referral.consentMissing" });
  return redirect(here);
}

const REFUSED: Record<string, TextKey> = {
  "staff.referralAlreadyAt": "staffCenter.referral.refused.alreadyAt",
  "staff.notSentToCenter": "staffCenter.referral.refused.notSentToCenter",
  "staff.referralClosed": "staffCenter.referral.refused.closed",
};

const DONE: Record<CenterAction, TextKey> = {
  approve: "staffCenter.referral.done.approve",
  complete: "staffCenter.referral.done.complete",
  decline: "staffCenter.referral.done.decline",
  cancel: "staffCenter.referral.done.cancel",
};

/** POST /staff/center/referrals/{id} with `intent` approve, complete, decline or cancel (the last two with a reason). */
export async function centerReferralAction(form: FormData, context: PortalContext, param: string | undefined) {
  const id = referralId(param);
  const { token, person } = await requireStaffPerson(context);
  requireRole(person, "center");
  const here = `/staff/center/referrals/${id}`;
  const intent = String(form.get("intent") ?? "");
  if (intent !== "approve" && intent !== "complete" && intent !== "decline" && intent !== "cancel") throw notFound();
  const alert = (key: TextKey) => {
    addFlash(context.staffSession, { kind: "alert", key });
    return redirect(here);
  };
  let body: Parameters<typeof context.registry.staffCenter.setStatus>[2];
  let fail: ((key: TextKey, status: number) => ReturnType<typeof formFailure>) | null = null;
  if (intent === "decline" || intent === "cancel") {
    const formId = reasonForm(intent);
    const values = textFields(form, REASON_FIELDS);
    const refused = inputFailure(formId, values, REASON_FIELDS);
    if (refused) return refused;
    fail = (key, status) => formFailure(formId, values, {}, REASON_FIELDS, { key }, status);
    const problem = reasonProblem(values.reason);
    if (problem) return formFailure(formId, values, { reason: problem }, REASON_FIELDS);
    body = { action: intent, reason: values.reason.trim() };
  } else {
    body = { action: intent };
  }
  const sent = await reach(context.registry.staffCenter.setStatus(token, id, body));
  if (!sent.reached) return fail ? fail(unavailableMessageKey(sent.error), 503) : alert(unavailableMessageKey(sent.error));
  const answer = sent.answer;
  if (answer.status === 404 || answer.status === 403) throw notFound();
  if (answer.success) {
    addFlash(context.staffSession, { kind: "status", key: DONE[intent] });
    return redirect(here);
  }
  const key = REFUSED[answer.errors?.form ?? ""] ?? "staffCenter.referral.refused.failed";
  return fail ? fail(key, answer.status >= 400 ? answer.status : 400) : alert(key);
}
