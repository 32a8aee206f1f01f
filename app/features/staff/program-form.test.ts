import { describe, expect, it } from "vitest";
import { ImmunoFreeStatus } from "../../../registry/contract/enums";
import { PROGRAM_NOTE_MAX } from "../../../registry/contract/staff-program";
import { auditFiltersFrom, moveFromForm, nextProgramStage, stageKey } from "./program-form";

const noFilters = { medicalRecordId: "", staffId: "", from: "", to: "" };

describe("the program's forms (docs/decisions/133)", () => {
  it("moves only forward from the stages the program owns", () => {
    expect(nextProgramStage(ImmunoFreeStatus.ESign)).toBe(ImmunoFreeStatus.Preworkuplab);
    expect(nextProgramStage(ImmunoFreeStatus.Preworkuplab)).toBe(ImmunoFreeStatus.Completed);
    for (const stage of [ImmunoFreeStatus.InviteSent, ImmunoFreeStatus.Registration, ImmunoFreeStatus.MedicalHistory, ImmunoFreeStatus.Completed])
      expect(nextProgramStage(stage)).toBeNull();
    expect(stageKey(ImmunoFreeStatus.MedicalHistory)).toBe("staffProgram.stages.medicalHistory");
    expect(stageKey(99)).toBe("staffProgram.stages.completed");
  });

  it("a move needs a note of at most 2000 characters and a stage the program may set", () => {
    expect(moveFromForm({ stage: "4", programNote: " Labs drawn. " })).toEqual({ ok: true, body: { stage: 4, note: "Labs drawn." } });
    expect(moveFromForm({ stage: "4", programNote: "  " })).toEqual({ ok: false, errors: { programNote: "staffProgram.participant.noteRequired" } });
    expect(moveFromForm({ stage: "5", programNote: "é".repeat(PROGRAM_NOTE_MAX) })).toMatchObject({ ok: true });
    expect(moveFromForm({ stage: "5", programNote: "é".repeat(PROGRAM_NOTE_MAX + 1) })).toEqual({
      ok: false,
      errors: { programNote: "staffProgram.participant.noteTooLong" },
    });
    for (const stage of ["3", "0", "", "4.5", "abc", "99999999999999999999"])
      expect(moveFromForm({ stage, programNote: "n" })).toEqual({ ok: false, errors: { stage: "validation.invalidValue" } });
  });

  it("the audit's filters: record and person ids, real days, from before to", () => {
    expect(auditFiltersFrom(noFilters)).toEqual({});
    expect(auditFiltersFrom({ medicalRecordId: " 12 ", staffId: "3", from: "2026-02-28", to: "2026-03-01" })).toEqual({});
    expect(auditFiltersFrom({ medicalRecordId: "0", staffId: "-1", from: "2026-02-30", to: "yesterday" })).toEqual({
      medicalRecordId: "staffProgram.audit.recordInvalid",
      staffId: "validation.invalidValue",
      from: "staffProgram.audit.dateInvalid",
      to: "staffProgram.audit.dateInvalid",
    });
    expect(auditFiltersFrom({ ...noFilters, medicalRecordId: "2147483648" })).toEqual({ medicalRecordId: "staffProgram.audit.recordInvalid" });
    expect(auditFiltersFrom({ ...noFilters, from: "2026-03-02", to: "2026-03-01" })).toEqual({ to: "staffProgram.audit.toBeforeFrom" });
  });
});
