import { DonorStatus, PrimaryGoal, RegistrationStatus, Transfer, TransplantCenterSituation, type ValueOf } from "./enums";

/**
 * What saving a screening means (SCR-014): the outcome corrections, the registration status
 * the registry stores, the server-bound body of SCR-020, and the page the patient goes to after the save.
 * Shared by the portal and the registry (which computes the stored status itself): enumerations only, no I/O.
 */

/** The fields of a screening that decide its outcome. */
export type OutcomeFields = {
  donorStatus: number;
  transplantCenterSituation: number;
  willingToTransfer: number;
  preferredCenterId: number;
  primaryGoal: number;
  isCleared: boolean;
  isCenterConfirmed: boolean;
  isImmunoFreeCandidate: boolean;
};

/** The patient is registered with a center and that center is a member center of the registry. */
export function isMemberCenterSelected(s: OutcomeFields, preferredCenterIsMember: boolean): boolean {
  return s.transplantCenterSituation === TransplantCenterSituation.Selected && s.preferredCenterId > 0 && preferredCenterIsMember;
}

/**
 * The outcome corrections of SCR-014: no donor -> not cleared, not confirmed; otherwise, registered with a
 * center: a member center -> cleared and confirmed; a non-member center the patient stays with -> cleared.
 * Idempotent: correcting a corrected screening changes nothing.
 */
export function saveOutcome<T extends OutcomeFields>(s: T, preferredCenterIsMember: boolean): T {
  if (s.donorStatus === DonorStatus.NoDonor) return { ...s, isCleared: false, isCenterConfirmed: false };
  if (s.transplantCenterSituation === TransplantCenterSituation.Selected && s.preferredCenterId > 0) {
    if (preferredCenterIsMember) return { ...s, isCleared: true, isCenterConfirmed: true };
    if (s.willingToTransfer === Transfer.No) return { ...s, isCleared: true };
  }
  return { ...s };
}

export type RegistrationStatusValue = ValueOf<typeof RegistrationStatus>;

/**
 * The registration status stored on save (SCR-014, read by docs/decisions/035), first match wins:
 * no donor -> RuledOut (the wizard shows Not Eligible, whatever center is named);
 * member center selected or center confirmed -> CompleteLabTests: the center is confirmed as by a selection, the
 *   registry refers the patient to it and places the lab order, and results move it to SentToCenter (decision 012);
 * immune-tolerance candidate -> IfPassCandidate; not cleared -> RuledOut; otherwise SelectCenter (including a
 * non-member center the patient stays with). The outcome corrections are applied first.
 */
export function registrationStatusOnSave(s: OutcomeFields, preferredCenterIsMember: boolean): RegistrationStatusValue {
  const o = saveOutcome(s, preferredCenterIsMember);
  if (o.donorStatus === DonorStatus.NoDonor) return RegistrationStatus.RuledOut;
  if (isMemberCenterSelected(o, preferredCenterIsMember) || o.isCenterConfirmed) return RegistrationStatus.CompleteLabTests;
  if (o.isImmunoFreeCandidate) return RegistrationStatus.IfPassCandidate;
  if (!o.isCleared) return RegistrationStatus.RuledOut;
  return RegistrationStatus.SelectCenter;
}

/** The statuses of the patient's part, in order; RuledOut and IfPassCandidate are beside it. */
const PROGRESS: readonly number[] = [
  RegistrationStatus.Screening,
  RegistrationStatus.SelectCenter,
  RegistrationStatus.CompleteLabTests,
  RegistrationStatus.SentToCenter,
];

/**
 * Whether saving a screening again would move its registration backwards (SCR-016, docs/decisions/033): once a center holds
 * it (CompleteLabTests: a center chosen and labs ordered; SentToCenter), a re-save may not take it to an earlier
 * status nor out of the patient's part (ruled out, immune-tolerance). Any other stored status may be re-screened
 * ('My Situation has Changed' on a not-cleared registration).
 */
export function resaveMovesBackwards(storedStatus: number, nextStatus: number): boolean {
  if (storedStatus !== RegistrationStatus.CompleteLabTests && storedStatus !== RegistrationStatus.SentToCenter) return false;
  return !PROGRESS.includes(nextStatus) || nextStatus < storedStatus;
}

