import { AntigenMatch, BiologicalRelative, DonorStatus, KidneyStatus, PrimaryGoal, Transfer, TransplantCenterSituation } from "./answer-enums";
import { furthestStep, isWellFormedDraft, type AnswerField, type ScreeningAnswers, type ScreeningDraft, type SituationSubStep } from "./draft";
import {
  antigenMatchOptions,
  centerSituationOptions,
  donorStatusOptions,
  isOffered,
  kidneyStatusOptions,
  primaryGoalOptions,
  transplantTypeOptions,
} from "./options";
import { saveOutcome } from "../../../registry/contract/save-outcome";
import { Step, type StepValue } from "./steps";
import type { TextKey } from "~/texts/texts";

export { primaryGoalOptions } from "./options";

/**
 * The screening wizard's step machine: the configured flow of SCR-007 with the readings of SCR-001, SCR-006, SCR-014,
 * the center-choice handling of SCR-007, the Continue gates of SCR-004 and the never-skip-ahead rule of SCR-001.
 */

export type CenterInfo = { centerId: number; isMemberCenter: boolean; centerName?: string };
export type MachineContext = {
  centers: readonly CenterInfo[];
  /** Granular center steps (default, SCR-006); false uses the combined TransplantCenterSituation screen. */
  granular?: boolean;
};

/** Stored as primaryGoalOther when the patient has no donor and is not interested in finding one (SCR-009). */
export const NOT_INTERESTED_GOAL_TEXT = "Not interested in finding a living donor";

export const ScreeningError = {
  chooseOption: "screening.errors.chooseOption",
  describeOther: "screening.errors.describeOther",
  chooseCenter: "screening.errors.chooseCenter",
  notAllowed: "screening.errors.notAllowed",
} as const;

export type FieldErrors = Partial<Record<AnswerField | "step", TextKey>>;
export type SaveKind = "complete" | "notEligible";
export type ContinueResult = { ok: true; draft: ScreeningDraft; save?: SaveKind } | { ok: false; errors: FieldErrors; draft: ScreeningDraft };
export type PreviousResult = { ok: true; draft: ScreeningDraft } | { ok: false; errors: FieldErrors };

const isGranular = (ctx: { granular?: boolean } | undefined) => ctx?.granular !== false;
const isTerminal = (step: StepValue) => step === Step.Complete || step === Step.NotEligible;
const findCenter = (ctx: MachineContext | undefined, id: number) => ctx?.centers.find((c) => c.centerId === id);
const isMember = (ctx: MachineContext | undefined, id: number) => findCenter(ctx, id)?.isMemberCenter === true;

/** Transitions of the configured flow, both center variants (SCR-007); any other is refused. */
export const allowedTransitions: Readonly<Record<StepValue, readonly StepValue[]>> = {
  [Step.PatientSituation]: [Step.PostTransplant, Step.TransplantCenterRegistration, Step.TransplantCenterSituation],
  [Step.PostTransplant]: [Step.PatientValidation, Step.PatientSituation],
  [Step.TransplantCenterSituation]: [Step.TransplantCenterSituation, Step.Complete, Step.DonorSituation, Step.PatientSituation],
  [Step.TransplantCenterRegistration]: [Step.DonorSituation, Step.TransplantCenterSelection, Step.PatientSituation],
  [Step.TransplantCenterSelection]: [Step.DonorSituation, Step.TransplantCenterTransfer, Step.TransplantCenterRegistration],
  [Step.TransplantCenterTransfer]: [Step.Complete, Step.DonorSituation, Step.TransplantCenterSelection],
  [Step.DonorSituation]: [
    Step.NotEligible,
    Step.PrimaryGoal,
    Step.TransplantCenterRegistration,
    Step.TransplantCenterSelection,
    Step.TransplantCenterTransfer,
    Step.TransplantCenterSituation,
  ],
  [Step.PrimaryGoal]: [Step.PatientValidation, Step.DonorSituation],
  [Step.PatientValidation]: [Step.Complete, Step.PostTransplant, Step.PrimaryGoal],
  // The screening is saved on reaching a terminal step: from there it changes only through 'My Situation has
  // Changed' (a new pass), never by stepping back (docs/decisions/033).
  [Step.NotEligible]: [],
  [Step.Complete]: [],
};

export function isAllowedTransition(from: StepValue, to: StepValue): boolean {
  return allowedTransitions[from]?.includes(to) ?? false;
}

