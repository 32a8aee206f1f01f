import { describe, expect, it } from "vitest";
import { ImmunoFreeStatus } from "../../../registry/contract/enums";
import { medicalHistoryRefusal } from "./program";

describe("who fills the medical history (decision 051)", () => {
  it.each([
    ["no program registration", null, "medical.notInProgram"],
    ["invited, not yet screened as a candidate", { currentStatus: ImmunoFreeStatus.InviteSent }, "medical.notInProgram"],
    ["a candidate", { currentStatus: ImmunoFreeStatus.Registration }, null],
    ["history in (a resubmission)", { currentStatus: ImmunoFreeStatus.MedicalHistory }, null],
    ["consent signed", { currentStatus: ImmunoFreeStatus.ESign }, null],
    ["completed", { currentStatus: ImmunoFreeStatus.Completed }, null],
  ] as const)("%s", (_n, registration, refusal) => {
    expect(medicalHistoryRefusal(registration)).toBe(refusal);
  });
});
