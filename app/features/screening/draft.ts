import { AntigenMatch, BiologicalRelative, DonorStatus, KidneyStatus, PrimaryGoal, Transfer, TransplantCenterSituation } from "./answer-enums";
import { isStep, Step, type StepValue } from "./steps";

/**
 * The screening draft ("draft new-screening", SCR-021): every answer of the questionnaire, the outcome flags,
 * where the patient is in the wizard, and the trail of steps reached in this pass (SCR-001: a URL never
 * skips ahead). It lives in the encrypted session (PLT-010), so it is plain JSON.
 */

/** The patient's answers, one field per question (the names of the Screening entity). */
export type ScreeningAnswers = {
  kidneyStatus: number;
  kidneyStatusOther: string;
  transplantType: number;
  antigenMatch: number;
  transplantCenterSituation: number;
  preferredCenterId: number;
  willingToTransfer: number;
  donorStatus: number;
  donorStatusOther: string;
  primaryGoal: number;
  primaryGoalOther: string;
};
export type AnswerField = keyof ScreeningAnswers;

/** Sub-step of the combined TransplantCenterSituation screen (SCR-006). */
export type SituationSubStep = 1 | 2 | 3;

export type ScreeningDraft = ScreeningAnswers & {
  /** Name of the preferred center, when known. */
  preferredCenter: string;
  isCleared: boolean;
  isImmunoFreeCandidate: boolean;
  isCenterConfirmed: boolean;
  step: StepValue;
  /** The step before the last step change (SCR-021: each step change records the previous step). */
  previousStep: StepValue | null;
  /** The saved screening this draft updates; 0 until the first save. */
  currentScreeningId: number;
  /** Sub-step of the combined screen; 1 when not on it. */
  situationSubStep: SituationSubStep;
  /**
   * The steps walked in this pass, in order; the last one is the furthest step reached. A Continue cuts the
   * trail after the step it leaves, so the trail is always the path that the current answers lead along.
   */
  reached: StepValue[];
};

/** Initial values (SCR-021): enumerations Unknown (-1), ids 0, texts empty, step PatientSituation. */
export function initialDraft(): ScreeningDraft {
  return {
    kidneyStatus: KidneyStatus.Unknown,
    kidneyStatusOther: "",
    transplantType: BiologicalRelative.Unknown,
    antigenMatch: AntigenMatch.Unknown,
    transplantCenterSituation: TransplantCenterSituation.Unknown,
    preferredCenterId: 0,
    preferredCenter: "",
    willingToTransfer: Transfer.Unknown,
    donorStatus: DonorStatus.Unknown,
    donorStatusOther: "",
    primaryGoal: PrimaryGoal.Unknown,
    primaryGoalOther: "",
    isCleared: false,
    isImmunoFreeCandidate: false,
    isCenterConfirmed: false,
    step: Step.PatientSituation,
    previousStep: null,
    currentScreeningId: 0,
    situationSubStep: 1,
    reached: [Step.PatientSituation],
  };
}

/**
 * A fresh draft ('Start Screening', DSH-003, DSH-009); with an id, a blank draft that will update that screening ('My
 * Situation has Changed' resets the form and keeps the screening id, DSH-009: nothing is pre-chosen).
 */
export function resetDraft(keepScreeningId = 0): ScreeningDraft {
  return { ...initialDraft(), currentScreeningId: keepScreeningId > 0 ? keepScreeningId : 0 };
}

/**
 * After the registry saved the draft at its terminal step: later saves update that screening (SCR-016), and
 * the trail is only the terminal step, so neither a URL nor the browser's back button reopens a question of the
 * finished pass (docs/decisions/033). The screening changes again only through a new pass ('My Situation has
 * Changed', `resetDraft(id)`).
 */
export function recordSaved(draft: ScreeningDraft, screeningId: number): ScreeningDraft {
  return { ...draft, currentScreeningId: screeningId, reached: [draft.step] };
}

/** The furthest step reached in this pass (the last of the trail). */
export function furthestStep(draft: ScreeningDraft): StepValue {
  return draft.reached[draft.reached.length - 1] ?? Step.PatientSituation;
}

const numberFields = [
  "kidneyStatus",
  "transplantType",
  "antigenMatch",
  "transplantCenterSituation",
  "preferredCenterId",
  "willingToTransfer",
  "donorStatus",
  "primaryGoal",
  "currentScreeningId",
] as const;
const textFields = ["kidneyStatusOther", "donorStatusOther", "primaryGoalOther", "preferredCenter"] as const;
const flagFields = ["isCleared", "isImmunoFreeCandidate", "isCenterConfirmed"] as const;

/** Whether a value (e.g. read back from the session) is a well-formed draft. */
export function isWellFormedDraft(value: unknown): value is ScreeningDraft {
  if (typeof value !== "object" || value === null) return false;
  const v = value as Record<string, unknown>;
  for (const f of numberFields) if (typeof v[f] !== "number" || !Number.isInteger(v[f])) return false;
  for (const f of textFields) if (typeof v[f] !== "string") return false;
  for (const f of flagFields) if (typeof v[f] !== "boolean") return false;
  if (!isStep(v.step)) return false;
  if (v.previousStep !== null && !isStep(v.previousStep)) return false;
  if (v.situationSubStep !== 1 && v.situationSubStep !== 2 && v.situationSubStep !== 3) return false;
  if (!Array.isArray(v.reached) || v.reached.length === 0 || !v.reached.every(isStep)) return false;
  return v.reached.includes(v.step);
}

/**
 * Reads a draft kept in the session. Anything that is not a well-formed draft (an old cookie, a tampered
 * value) falls back to a fresh draft at PatientSituation: the safe fallback of SCR-021.
 */
export function draftFromUnknown(value: unknown): ScreeningDraft {
  if (!isWellFormedDraft(value)) return initialDraft();
  const v = value;
  return {
    kidneyStatus: v.kidneyStatus,
    kidneyStatusOther: v.kidneyStatusOther,
    transplantType: v.transplantType,
    antigenMatch: v.antigenMatch,
    transplantCenterSituation: v.transplantCenterSituation,
    preferredCenterId: v.preferredCenterId,
    preferredCenter: v.preferredCenter,
    willingToTransfer: v.willingToTransfer,
    donorStatus: v.donorStatus,
    donorStatusOther: v.donorStatusOther,
    primaryGoal: v.primaryGoal,
    primaryGoalOther: v.primaryGoalOther,
    isCleared: v.isCleared,
    isImmunoFreeCandidate: v.isImmunoFreeCandidate,
    isCenterConfirmed: v.isCenterConfirmed,
    step: v.step,
    previousStep: v.previousStep,
    currentScreeningId: v.currentScreeningId,
    situationSubStep: v.situationSubStep,
    reached: [...v.reached],
  };
}