/** Which answers each step (and sub-step of the combined screen) takes from its form. */
export function stepFields(step: StepValue, subStep: SituationSubStep = 1): readonly AnswerField[] {
  switch (step) {
    case Step.PatientSituation:
      return ["kidneyStatus", "kidneyStatusOther"];
    case Step.PostTransplant:
      return ["transplantType", "antigenMatch"];
    case Step.TransplantCenterRegistration:
      return ["transplantCenterSituation"];
    case Step.TransplantCenterSelection:
      return ["preferredCenterId"];
    case Step.TransplantCenterTransfer:
      return ["willingToTransfer"];
    case Step.TransplantCenterSituation:
      return subStep === 1 ? ["transplantCenterSituation"] : subStep === 2 ? ["preferredCenterId"] : ["willingToTransfer"];
    case Step.DonorSituation:
      return ["donorStatus", "donorStatusOther"];
    case Step.PrimaryGoal:
      return ["primaryGoal", "primaryGoalOther"];
    default:
      return [];
  }
}

const text = (value: string) => value.trim();
const isWillingness = (v: number) => v === Transfer.Yes || v === Transfer.No || v === Transfer.Unknown;

/** The center choice of SCR-007 (a chosen center, or 0 for none). */
export function chooseCenter(draft: ScreeningDraft, centerId: number, ctx?: MachineContext): ScreeningDraft {
  if (centerId <= 0) return { ...draft, preferredCenterId: 0, preferredCenter: "", isCenterConfirmed: false };
  const center = findCenter(ctx, centerId);
  const next: ScreeningDraft = {
    ...draft,
    preferredCenterId: centerId,
    preferredCenter: center?.centerName ?? "",
    transplantCenterSituation: TransplantCenterSituation.Selected,
  };
  if (center?.isMemberCenter) return { ...next, willingToTransfer: Transfer.No, isCleared: true, isCenterConfirmed: true };
  // A non-member center: the patient must say whether they will transfer (SCR-007, SCR-008).
  return { ...next, willingToTransfer: Transfer.Unknown, isCenterConfirmed: false };
}

/**
 * Applies the answers posted for the current step, with the resets that choosing an answer implies:
 * - the 'other' texts are kept only with the Other answer (SCR-010 for the goal; the same for the kidney and donor texts);
 * - a relation other than Child resets the antigen answer; the antigen answer is taken only for Sibling (SCR-005);
 * - not registered with a center: no center, willing to transfer (SCR-007, 'Choose another center');
 * - choosing a center: SCR-007, CEN-011 (member -> willingness No, cleared, confirmed; non-member -> willingness Unknown);
 * - willingness: only Yes, No or Unknown are taken, anything else is ignored (SCR-007).
 * Fields that do not belong to the current step are ignored.
 */
export function applyAnswers(draft: ScreeningDraft, answers: Partial<ScreeningAnswers>, ctx?: MachineContext): ScreeningDraft {
  const fields = new Set(stepFields(draft.step, draft.situationSubStep));
  const take = <K extends AnswerField>(k: K): ScreeningAnswers[K] | undefined => (fields.has(k) ? answers[k] : undefined);
  let d: ScreeningDraft = { ...draft };

  const kidney = take("kidneyStatus");
  if (kidney !== undefined) d.kidneyStatus = kidney;
  const kidneyOther = take("kidneyStatusOther");
  if (kidneyOther !== undefined) d.kidneyStatusOther = text(kidneyOther);
  if (fields.has("kidneyStatus") && d.kidneyStatus !== KidneyStatus.Other) d.kidneyStatusOther = "";

  const relation = take("transplantType");
  if (relation !== undefined) {
    d.transplantType = relation;
    if (relation !== BiologicalRelative.Child) d.antigenMatch = AntigenMatch.Unknown;
  }
  const antigen = take("antigenMatch");
  if (antigen !== undefined && d.transplantType === BiologicalRelative.Sibling) d.antigenMatch = antigen;

  const situation = take("transplantCenterSituation");
  if (situation !== undefined) {
    d.transplantCenterSituation = situation;
    if (situation === TransplantCenterSituation.NotSelected) {
      d = { ...chooseCenter(d, 0), transplantCenterSituation: situation, willingToTransfer: Transfer.Yes };
    }
  }

  const centerId = take("preferredCenterId");
  if (centerId !== undefined) d = chooseCenter(d, centerId, ctx);

  const willing = take("willingToTransfer");
  if (willing !== undefined && isWillingness(willing)) d.willingToTransfer = willing;

  const donor = take("donorStatus");
  if (donor !== undefined) d.donorStatus = donor;
  const donorOther = take("donorStatusOther");
  if (donorOther !== undefined) d.donorStatusOther = text(donorOther);
  if (fields.has("donorStatus") && d.donorStatus !== DonorStatus.Other) d.donorStatusOther = "";

  const goal = take("primaryGoal");
  if (goal !== undefined) d.primaryGoal = goal;
  const goalOther = take("primaryGoalOther");
  if (goalOther !== undefined) d.primaryGoalOther = text(goalOther);
  if (fields.has("primaryGoal") && d.primaryGoal !== PrimaryGoal.Other) d.primaryGoalOther = "";

  return d;
}

