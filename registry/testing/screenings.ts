import {
  AntigenMatch,
  BiologicalRelative,
  DonorStatus,
  KidneyStatus,
  PrimaryGoal,
  RegistrationStatus,
  Transfer,
  TransplantCenterSituation,
} from "../contract/enums";
import type { Screening } from "../contract/schemas";
import type { OutcomeFields } from "../contract/save-outcome";

/**
 * Test fixtures shared by the portal's and the registry's tests: a stored screening as the registry answers it, and
 * the server-bound body of SCR-020 a wizard pass sends. Both describe the same patient: on dialysis, not registered
 * with a center and willing to transfer, wants a center; the screening is cleared to select one.
 */
export function aScreening(patch: Partial<Screening> = {}): Screening {
  return {
    id: 9,
    status: RegistrationStatus.SelectCenter,
    kidneyStatus: KidneyStatus.DialysisNow,
    kidneyStatusOther: "",
    transplantCenterSituation: TransplantCenterSituation.NotSelected,
    willingToTransfer: Transfer.Yes,
    donorStatus: DonorStatus.HasDonor,
    donorStatusOther: "",
    primaryGoal: PrimaryGoal.FindCenter,
    primaryGoalOther: "",
    transplantType: -1,
    antigenMatch: -1,
    isCleared: true,
    isImmunoFreeCandidate: false,
    isCenterConfirmed: false,
    preferredCenterId: 0,
    preferredCenter: "",
    centerReferrals: [],
    labsOrdered: false,
    prescriptionDownloadDateTime: "",
    prescriptionRequestDateTime: "",
    prescriptionExpirationDate: "",
    labsUploadedDateTime: "",
    ...patch,
  };
}

/** The fields that decide that screening's outcome (contract/save-outcome.ts): cleared, with a willing donor. */
export function anOutcome(patch: Partial<OutcomeFields> = {}): OutcomeFields {
  const s = aScreening();
  return {
    donorStatus: s.donorStatus,
    transplantCenterSituation: s.transplantCenterSituation,
    willingToTransfer: s.willingToTransfer,
    preferredCenterId: s.preferredCenterId,
    primaryGoal: s.primaryGoal,
    isCleared: s.isCleared,
    isCenterConfirmed: s.isCenterConfirmed,
    isImmunoFreeCandidate: s.isImmunoFreeCandidate,
    ...patch,
  };
}

/** The server-bound body: the same patient looking for a donor, which the registry stores as SelectCenter. */
export function aScreeningBody(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    kidneyStatus: KidneyStatus.DialysisNow,
    kidneyStatusOther: "",
    transplantCenterSituation: TransplantCenterSituation.NotSelected,
    isWillingToTransfer: Transfer.Yes,
    donorStatus: DonorStatus.FindDonor,
    donorStatusOther: "",
    primaryGoal: PrimaryGoal.FindCenter,
    primaryGoalOther: "",
    transplantType: BiologicalRelative.Unknown,
    antigenMatch: AntigenMatch.Unknown,
    isCleared: true,
    isCenterConfirmed: false,
    isImmunoFreeCandidate: false,
    preferredCenterId: 0,
    ...overrides,
  };
}

/**
 * The server-bound body of an immune-tolerance candidate (SCR-005, SCR-020): transplanted, the kidney from a sibling
 * with matching antigens; no center, donor or goal answered.
 */
export function aCandidateScreeningBody(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return aScreeningBody({
    kidneyStatus: KidneyStatus.Transplanted,
    transplantType: BiologicalRelative.Sibling,
    antigenMatch: AntigenMatch.Yes,
    transplantCenterSituation: TransplantCenterSituation.Unknown,
    isWillingToTransfer: Transfer.Unknown,
    donorStatus: DonorStatus.Unknown,
    primaryGoal: PrimaryGoal.Unknown,
    isImmunoFreeCandidate: true,
    ...overrides,
  });
}
