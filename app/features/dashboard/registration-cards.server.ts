import type { Screening } from "../../../registry/contract";
import { withPatient } from "~/platform/auth.server";
import { answerSummary, type AnswerSummary } from "~/features/screening/answer-summary-model";
import { loadCenters } from "~/features/screening/screening.server";
import type { CenterInfo } from "~/features/screening/step-machine";
import { registrationCard, type CardContext, type RegistrationCardView } from "./registration-card-model";
import type { PortalContext } from "~/platform/context";

export type RegistrationCardData = { id: number; view: RegistrationCardView; summary: AnswerSummary };

/**
 * The dashboard's registration cards (DSH-004, DSH-010), one per screening, with the answer summary of the 'Screening
 * Results' dialog. The centers are fetched only when a screening names one (the card needs its membership).
 */
export async function registrationCards(
  context: PortalContext,
  screenings: readonly Screening[],
  program: Pick<CardContext, "programStage" | "delivery"> = {},
  now = new Date(),
): Promise<RegistrationCardData[]> {
  if (screenings.length === 0) return [];
  let centers: CenterInfo[] = [];
  if (screenings.some((s) => s.preferredCenterId > 0)) centers = (await withPatient(context, (patient) => loadCenters(context, patient))).centers;
  const member = (id: number) => centers.some((c) => c.centerId === id && c.isMemberCenter);
  return screenings.map((s) => ({
    id: s.id,
    view: registrationCard(s, { preferredCenterIsMember: member(s.preferredCenterId), now, ...program }),
    summary: answerSummary(s),
  }));
}
