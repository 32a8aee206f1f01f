import { pathId, readBody } from "../http/params";
import { RegistryMessage } from "../contract/envelope";
import { REFERRAL_STATUS_TEXT } from "../contract/screening";
import { StaffRole } from "../contract/staff-accounts";
import {
  CENTER_ACTION_STATUS,
  CenterLabStatus,
  centerReferralDetail,
  centerReferralItem,
  centerReferralsQuery,
  centerStatusBody,
  centerStatusResult,
  type CenterLabStatusValue,
  type CenterReferralDetail,
  type CenterReferralItem,
} from "../contract/staff-center";
import { StaffMessage } from "../contract/staff";
import { findConsentPdf } from "../data/consent-signatures";
import { currentLabOrder, type LabOrder } from "../data/lab-orders";
import { centerReferralRecord, centerReferrals, referralOwner } from "../data/staff-center";
import { grantOrganisation } from "../data/staff-people";
import type { Ctx } from "../http/context";
import { fileAnswer, ok, Refusal } from "../http/respond";
import type { Route } from "../http/router";
import { auditStaff, requireGrant, type GrantOf, type SignedInStaff } from "../http/staff";
import { bodyFieldErrors } from "../http/validation";
import { closeReferral, moveReferral, staffStepAnswer } from "./staff";
import { audit } from "../data/audit";

/**
 * The transplant center's area of the staff console (docs/decisions/133). Each call: a signed-in person with a center
 * grant (403 otherwise, audited by requireGrant); the referral must be to one of the person's centers, else 404 as for
 * an unknown id (audited as `staff.refused`); every read of a referral and every step writes an audit row naming the
 * person, the role and the center.
 */

type CenterGrant = GrantOf<typeof StaffRole.center>;

/**
 * The signed-in center person and their grant of the referral's center, with the referral's owner; an unknown
 * referral, or one of another center, is answered 404 (never revealing that it exists) and audited as `staff.refused`.
 */
async function requireReferral(
  ctx: Ctx,
  referralId: number,
): Promise<{ staff: SignedInStaff; grant: CenterGrant; medicalRecordId: number; screeningId: number }> {
  const { staff, grant: anyCenter } = await requireGrant(ctx, StaffRole.center);
  const owner = await referralOwner(ctx.db, referralId);
  const grant = owner ? staff.grants.find((g): g is CenterGrant => g.role === StaffRole.center && g.centerId === owner.centerId) : undefined;
  if (!owner || !grant) {
    await audit(ctx.db, {
      actor: { kind: "staff", id: staff.person.id, role: StaffRole.center, organisation: grantOrganisation(anyCenter) },
      action: "staff.refused",
      detail: { role: StaffRole.center, path: ctx.url.pathname.slice(0, 200), referralId, known: Boolean(owner) },
      at: ctx.now(),
    });
    throw new Refusal(404, RegistryMessage.notFound);
  }
  return { staff, grant, medicalRecordId: owner.medicalRecordId, screeningId: owner.screeningId };
}

/** GET /api/staff/center/referrals?status=&centerId=: the referrals to the person's centers, newest first. */
async function list(ctx: Ctx): Promise<Response> {
  const { staff, grant } = await requireGrant(ctx, StaffRole.center);
  const parsed = centerReferralsQuery.safeParse(Object.fromEntries(ctx.url.searchParams));
  if (!parsed.success) throw new Refusal(400, RegistryMessage.badRequest, bodyFieldErrors(parsed.error, {}));
  const mine = staff.grants.filter((g): g is CenterGrant => g.role === StaffRole.center).map((g) => g.centerId);
  const { status, centerId } = parsed.data;
  if (centerId !== undefined && !mine.includes(centerId)) {
    // Another center's list: refused like another center's referral.
    await auditStaff(ctx.db, staff, grant, "staff.refused", { detail: { role: StaffRole.center, centerId }, at: ctx.now() });
    throw new Refusal(404, RegistryMessage.notFound);
  }
  const rows = await centerReferrals(ctx.db, centerId !== undefined ? [centerId] : mine, status ?? null);
  await auditStaff(ctx.db, staff, grant, "center.referrals.list", { detail: { count: rows.length, status: status ?? 0 }, at: ctx.now() });
  const items: CenterReferralItem[] = rows.map((r) => ({
    referralId: r.id,
    centerId: r.centerId,
    centerName: r.centerName,
    patientName: r.patientName,
    dateReferred: r.dateReferred.toISOString(),
    statusId: r.statusId,
    status: REFERRAL_STATUS_TEXT[r.statusId] ?? "",
  }));
  return ok(items);
}

function labStatus(order: LabOrder | null): CenterLabStatusValue {
  if (!order) return CenterLabStatus.none;
  if (order.resultsAt) return CenterLabStatus.resultsReceived;
  if (order.approvedAt) return CenterLabStatus.approved;
  return CenterLabStatus.ordered;
}

const iso = (d: Date | null) => (d ? d.toISOString() : null);

