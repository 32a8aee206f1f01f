import type { Screening } from "../../../registry/contract";
import { registrationCard, type CardContext, type RegistrationCardView } from "./registration-card-model";

/** A registration card, with what its 'Screening Results' dialog shows (`S`: the screening feature's answer summary). */
export type RegistrationCardData<S = unknown> = { id: number; view: RegistrationCardView; summary: S };

/** A center's id and whether it is a member: what a card needs of the centers list. */
type CenterMembership = { centerId: number; isMemberCenter: boolean };

/**
 * The dashboard's registration cards (DSH-004, DSH-010), one per screening, with the answer summary of the 'Screening
 * Results' dialog. The route passes in what other features make (decision 130): `centers` loads the centers, called
 * only when a screening names one (the card needs its membership); `summarize` makes a screening's answer summary.
 */
export async function registrationCards<S>(
  screenings: readonly Screening[],
  { centers, summarize }: { centers: () => Promise<readonly CenterMembership[]>; summarize: (screening: Screening) => S },
  program: Pick<CardContext, "programStage" | "delivery"> = {},
  now = new Date(),
): Promise<RegistrationCardData<S>[]> {
  if (screenings.length === 0) return [];
  const known = screenings.some((s) => s.preferredCenterId > 0) ? await centers() : [];
  const member = (id: number) => known.some((c) => c.centerId === id && c.isMemberCenter);
  return screenings.map((s) => ({
    id: s.id,
    view: registrationCard(s, { preferredCenterIsMember: member(s.preferredCenterId), now, ...program }),
    summary: summarize(s),
  }));
}