export type GateResult = { ok: true } | { ok: false; errors: FieldErrors };

/**
 * The Continue gates of SCR-004 (the sub-step gates of SCR-006 on the combined screen), with the answer
 * checked against the options the step offers. PatientValidation, NotEligible and Complete are always valid.
 */
export function canContinue(draft: ScreeningDraft, ctx?: MachineContext): GateResult {
  const errors: FieldErrors = {};
  const centerGate = () => {
    const known = ctx ? findCenter(ctx, draft.preferredCenterId) !== undefined : true;
    if (draft.preferredCenterId <= 0 || !known) errors.preferredCenterId = ScreeningError.chooseCenter;
  };
  const willingGate = () => {
    if (draft.willingToTransfer !== Transfer.Yes && draft.willingToTransfer !== Transfer.No) errors.willingToTransfer = ScreeningError.chooseOption;
  };
  switch (draft.step) {
    case Step.PatientSituation:
      if (!isOffered(kidneyStatusOptions, draft.kidneyStatus)) errors.kidneyStatus = ScreeningError.chooseOption;
      else if (draft.kidneyStatus === KidneyStatus.Other && !draft.kidneyStatusOther.trim()) errors.kidneyStatusOther = ScreeningError.describeOther;
      break;
    case Step.PostTransplant:
      if (!isOffered(transplantTypeOptions, draft.transplantType)) errors.transplantType = ScreeningError.chooseOption;
      else if (draft.transplantType === BiologicalRelative.Sibling && !isOffered(antigenMatchOptions, draft.antigenMatch))
        errors.antigenMatch = ScreeningError.chooseOption;
      break;
    case Step.TransplantCenterRegistration:
      if (!isOffered(centerSituationOptions, draft.transplantCenterSituation)) errors.transplantCenterSituation = ScreeningError.chooseOption;
      break;
    case Step.TransplantCenterSelection:
      centerGate();
      break;
    case Step.TransplantCenterTransfer:
      willingGate();
      break;
    case Step.TransplantCenterSituation:
      if (draft.situationSubStep === 1) {
        if (!isOffered(centerSituationOptions, draft.transplantCenterSituation)) errors.transplantCenterSituation = ScreeningError.chooseOption;
      } else if (draft.situationSubStep === 2) centerGate();
      else willingGate();
      break;
    case Step.DonorSituation:
      if (!isOffered(donorStatusOptions, draft.donorStatus)) errors.donorStatus = ScreeningError.chooseOption;
      else if (draft.donorStatus === DonorStatus.Other && !draft.donorStatusOther.trim()) errors.donorStatusOther = ScreeningError.describeOther;
      break;
    case Step.PrimaryGoal:
      if (!isOffered(primaryGoalOptions(draft), draft.primaryGoal)) errors.primaryGoal = ScreeningError.chooseOption;
      else if (draft.primaryGoal === PrimaryGoal.Other && !draft.primaryGoalOther.trim()) errors.primaryGoalOther = ScreeningError.describeOther;
      break;
    default:
      break;
  }
  return Object.keys(errors).length === 0 ? { ok: true } : { ok: false, errors };
}

/** The trail with everything after `step` cut off (the whole trail when `step` is not on it). */
function trailUpTo(reached: readonly StepValue[], step: StepValue): StepValue[] {
  const i = reached.indexOf(step);
  return i < 0 ? [...reached] : reached.slice(0, i + 1);
}

/** Moves the draft to another step, recording the previous step. */
function moveTo(draft: ScreeningDraft, to: StepValue, reached: StepValue[], subStep: SituationSubStep = 1): ScreeningDraft {
  if (to === draft.step) return { ...draft, reached, situationSubStep: subStep };
  return { ...draft, previousStep: draft.step, step: to, reached, situationSubStep: subStep };
}

