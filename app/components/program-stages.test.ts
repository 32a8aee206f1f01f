import { describe, expect, it } from "vitest";
import { ImmunoFreeStatus } from "../../registry/contract/enums";
import { eSignRefusal, signatureMismatch } from "~/features/e-sign/e-sign";
import { immuneToleranceStages, standaloneProgram } from "./program-stages";

const reg = (currentStatus: number, isOptedOut = false) => ({
  currentStatus,
  isOptedOut,
});

describe("the immune-tolerance stages on the dashboard (DSH-013)", () => {
  it.each([
    // reached, states of Registration..Completed, next action
    [
      ImmunoFreeStatus.InviteSent,
      ["current", "upcoming", "upcoming", "upcoming", "upcoming"],
      { kind: "text", textKey: "medical.stages.nextRegistration" },
    ],
    [
      ImmunoFreeStatus.Registration,
      ["done", "current", "upcoming", "upcoming", "upcoming"],
      {
        kind: "link",
        href: "/medical-history",
        labelKey: "medical.stages.medicalHistory",
        textKey: "medical.stages.nextMedicalHistory",
      },
    ],
    [
      ImmunoFreeStatus.MedicalHistory,
      ["done", "done", "current", "upcoming", "upcoming"],
      {
        kind: "link",
        href: "/e-sign",
        labelKey: "medical.stages.eSign",
        textKey: "medical.stages.nextESign",
      },
    ],
    [ImmunoFreeStatus.ESign, ["done", "done", "done", "current", "upcoming"], { kind: "text", textKey: "medical.stages.nextPreWorkupLabs" }],
    [ImmunoFreeStatus.Preworkuplab, ["done", "done", "done", "done", "current"], { kind: "text", textKey: "medical.stages.nextCompletion" }],
    [ImmunoFreeStatus.Completed, ["done", "done", "done", "done", "done"], { kind: "text", textKey: "medical.stages.nextNone" }],
  ] as const)("stage %i reached: %j, next %j", (reached, states, next) => {
    const view = immuneToleranceStages(reg(reached))!;
    expect(view.stages.map((s) => s.state)).toEqual(states);
    expect(view.next).toEqual(next);
  });

  it("lists the five stages in order with their labels", () => {
    expect(immuneToleranceStages(reg(1))!.stages.map((s) => [s.status, s.labelKey])).toEqual([
      [1, "medical.stages.registration"],
      [2, "medical.stages.medicalHistory"],
      [3, "medical.stages.eSign"],
      [4, "medical.stages.preWorkupLabs"],
      [5, "medical.stages.completed"],
    ]);
  });

  // docs/decisions/128: before the screening, the dashboard shows one next step, the screening's.
  it("before the screening: no Medical History link, the screening comes first", () => {
    expect(immuneToleranceStages(reg(ImmunoFreeStatus.Registration), { screened: false })!.next).toEqual({
      kind: "text",
      textKey: "medical.stages.nextScreeningFirst",
    });
    expect(immuneToleranceStages(reg(ImmunoFreeStatus.MedicalHistory), { screened: false })!.next).toMatchObject({ kind: "link", href: "/e-sign" });
  });

  it("offers no action to a patient who left the program", () => {
    expect(immuneToleranceStages(reg(1, true))!.next).toEqual({
      kind: "text",
      textKey: "medical.stages.nextOptedOut",
    });
  });

  it.each([[null], [reg(-1)], [reg(6)], [reg(1.5)], [reg(Number.NaN)]])("shows nothing for %j", (registration) => {
    expect(immuneToleranceStages(registration)).toBeNull();
  });
});

describe("when the consent can be signed (ESG-001, MHX-006)", () => {
  it.each([
    [null, "eSign.notInProgram"],
    [{ currentStatus: ImmunoFreeStatus.InviteSent }, "eSign.medicalHistoryFirst"],
    [{ currentStatus: ImmunoFreeStatus.Registration }, "eSign.medicalHistoryFirst"],
    [{ currentStatus: ImmunoFreeStatus.MedicalHistory }, null],
    [{ currentStatus: ImmunoFreeStatus.ESign }, "eSign.alreadySigned"],
    [{ currentStatus: ImmunoFreeStatus.Preworkuplab }, "eSign.alreadySigned"],
    [{ currentStatus: ImmunoFreeStatus.Completed }, "eSign.alreadySigned"],
  ])("%j: %s", (registration, refusal) => {
    expect(eSignRefusal(registration)).toBe(refusal);
  });
});

describe("why a typed name does not sign yet (the hint beside Continue)", () => {
  it.each([
    ["", "Rosa Martinez", null],
    ["   ", "Rosa Martinez", null],
    ["Rosa Martinez", "Rosa Martinez", null],
    [" Rosa Martinez ", "Rosa Martinez", null],
    ["rosa martinez", "Rosa Martinez", "case"],
    ["ROSA MARTINEZ ", "Rosa Martinez", "case"],
    ["josé núñez", "José Núñez", "case"],
    ["Rosa", "Rosa Martinez", "name"],
    ["Rosa  Martinez", "Rosa Martinez", "name"],
    ["Rosa Martínez", "Rosa Martinez", "name"],
  ] as const)("'%s' for '%s': %s", (typed, fullName, why) => {
    expect(signatureMismatch(typed, fullName)).toBe(why);
  });
});

describe("the program's own section on the dashboard (decision 043)", () => {
  const stages = immuneToleranceStages({ currentStatus: ImmunoFreeStatus.Registration, isOptedOut: false });
  const card = (immuneToleranceView: boolean) => ({ view: { immuneToleranceView } });
  it("shows the stages on their own when no card shows the program: no screening yet, or another outcome", () => {
    expect(standaloneProgram(stages, [])).toBe(stages);
    expect(standaloneProgram(stages, [card(false)])).toBe(stages);
  });
  it("leaves them in the candidate's card, and shows nothing outside the program", () => {
    expect(standaloneProgram(stages, [card(false), card(true)])).toBeNull();
    expect(standaloneProgram(null, [])).toBeNull();
  });
});
