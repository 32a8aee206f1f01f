import { AntigenMatch, BiologicalRelative, DonorStatus, KidneyStatus, PrimaryGoal, Transfer, TransplantCenterSituation } from "./answer-enums";
import type { ScreeningAnswers } from "./draft";
import type { TextKey } from "~/texts/texts";

/** The questions of the wizard and the answers each one offers (SCR-004, SCR-005, SCR-007, SCR-008, SCR-009, SCR-010), as locale keys. */
export type AnswerOption = { value: number; labelKey: TextKey; descriptionKey?: TextKey };

/** SCR-004: the two options of the spec, then Transplanted, then Other (with a description). */
export const kidneyStatusOptions: readonly AnswerOption[] = [
  { value: KidneyStatus.Dialysis2Years, labelKey: "screening.patientSituation.dialysis2Years" },
  { value: KidneyStatus.DialysisNow, labelKey: "screening.patientSituation.dialysisNow" },
  { value: KidneyStatus.Transplanted, labelKey: "screening.patientSituation.transplanted" },
  { value: KidneyStatus.Other, labelKey: "screening.patientSituation.other" },
];

/** SCR-005. */
export const transplantTypeOptions: readonly AnswerOption[] = [
  { value: BiologicalRelative.Parent, labelKey: "screening.postTransplant.parent" },
  { value: BiologicalRelative.Child, labelKey: "screening.postTransplant.child" },
  { value: BiologicalRelative.Sibling, labelKey: "screening.postTransplant.sibling" },
  { value: BiologicalRelative.BiologicalOther, labelKey: "screening.postTransplant.biologicalOther" },
  { value: BiologicalRelative.NotBiological, labelKey: "screening.postTransplant.notBiological" },
];

/** The '6 antigen match' follow-up of SCR-005. */
export const antigenMatchOptions: readonly AnswerOption[] = [
  { value: AntigenMatch.Yes, labelKey: "screening.postTransplant.antigenYes" },
  { value: AntigenMatch.No, labelKey: "screening.postTransplant.antigenNo" },
  { value: AntigenMatch.NotSure, labelKey: "screening.postTransplant.antigenNotSure" },
];

/** 'Are you currently registered with a transplant center?' (SCR-007). */
export const centerSituationOptions: readonly AnswerOption[] = [
  { value: TransplantCenterSituation.Selected, labelKey: "screening.centerRegistration.yes" },
  { value: TransplantCenterSituation.NotSelected, labelKey: "screening.centerRegistration.no" },
];

/** The Transfer step's answer (SCR-008). */
export const transferOptions: readonly AnswerOption[] = [
  { value: Transfer.Yes, labelKey: "screening.centerTransfer.yes" },
  { value: Transfer.No, labelKey: "screening.centerTransfer.no" },
];

/** Sub-step 3 of the combined screen: 'Willing to transfer your care to the transplant center that you select later'. */
export const combinedTransferOptions: readonly AnswerOption[] = [
  { value: Transfer.Yes, labelKey: "screening.centerSituation.willingYes" },
  { value: Transfer.No, labelKey: "screening.centerSituation.willingNo" },
];

/** SCR-009. */
export const donorStatusOptions: readonly AnswerOption[] = [
  { value: DonorStatus.HasDonor, labelKey: "screening.donorSituation.hasDonor" },
  { value: DonorStatus.FindDonor, labelKey: "screening.donorSituation.findDonor" },
  { value: DonorStatus.NoDonor, labelKey: "screening.donorSituation.noDonor" },
  { value: DonorStatus.Other, labelKey: "screening.donorSituation.other" },
];

/** Every primary goal with its label and description (including the two not offered, for saved screenings). */
export const primaryGoalLabels: Readonly<Record<number, AnswerOption>> = {
  [PrimaryGoal.UnderstandOptions]: {
    value: PrimaryGoal.UnderstandOptions,
    labelKey: "screening.primaryGoal.understandOptions",
    descriptionKey: "screening.primaryGoal.understandOptionsDescription",
  },
  [PrimaryGoal.FindCenter]: {
    value: PrimaryGoal.FindCenter,
    labelKey: "screening.primaryGoal.findCenter",
    descriptionKey: "screening.primaryGoal.findCenterDescription",
  },
  [PrimaryGoal.StandardVoucher]: {
    value: PrimaryGoal.StandardVoucher,
    labelKey: "screening.primaryGoal.standardVoucher",
    descriptionKey: "screening.primaryGoal.standardVoucherDescription",
  },
  [PrimaryGoal.TransferToMicrositeCenter]: {
    value: PrimaryGoal.TransferToMicrositeCenter,
    labelKey: "screening.primaryGoal.micrositeCenter",
    descriptionKey: "screening.primaryGoal.micrositeCenterDescription",
  },
  [PrimaryGoal.TransferToKidneyForLifeCenter]: {
    value: PrimaryGoal.TransferToKidneyForLifeCenter,
    labelKey: "screening.primaryGoal.kidneyForLifeCenter",
    descriptionKey: "screening.primaryGoal.kidneyForLifeCenterDescription",
  },
  [PrimaryGoal.TransferToImmunoFreeCenter]: {
    value: PrimaryGoal.TransferToImmunoFreeCenter,
    labelKey: "screening.primaryGoal.immunoFreeCenter",
    descriptionKey: "screening.primaryGoal.immunoFreeCenterDescription",
  },
  [PrimaryGoal.Other]: {
    value: PrimaryGoal.Other,
    labelKey: "screening.primaryGoal.other",
    descriptionKey: "screening.primaryGoal.otherDescription",
  },
};

type GoalInput = Pick<ScreeningAnswers, "preferredCenterId" | "willingToTransfer" | "donorStatus">;

/**
 * The primary goals offered (SCR-010), in order:
 * - Find a transplant center: when the patient has no currently selected center, or is willing to transfer;
 * - Standard Voucher: when the patient has a willing donor;
 * - Microsite center: when the patient wants to find a donor, or has none;
 * - Kidney for Life center, and Other: always.
 */
export function primaryGoalOptions(draft: GoalInput): AnswerOption[] {
  const goals: number[] = [];
  if (draft.preferredCenterId <= 0 || draft.willingToTransfer === Transfer.Yes) goals.push(PrimaryGoal.FindCenter);
  if (draft.donorStatus === DonorStatus.HasDonor) goals.push(PrimaryGoal.StandardVoucher);
  if (draft.donorStatus === DonorStatus.FindDonor || draft.donorStatus === DonorStatus.NoDonor) goals.push(PrimaryGoal.TransferToMicrositeCenter);
  goals.push(PrimaryGoal.TransferToKidneyForLifeCenter, PrimaryGoal.Other);
  return goals.map((g) => primaryGoalLabels[g]!);
}

/** The label key of an answer value among options; undefined when the value is not one of them. */
export function optionLabel(options: readonly AnswerOption[], value: number): TextKey | undefined {
  return options.find((o) => o.value === value)?.labelKey;
}

export function isOffered(options: readonly AnswerOption[], value: number): boolean {
  return options.some((o) => o.value === value);
}