/**
 * Answers of steps the pass did not walk are not part of this screening (e.g. the center and donor answers
 * carried over by 'My Situation has Changed' when the patient now answers 'transplanted'): reset them before saving.
 */
export function pruneUnwalked(d: ScreeningDraft): ScreeningDraft {
  const walked = (s: StepValue) => d.reached.includes(s);
  const out = { ...d };
  if (!walked(Step.PostTransplant)) Object.assign(out, { transplantType: BiologicalRelative.Unknown, antigenMatch: AntigenMatch.Unknown });
  if (!walked(Step.TransplantCenterRegistration) && !walked(Step.TransplantCenterSituation))
    Object.assign(out, {
      transplantCenterSituation: TransplantCenterSituation.Unknown,
      preferredCenterId: 0,
      preferredCenter: "",
      willingToTransfer: Transfer.Unknown,
      isCenterConfirmed: false,
    });
  if (!walked(Step.DonorSituation)) Object.assign(out, { donorStatus: DonorStatus.Unknown, donorStatusOther: "" });
  if (!walked(Step.PrimaryGoal)) Object.assign(out, { primaryGoal: PrimaryGoal.Unknown, primaryGoalOther: "" });
  return out;
}

/** The step (and sub-step) that follows the current one, with the effects of leaving it (SCR-018; SCR-001). */
function nextOf(d: ScreeningDraft, ctx: MachineContext): { draft: ScreeningDraft; to: StepValue; subStep?: SituationSubStep } {
  const granular = isGranular(ctx);
  switch (d.step) {
    case Step.PatientSituation: {
      const transplanted = d.kidneyStatus === KidneyStatus.Transplanted;
      const left = { ...d, isImmunoFreeCandidate: transplanted, isCleared: false };
      if (transplanted) return { draft: left, to: Step.PostTransplant };
      return granular ? { draft: left, to: Step.TransplantCenterRegistration } : { draft: left, to: Step.TransplantCenterSituation, subStep: 1 };
    }
    case Step.PostTransplant:
      return { draft: { ...d, isCleared: true }, to: Step.PatientValidation };
    case Step.TransplantCenterRegistration:
      return d.transplantCenterSituation === TransplantCenterSituation.NotSelected
        ? { draft: d, to: Step.DonorSituation }
        : { draft: d, to: Step.TransplantCenterSelection };
    case Step.TransplantCenterSelection:
      return isMember(ctx, d.preferredCenterId)
        ? { draft: d, to: Step.DonorSituation }
        : { draft: { ...d, willingToTransfer: Transfer.Unknown }, to: Step.TransplantCenterTransfer };
    case Step.TransplantCenterTransfer:
      // Transferring keeps the current center in the draft until the save (so Previous from Donor Status shows it).
      return d.willingToTransfer === Transfer.No ? { draft: d, to: Step.Complete } : { draft: d, to: Step.DonorSituation };
    case Step.TransplantCenterSituation: {
      const selected = d.transplantCenterSituation === TransplantCenterSituation.Selected;
      if (selected && d.situationSubStep === 1) return { draft: d, to: Step.TransplantCenterSituation, subStep: 2 };
      if (selected && d.situationSubStep === 2 && !isMember(ctx, d.preferredCenterId))
        return { draft: { ...d, willingToTransfer: Transfer.Unknown }, to: Step.TransplantCenterSituation, subStep: 3 };
      // The screen is complete.
      if (selected && d.willingToTransfer === Transfer.No) return { draft: { ...d, isCleared: false }, to: Step.Complete };
      return { draft: d, to: Step.DonorSituation };
    }
    case Step.DonorSituation:
      return d.donorStatus === DonorStatus.NoDonor ? { draft: d, to: Step.NotEligible } : { draft: d, to: Step.PrimaryGoal };
    case Step.PrimaryGoal: {
      const exploring = d.primaryGoal === PrimaryGoal.UnderstandOptions || d.primaryGoal === PrimaryGoal.Other;
      return { draft: { ...d, isCleared: !exploring }, to: Step.PatientValidation };
    }
    case Step.PatientValidation:
      return { draft: d, to: Step.Complete };
    default:
      // NotEligible and Complete are terminal: going forward is not allowed.
      return { draft: d, to: d.step };
  }
}

