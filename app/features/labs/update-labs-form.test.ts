import { describe, expect, it } from "vitest";
import { REQUISITION_ALPHABET, REQUISITION_LENGTH } from "../../../registry/contract/labs";
import en from "~/locales/en/labs";
import es from "~/locales/es/labs";
import { updateLabsAction, validateUpdateLabs } from "./update-labs-form";

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
    ["requisition as printed", "update-requisition", "3ACD-7EFG", { action: "requisition", requisition: "3ACD7EFG" }],
    ["lower case and spaces", "process-results", "  3acd 7efg ", { action: "results", requisition: "3ACD7EFG" }],
  ] as const)("%s is accepted", (_n, intent, requisition, value) => {
    expect(validateUpdateLabs({ intent, requisition })).toEqual({ ok: true, value });
  });

  it.each([
    ["empty requisition", "", { requisition: "updateLabs.requisitionRequired" }],
    ["blank requisition", " - ", { requisition: "updateLabs.requisitionRequired" }],
    ["too short", "3ACD7EF", { requisition: "updateLabs.requisitionFormat" }],
    ["too long", "3ACD7EFGH", { requisition: "updateLabs.requisitionFormat" }],
    ["look-alike letters (O, 0)", "3ACD7EF0", { requisition: "updateLabs.requisitionFormat" }],
  ] as const)("%s -> errors", (_n, requisition, errors) => {
    expect(validateUpdateLabs({ intent: "update-requisition", requisition })).toEqual({ ok: false, errors });
  });

  it("an unknown button is refused without a field error", () => {
    expect(validateUpdateLabs({ intent: "other", requisition: "3ACD7EFG" })).toEqual({ ok: false, errors: {} });
  });
});

describe("the requisition format message explains the alphabet", () => {
  const digits = [...REQUISITION_ALPHABET].filter((c) => /\d/.test(c));
  const missingLetters = [..."ABCDEFGHIJKLMNOPQRSTUVWXYZ"].filter((c) => !REQUISITION_ALPHABET.includes(c));
  const list = (items: string[], and: string) => `${items.slice(0, -1).join(", ")} ${and} ${items.at(-1)}`;

  it("'NOPE1234' is refused with the format message", () => {
    expect(validateUpdateLabs({ intent: "update-requisition", requisition: "NOPE1234" })).toEqual({
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
