import { ImmunoFreeStatus } from "../../registry/contract/enums";
import type { TextKey } from "~/texts/texts";

/**
 * The immune-tolerance program's stages on the dashboard (DSH-013) and the
 * one next action. The registration's `currentStatus` is the stage the patient has REACHED (agreed with the
 * registry, docs/decisions/014 and 015): Registration -> Medical History next; MedicalHistory -> E-Sign next;
 * ESign -> pre-workup labs next, arranged by the program's staff (no button); Preworkuplab -> completion, staff
 * again; Completed -> nothing left.
 */
export type StageState = "done" | "current" | "upcoming";
export type StageView = { status: number; labelKey: TextKey; state: StageState };
export type NextAction =
  | {
      kind: "link";
      href: "/medical-history" | "/e-sign";
      labelKey: TextKey;
      textKey: TextKey;
    }
  | { kind: "text"; textKey: TextKey };
export type StagesView = { stages: StageView[]; next: NextAction };

/** The stages a patient goes through, in order (InviteSent is the registry's, before the patient registers). */
export const PROGRAM_STAGES: ReadonlyArray<{
  status: number;
  labelKey: TextKey;
}> = [
  {
    status: ImmunoFreeStatus.Registration,
    labelKey: "medical.stages.registration",
  },
  {
    status: ImmunoFreeStatus.MedicalHistory,
    labelKey: "medical.stages.medicalHistory",
  },
  { status: ImmunoFreeStatus.ESign, labelKey: "medical.stages.eSign" },
  {
    status: ImmunoFreeStatus.Preworkuplab,
    labelKey: "medical.stages.preWorkupLabs",
  },
  { status: ImmunoFreeStatus.Completed, labelKey: "medical.stages.completed" },
];

function nextAction(reached: number, optedOut: boolean, screened: boolean): NextAction {
  if (optedOut) return { kind: "text", textKey: "medical.stages.nextOptedOut" };
  switch (reached) {
    case ImmunoFreeStatus.InviteSent:
      return { kind: "text", textKey: "medical.stages.nextRegistration" };
    case ImmunoFreeStatus.Registration:
      // The screening comes first (the candidate's screening opens the program's steps): until it is saved, the
      // dashboard shows one next step, its Start Screening (docs/decisions/128).
      if (!screened) return { kind: "text", textKey: "medical.stages.nextScreeningFirst" };
      return {
        kind: "link",
        href: "/medical-history",
        labelKey: "medical.stages.medicalHistory",
        textKey: "medical.stages.nextMedicalHistory",
      };
    case ImmunoFreeStatus.MedicalHistory:
      return {
        kind: "link",
        href: "/e-sign",
        labelKey: "medical.stages.eSign",
        textKey: "medical.stages.nextESign",
      };
    case ImmunoFreeStatus.ESign:
      return { kind: "text", textKey: "medical.stages.nextPreWorkupLabs" };
    case ImmunoFreeStatus.Preworkuplab:
      return { kind: "text", textKey: "medical.stages.nextCompletion" };
    default:
      return { kind: "text", textKey: "medical.stages.nextNone" };
  }
}

/**
 * The stages with the one reached, the current one (the first not reached; none once Completed) and the next
 * action; null without a registration in the program, or with a stage the portal does not know (nothing shown
 * rather than something wrong).
 */
export function immuneToleranceStages(
  registration: { currentStatus: number; isOptedOut: boolean } | null,
  { screened = true }: { screened?: boolean } = {},
): StagesView | null {
  if (!registration) return null;
  const reached = registration.currentStatus;
  if (!Number.isInteger(reached) || reached < ImmunoFreeStatus.InviteSent || reached > ImmunoFreeStatus.Completed) return null;
  const current = PROGRAM_STAGES.find((s) => s.status > reached)?.status ?? null;
  return {
    stages: PROGRAM_STAGES.map((s) => ({
      status: s.status,
      labelKey: s.labelKey,
      state: s.status <= reached ? "done" : s.status === current ? "current" : "upcoming",
    })),
    next: nextAction(reached, registration.isOptedOut, screened),
  };
}

/**
 * The program's own section on the dashboard (decision 043): an invited participant's registration card may not
 * show the immune-tolerance view (no screening yet, or a screening of another outcome), so the stages appear on their
 * own, once; when a card shows the view, they stay in that card.
 */
export function standaloneProgram(stages: StagesView | null, cards: ReadonlyArray<{ view: { immuneToleranceView: boolean } }>): StagesView | null {
  return stages && !cards.some((c) => c.view.immuneToleranceView) ? stages : null;
}