/** The side effects of reaching NotEligible (SCR-009). */
function notEligible(d: ScreeningDraft): ScreeningDraft {
  return { ...d, isCleared: false, primaryGoal: PrimaryGoal.Other, primaryGoalOther: NOT_INTERESTED_GOAL_TEXT };
}

/**
 * A patient registered with a center who is willing to transfer leaves it (SCR-007): the saved
 * screening names no center, so the patient is led to the select-center page. The draft keeps the center until the
 * save, so stepping back to Transfer still shows it (docs/decisions/034).
 */
export function transferDropsCenter(d: ScreeningDraft): ScreeningDraft {
  if (d.transplantCenterSituation === TransplantCenterSituation.Selected && d.willingToTransfer === Transfer.Yes)
    return { ...d, preferredCenterId: 0, preferredCenter: "" };
  return d;
}

/**
 * Continue: applies the posted answers of the current step, checks the step's gate, and moves on.
 * Reaching Complete or NotEligible returns `save` (SCR-014: the screening is saved then); the draft is
 * then what is saved: answers of steps not walked are reset and the outcome corrections of SCR-014 applied.
 * A failed gate returns the field errors and the draft with the answers (to re-render what was chosen).
 */
export function continueFrom(draft: ScreeningDraft, answers: Partial<ScreeningAnswers>, ctx: MachineContext): ContinueResult {
  const answered = applyAnswers(draft, answers, ctx);
  if (isTerminal(draft.step)) return { ok: false, errors: { step: ScreeningError.notAllowed }, draft: answered };
  const gate = canContinue(answered, ctx);
  if (!gate.ok) return { ok: false, errors: gate.errors, draft: answered };
  const { draft: left, to, subStep } = nextOf(answered, ctx);
  if (!isAllowedTransition(draft.step, to)) return { ok: false, errors: { step: ScreeningError.notAllowed }, draft: answered };
  const reached = trailUpTo(left.reached, draft.step);
  if (to !== draft.step) reached.push(to);
  let moved = moveTo(left, to, reached, subStep ?? 1);
  if (!isTerminal(to)) return { ok: true, draft: moved };
  moved = transferDropsCenter(pruneUnwalked(moved));
  if (to === Step.NotEligible) moved = notEligible(moved);
  moved = saveOutcome(moved, isMember(ctx, moved.preferredCenterId));
  return { ok: true, draft: moved, save: to === Step.Complete ? "complete" : "notEligible" };
}

/** The sub-step of the combined screen when arriving back at it (SCR-006). */
function arrivingSubStep(d: ScreeningDraft, ctx: MachineContext | undefined): SituationSubStep {
  if (d.transplantCenterSituation !== TransplantCenterSituation.Selected) return 1;
  if (d.preferredCenterId <= 0 || findCenter(ctx, d.preferredCenterId)?.isMemberCenter !== false) return 2;
  return 3;
}

/** The effects of entering a step (SCR-006: the Transfer answer resets when its screen opens). */
function enter(d: ScreeningDraft, to: StepValue, ctx: MachineContext | undefined): ScreeningDraft {
  if (to === Step.TransplantCenterTransfer)
    return { ...d, willingToTransfer: Transfer.Unknown, reached: trailUpTo(d.reached, Step.TransplantCenterTransfer) };
  if (to === Step.TransplantCenterSituation) return { ...d, situationSubStep: arrivingSubStep(d, ctx) };
  return d;
}

function previousOf(d: ScreeningDraft, ctx: MachineContext): StepValue | undefined {
  const granular = isGranular(ctx);
  switch (d.step) {
    case Step.PostTransplant:
    case Step.TransplantCenterRegistration:
    case Step.TransplantCenterSituation:
      return Step.PatientSituation;
    case Step.TransplantCenterSelection:
      return Step.TransplantCenterRegistration;
    case Step.TransplantCenterTransfer:
      return Step.TransplantCenterSelection;
    case Step.DonorSituation: {
      if (!granular) return Step.TransplantCenterSituation;
      if (d.transplantCenterSituation !== TransplantCenterSituation.Selected) return Step.TransplantCenterRegistration;
      if (d.preferredCenterId > 0 && findCenter(ctx, d.preferredCenterId)?.isMemberCenter === false) return Step.TransplantCenterTransfer;
      // A member or unknown center, or none chosen any more (transferring): the center is picked on Selection.
      return Step.TransplantCenterSelection;
    }
    case Step.PrimaryGoal:
      return Step.DonorSituation;
    case Step.PatientValidation:
      return d.kidneyStatus === KidneyStatus.Transplanted ? Step.PostTransplant : Step.PrimaryGoal;
    default:
      // PatientSituation has no step before it; NotEligible and Complete are saved (docs/decisions/033).
      return undefined;
  }
}