/** GET /api/staff/center/referrals/{referralId}: what the center needs of the referral and no more; audited as a read. */
async function detail(ctx: Ctx, params: Record<string, string>): Promise<Response> {
  const referralId = pathId(params.referralId, "referralId");
  const { staff, grant, medicalRecordId } = await requireReferral(ctx, referralId);
  const r = (await centerReferralRecord(ctx.db, referralId))!;
  const order = await currentLabOrder(ctx.db, r.screeningId);
  await auditStaff(ctx.db, staff, grant, "center.referral.read", { medicalRecordId, detail: { referralId }, at: ctx.now() });
  const answerBody: CenterReferralDetail = {
    referralId: r.id,
    centerId: r.centerId,
    centerName: r.centerName,
    dateReferred: r.dateReferred.toISOString(),
    statusId: r.statusId,
    status: REFERRAL_STATUS_TEXT[r.statusId] ?? "",
    centerReason: r.centerReason,
    patient: r.patient,
    screening: r.screening,
    lab: {
      status: labStatus(order),
      requisition: order?.approvedAt ? order.requisition : null,
      orderedAt: iso(order?.requestedAt ?? null),
      approvedAt: iso(order?.approvedAt ?? null),
      resultsAt: iso(order?.resultsAt ?? null),
    },
    consent: r.consentSignedAt ? { signedAt: r.consentSignedAt.toISOString() } : null,
  };
  return ok(answerBody);
}

/** GET /api/staff/center/referrals/{referralId}/consent.pdf: the patient's signed consent; 404 when not signed. Audited. */
async function consentPdf(ctx: Ctx, params: Record<string, string>): Promise<Response> {
  const referralId = pathId(params.referralId, "referralId");
  const { staff, grant, medicalRecordId } = await requireReferral(ctx, referralId);
  const pdf = await findConsentPdf(ctx.db, medicalRecordId);
  if (!pdf) throw new Refusal(404, RegistryMessage.notFound);
  await auditStaff(ctx.db, staff, grant, "center.consent.read", { medicalRecordId, detail: { referralId }, at: ctx.now() });
  return fileAnswer(pdf, "application/pdf", `consent-referral-${referralId}.pdf`);
}

/**
 * POST /api/staff/center/referrals/{referralId}/status {action, reason?}: approve (2) and complete (4) as the shared-key
 * call and the command do (moveReferral: the same emails and texts); decline (5) and cancel (6) with the center's reason
 * (closeReferral). The step's audit row names the person, the role and the center.
 */
async function setStatus(ctx: Ctx, params: Record<string, string>): Promise<Response> {
  const referralId = pathId(params.referralId, "referralId");
  const { staff, grant } = await requireReferral(ctx, referralId);
  const body = await readBody(ctx, centerStatusBody);
  const actor = { kind: "staff" as const, id: staff.person.id, role: grant.role, organisation: grantOrganisation(grant) };
  const now = ctx.now();
  const outcome =
    body.action === "approve" || body.action === "complete"
      ? await moveReferral(ctx.db, ctx.settings, referralId, CENTER_ACTION_STATUS[body.action], actor, now)
      : await closeReferral(ctx.db, ctx.settings, referralId, CENTER_ACTION_STATUS[body.action], body.reason, actor, now);
  if (!outcome.ok) return staffStepAnswer(outcome, StaffMessage.referralUpdated); // throws the refusal of the reason
  const { value } = outcome;
  return ok({ referralId: value.referralId, statusId: value.statusId, status: value.status }, StaffMessage.referralUpdated);
}

export const staffCenterRoutes: Route<Ctx>[] = [
  {
    method: "GET",
    pattern: "/api/staff/center/referrals",
    handle: list,
    doc: {
      summary:
        "Center staff: the referrals to the person's centers, newest first (status and centerId filter); names, dates, statuses, no health data.",
      auth: "staff",
      query: centerReferralsQuery,
      answer: centerReferralItem.array(),
    },
  },
  {
    method: "GET",
    pattern: "/api/staff/center/referrals/:referralId",
    handle: detail,
    doc: {
      summary: "Center staff: one referral to the person's center with what the center needs (audited read); 404 for another center's.",
      auth: "staff",
      answer: centerReferralDetail,
    },
  },
  {
    method: "GET",
    pattern: "/api/staff/center/referrals/:referralId/consent.pdf",
    handle: consentPdf,
    doc: {
      summary: "Center staff: the patient's signed consent PDF (audited read); 404 when not signed or another center's.",
      auth: "staff",
      answer: { file: "application/pdf" },
    },
  },
  {
    method: "POST",
    pattern: "/api/staff/center/referrals/:referralId/status",
    handle: setStatus,
    doc: {
      summary: "Center staff: approve (2), complete (4), or decline (5) or cancel (6) with a reason; the patient's email and text follow.",
      auth: "staff",
      body: centerStatusBody,
      answer: centerStatusResult,
    },
  },
];
