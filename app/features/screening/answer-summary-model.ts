import { AntigenMatch, BiologicalRelative, DonorStatus, KidneyStatus, PrimaryGoal, Transfer, TransplantCenterSituation } from "./answer-enums";
import type { ScreeningAnswers } from "./draft";
import {
  antigenMatchOptions,
  donorStatusOptions,
  kidneyStatusOptions,
  optionLabel,
  primaryGoalLabels,
  transplantTypeOptions,
  type AnswerOption,
} from "./options";
import { NOT_INTERESTED_GOAL_TEXT } from "./step-machine";
import type { TextKey } from "~/texts/texts";

/**
 * The answer summary of SCR-017 ('Response Summary'): numbered question/answer items grouped by category,
 * built from a draft or a saved screening. Answers are locale keys; free texts (descriptions, the center's
 * name) are returned raw, and the view passes every final answer string through `sentence`.
 */

export type SummarySource = ScreeningAnswers & { preferredCenter: string };

export type SummaryItem = {
  number: number;
  questionKey: TextKey;
  /** The answer as a locale key, when it is one of the offered answers. */
  answerKey?: TextKey;
  /** The answer as text typed or named elsewhere (the center's name). */
  answerText?: string;
  /** A free-text detail under the answer (the description given with Other). */
  detailText?: string;
  /** The page that changes the answer, on the summary the patient checks before submitting (SCR-022). */
  changeHref?: string;
};
export type SummaryGroup = { categoryKey: TextKey; items: SummaryItem[] };

export type AnswerSummary =
  | { kind: "noData"; messageKey: "screening.summary.noData" }
  | { kind: "incomplete"; messageKey: "screening.summary.incomplete" }
  | { kind: "answers"; titleKey: "screening.summary.title"; groups: SummaryGroup[] };

/** Each answer is capitalized and ends with a period unless it already ends in . ! or ? (SCR-017). */
export function sentence(text: string): string {
  const t = text.trim();
  if (!t) return "";
  const [first = "", ...rest] = Array.from(t);
  const capitalized = first.toLocaleUpperCase() + rest.join("");
  return /[.!?]$/.test(capitalized) ? capitalized : `${capitalized}.`;
}

const kidneyLabels: readonly AnswerOption[] = [
  ...kidneyStatusOptions,
  { value: KidneyStatus.TransplantedNoImmunosuppression, labelKey: "screening.patientSituation.transplantedNoImmunosuppression" },
];

/** willingToTransfer in the summary: 1 yes, 0 no, -1 unknown (SCR-017). */
export function willingnessAnswerKey(value: number): TextKey {
  if (value === Transfer.Yes) return "screening.summary.yes";
  if (value === Transfer.No) return "screening.summary.no";
  return "screening.summary.unknown";
}

type Draft = Omit<SummaryItem, "number">;

/** An enumerated answer with an optional description given with Other. */
function choice(questionKey: TextKey, labelKey: TextKey | undefined, other: string | undefined): Draft {
  const item: Draft = { questionKey, answerKey: labelKey ?? "screening.summary.unknown" };
  if (other?.trim()) item.detailText = other.trim();
  return item;
}

/** An answer among `options`, with the text the patient gave when the answer is `other`'s value. */
function optionChoice(questionKey: TextKey, options: readonly AnswerOption[], value: number, other: number, otherText: string): Draft {
  return choice(questionKey, optionLabel(options, value), value === other ? otherText : undefined);
}

export function answerSummary(source: SummarySource | null | undefined): AnswerSummary {
  if (!source) return { kind: "noData", messageKey: "screening.summary.noData" };
  const health: Draft[] = [];
  const center: Draft[] = [];
  const donor: Draft[] = [];
  const goals: Draft[] = [];

  if (source.kidneyStatus !== KidneyStatus.Unknown)
    health.push(optionChoice("screening.patientSituation.question", kidneyLabels, source.kidneyStatus, KidneyStatus.Other, source.kidneyStatusOther));
  if (source.transplantType !== BiologicalRelative.Unknown)
    health.push(choice("screening.postTransplant.question", optionLabel(transplantTypeOptions, source.transplantType), undefined));
  if (source.antigenMatch !== AntigenMatch.Unknown)
    health.push(choice("screening.postTransplant.antigenQuestion", optionLabel(antigenMatchOptions, source.antigenMatch), undefined));

  if (source.transplantCenterSituation !== TransplantCenterSituation.Unknown) {
    center.push({
      questionKey: "screening.centerRegistration.question",
      answerKey:
        source.transplantCenterSituation === TransplantCenterSituation.Selected
          ? "screening.summary.yes"
          : source.transplantCenterSituation === TransplantCenterSituation.NotSelected
            ? "screening.summary.no"
            : "screening.summary.unknown",
    });
    // The center the patient said they are registered with; a center chosen later on the select-center page is
    // not an answer to this question (it is on the card and in the referrals).
    if (source.transplantCenterSituation === TransplantCenterSituation.Selected && source.preferredCenterId > 0 && source.preferredCenter.trim())
      center.push({ questionKey: "screening.centerSelection.question", answerText: source.preferredCenter.trim() });
    center.push({ questionKey: "screening.summary.willingToTransferQuestion", answerKey: willingnessAnswerKey(source.willingToTransfer) });
  }

  if (source.donorStatus !== DonorStatus.Unknown)
    donor.push(optionChoice("screening.donorSituation.question", donorStatusOptions, source.donorStatus, DonorStatus.Other, source.donorStatusOther));

  if (source.primaryGoal !== PrimaryGoal.Unknown) {
    const notInterested = source.primaryGoal === PrimaryGoal.Other && source.primaryGoalOther.trim() === NOT_INTERESTED_GOAL_TEXT;
    goals.push(
      notInterested
        ? { questionKey: "screening.primaryGoal.question", answerKey: "screening.summary.notInterestedInDonor" }
        : choice(
            "screening.primaryGoal.question",
            primaryGoalLabels[source.primaryGoal]?.labelKey,
            source.primaryGoal === PrimaryGoal.Other ? source.primaryGoalOther : undefined,
          ),
    );
  }

  let number = 0;
  const drafts: { categoryKey: TextKey; items: Draft[] }[] = [
    { categoryKey: "screening.summary.categoryHealth", items: health },
    { categoryKey: "screening.summary.categoryCenter", items: center },
    { categoryKey: "screening.summary.categoryDonor", items: donor },
    { categoryKey: "screening.summary.categoryGoals", items: goals },
  ];
  const groups: SummaryGroup[] = drafts
    .filter((g) => g.items.length > 0)
    .map((g) => ({ categoryKey: g.categoryKey, items: g.items.map((item) => ({ number: ++number, ...item })) }));
  if (groups.length === 0) return { kind: "incomplete", messageKey: "screening.summary.incomplete" };
  return { kind: "answers", titleKey: "screening.summary.title", groups };
}