/**
 * Previous (SCR-018). Answers are not taken. The trail is kept, so a
 * browser's forward button still reaches the steps already walked, except past a step whose answer resets on
 * entering (Transfer).
 */
export function previousFrom(draft: ScreeningDraft, ctx: MachineContext): PreviousResult {
  if (draft.step === Step.TransplantCenterSituation && draft.situationSubStep > 1)
    return { ok: true, draft: { ...draft, situationSubStep: (draft.situationSubStep - 1) as SituationSubStep } };
  const to = previousOf(draft, ctx);
  if (to === undefined || !isAllowedTransition(draft.step, to)) return { ok: false, errors: { step: ScreeningError.notAllowed } };
  const reached = draft.reached.includes(to) ? [...draft.reached] : [...trailUpTo(draft.reached, draft.step).slice(0, -1), to, draft.step];
  return { ok: true, draft: enter(moveTo(draft, to, reached), to, ctx) };
}

/**
 * SCR-001: a request for a step the draft has not reached (or an unknown page) redirects to the
 * furthest step reached; a step already walked in this pass may be shown again.
 */
export function allowedStep(draft: ScreeningDraft, requested: StepValue | undefined): StepValue {
  if (requested !== undefined && draft.reached.includes(requested)) return requested;
  return furthestStep(draft);
}

/**
 * Opening a step's page (SCR-001: the step is kept in sync with the URL page): returns the step to show,
 * whether the request must be redirected there, and the draft moved to that step.
 */
export function enterStep(
  draft: ScreeningDraft,
  requested: StepValue | undefined,
  ctx?: MachineContext,
): { step: StepValue; redirect: boolean; draft: ScreeningDraft } {
  const step = allowedStep(draft, requested);
  const redirect = step !== requested;
  if (step === draft.step) return { step, redirect, draft };
  return { step, redirect, draft: enter(moveTo(draft, step, [...draft.reached]), step, ctx) };
}

export type NavigationState = {
  step: StepValue;
  valid: boolean;
  canGoNext: boolean;
  canGoPrevious: boolean;
  complete: boolean;
};

/**
 * The navigation helper of SCR-001, SCR-018: step, validity, can go next / previous, complete. A value that is not a
 * well-formed draft falls back to PatientSituation with everything false (SCR-021).
 */
export function navigationState(value: unknown, ctx: MachineContext): NavigationState {
  if (!isWellFormedDraft(value)) return { step: Step.PatientSituation, valid: false, canGoNext: false, canGoPrevious: false, complete: false };
  const draft = value;
  const valid = canContinue(draft, ctx).ok;
  return {
    step: draft.step,
    valid,
    canGoNext: valid && !isTerminal(draft.step),
    canGoPrevious: previousFrom(draft, ctx).ok,
    complete: draft.step === Step.Complete,
  };
}

/**
 * Turns posted form values into answers: numbers for the choices (anything unreadable is Unknown, or 0 for the
 * center), text for the descriptions. Only fields present in the form are returned.
 */
export function answersFromForm(values: Readonly<Record<string, string | undefined>>): Partial<ScreeningAnswers> {
  const out: Partial<ScreeningAnswers> = {};
  const num = (raw: string, fallback: number) => {
    const n = Number(raw.trim());
    return raw.trim() !== "" && Number.isInteger(n) ? n : fallback;
  };
  const numberFields = [
    "kidneyStatus",
    "transplantType",
    "antigenMatch",
    "transplantCenterSituation",
    "willingToTransfer",
    "donorStatus",
    "primaryGoal",
  ] as const;
  for (const f of numberFields) {
    const raw = values[f];
    if (raw !== undefined) out[f] = num(raw, -1);
  }
  if (values.preferredCenterId !== undefined) out.preferredCenterId = num(values.preferredCenterId, 0);
  const textFields = ["kidneyStatusOther", "donorStatusOther", "primaryGoalOther"] as const;
  for (const f of textFields) {
    const raw = values[f];
    if (raw !== undefined) out[f] = raw;
  }
  return out;
}