/** The answers and flags a save carries (a draft or a saved screening). */
export type SaveSource = OutcomeFields & {
  kidneyStatus: number;
  kidneyStatusOther: string;
  donorStatusOther: string;
  primaryGoalOther: string;
  transplantType: number;
  antigenMatch: number;
};

/** The server-bound body of SCR-020: willingToTransfer is sent as isWillingToTransfer. */
export type ScreeningSaveBody = {
  kidneyStatus: number;
  kidneyStatusOther: string;
  transplantCenterSituation: number;
  isWillingToTransfer: number;
  donorStatus: number;
  donorStatusOther: string;
  primaryGoal: number;
  primaryGoalOther: string;
  transplantType: number;
  antigenMatch: number;
  isCleared: boolean;
  isCenterConfirmed: boolean;
  isImmunoFreeCandidate: boolean;
  preferredCenterId: number;
};

/** The body of POST .../screening and PUT .../screening/{id}, with the outcome corrections applied. */
export function screeningSaveBody(source: SaveSource, preferredCenterIsMember: boolean): ScreeningSaveBody {
  const s = saveOutcome(source, preferredCenterIsMember);
  return {
    kidneyStatus: s.kidneyStatus,
    kidneyStatusOther: s.kidneyStatusOther,
    transplantCenterSituation: s.transplantCenterSituation,
    isWillingToTransfer: s.willingToTransfer,
    donorStatus: s.donorStatus,
    donorStatusOther: s.donorStatusOther,
    primaryGoal: s.primaryGoal,
    primaryGoalOther: s.primaryGoalOther,
    transplantType: s.transplantType,
    antigenMatch: s.antigenMatch,
    isCleared: s.isCleared,
    isCenterConfirmed: s.isCenterConfirmed,
    isImmunoFreeCandidate: s.isImmunoFreeCandidate,
    preferredCenterId: s.preferredCenterId,
  };
}

/** The outcome fields of a received body (the registry's side), willingness under its stored name. */
export function outcomeFieldsOfBody(body: ScreeningSaveBody): OutcomeFields {
  return {
    donorStatus: body.donorStatus,
    transplantCenterSituation: body.transplantCenterSituation,
    willingToTransfer: body.isWillingToTransfer,
    preferredCenterId: body.preferredCenterId,
    primaryGoal: body.primaryGoal,
    isCleared: body.isCleared,
    isCenterConfirmed: body.isCenterConfirmed,
    isImmunoFreeCandidate: body.isImmunoFreeCandidate,
  };
}

/**
 * Ruled out by a goal of the patient's own alone (primary goal Other, decision 095): not the no-donor ruling, which
 * also saves goal Other ('Not interested in finding a living donor'). The Complete page, the dashboard's reason, the
 * results dialog and the screening's email all give this patient the same explanation.
 */
export function choseOtherGoal(s: Pick<OutcomeFields, "donorStatus" | "primaryGoal">): boolean {
  return s.primaryGoal === PrimaryGoal.Other && s.donorStatus !== DonorStatus.NoDonor;
}

/** A donor and a goal that the registry can act on: HasDonor/FindDonor with a goal other than UnderstandOptions/Other. */
function seeksReferral(s: OutcomeFields): boolean {
  return (
    (s.donorStatus === DonorStatus.HasDonor || s.donorStatus === DonorStatus.FindDonor) &&
    s.primaryGoal !== PrimaryGoal.UnderstandOptions &&
    s.primaryGoal !== PrimaryGoal.Other
  );
}

export type PageAfterSave = "/landing" | `/select-center/${number}`;

/**
 * Where the patient goes after a successful save (SCR-015): with a screening id, when (cleared, or a donor
 * and a goal the registry acts on) and no center is chosen yet -> /select-center/{id}; otherwise /landing.
 * An immune-tolerance candidate always goes to /landing: the program's next steps are on the dashboard
 * (DSH-013), and the select-center step is 'Unavailable at this time' for a candidate (DSH-006).
 */
export function pageAfterSave(s: OutcomeFields, screeningId: number): PageAfterSave {
  if (screeningId <= 0 || s.isImmunoFreeCandidate) return "/landing";
  if ((s.isCleared || seeksReferral(s)) && s.preferredCenterId === 0) return `/select-center/${screeningId}`;
  return "/landing";
}
