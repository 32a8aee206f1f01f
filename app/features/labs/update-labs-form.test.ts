import { describe, expect, it } from "vitest";
import { REQUISITION_ALPHABET, REQUISITION_LENGTH } from "../../../registry/contract/labs";
import en from "~/locales/en/labs";
import es from "~/locales/es/labs";
import { updateLabsAction, validateUpdateLabs } from "./update-labs-form";

const KEY = "a-lab-staff-key-of-32-characters";

describe("which button (LAB-006)", () => {
  it.each([
    ["update-requisition", "requisition"],
    ["process-results", "results"],
    ["", null],
    ["delete", null],
    [null, null],
    [undefined, null],
  ] as const)("%j -> %s", (intent, action) => expect(updateLabsAction(intent)).toBe(action));
});

describe("the update-labs form", () => {
  it.each([
    ["requisition as printed", "update-requisition", "3ACD-7EFG", KEY, { action: "requisition", requisition: "3ACD7EFG", labStaffKey: KEY }],
    ["lower case and spaces", "process-results", "  3acd 7efg ", ` ${KEY} `, { action: "results", requisition: "3ACD7EFG", labStaffKey: KEY }],
  ] as const)("%s is accepted", (_n, intent, requisition, labStaffKey, value) => {
    expect(validateUpdateLabs({ intent, requisition, labStaffKey })).toEqual({ ok: true, value });
  });

  it.each([
    ["empty requisition", "", KEY, { requisition: "updateLabs.requisitionRequired" }],
    ["blank requisition", " - ", KEY, { requisition: "updateLabs.requisitionRequired" }],
    ["too short", "3ACD7EF", KEY, { requisition: "updateLabs.requisitionFormat" }],
    ["too long", "3ACD7EFGH", KEY, { requisition: "updateLabs.requisitionFormat" }],
    ["look-alike letters (O, 0)", "3ACD7EF0", KEY, { requisition: "updateLabs.requisitionFormat" }],
    ["no key", "3ACD7EFG", "", { labStaffKey: "updateLabs.staffKeyRequired" }],
    ["blank key", "3ACD7EFG", "   ", { labStaffKey: "updateLabs.staffKeyRequired" }],
    ["absurdly long key", "3ACD7EFG", "k".repeat(257), { labStaffKey: "updateLabs.staffKeyInvalid" }],
    ["both missing", "", "", { requisition: "updateLabs.requisitionRequired", labStaffKey: "updateLabs.staffKeyRequired" }],
  ] as const)("%s -> errors", (_n, requisition, labStaffKey, errors) => {
    expect(validateUpdateLabs({ intent: "update-requisition", requisition, labStaffKey })).toEqual({ ok: false, errors });
  });

  it("an unknown button is refused without a field error", () => {
    expect(validateUpdateLabs({ intent: "other", requisition: "3ACD7EFG", labStaffKey: KEY })).toEqual({ ok: false, errors: {} });
  });
});

describe("the requisition format message explains the alphabet", () => {
  const digits = [...REQUISITION_ALPHABET].filter((c) => /\d/.test(c));
  const missingLetters = [..."ABCDEFGHIJKLMNOPQRSTUVWXYZ"].filter((c) => !REQUISITION_ALPHABET.includes(c));
  const list = (items: string[], and: string) => `${items.slice(0, -1).join(", ")} ${and} ${items.at(-1)}`;

  it("'NOPE1234' is refused with the format message", () => {
    expect(validateUpdateLabs({ intent: "update-requisition", requisition: "NOPE1234", labStaffKey: KEY })).toEqual({
      ok: false,
      errors: { requisition: "updateLabs.requisitionFormat" },
    });
  });

  it.each([
    ["en", en.updateLabs.requisitionFormat, "and"],
    ["es", es.updateLabs.requisitionFormat, "y"],
  ])("%s names the digits and the letters left out, as the registry's alphabet has them", (_lang, text, and) => {
    expect(text).toContain(String(REQUISITION_LENGTH));
    expect(text).toContain(list(digits, and));
    expect(text).toContain(list(missingLetters, and));
  });
});
