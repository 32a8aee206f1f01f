import { describe, expect, it } from "vitest";
import { expectedSignature, signatureMatches } from "./e-sign";

describe("the e-sign signature (ESG-002)", () => {
  it("is the trimmed first and last name joined by one space", () => {
    expect(expectedSignature("  Ana ", " Lopez  ")).toBe("Ana Lopez");
    expect(expectedSignature("María José", "de la Cruz")).toBe("María José de la Cruz");
  });

  it.each([
    ["Ana Lopez", true],
    ["  Ana Lopez  ", true],
    ["ana lopez", false],
    ["Ana LOPEZ", false],
    ["Ana  Lopez", false],
    ["AnaLopez", false],
    ["Ana M Lopez", false],
    ["Ana", false],
    ["", false],
  ])("%j -> %s", (typed, matches) => {
    expect(signatureMatches(typed, expectedSignature(" Ana", "Lopez "))).toBe(matches);
  });

  it("compares accented letters whatever their Unicode composition", () => {
    expect(signatureMatches("Mari\u0301a Lopez", expectedSignature("María", "Lopez"))).toBe(true);
  });

  it("leaves out bidirectional controls: the documents do not show them, so the patient cannot type them (028)", () => {
    expect(expectedSignature("Ana\u202E", "\u2067Lopez\u200F")).toBe("Ana Lopez");
    expect(signatureMatches("Ana Lopez", expectedSignature("Ana\u202E", "Lopez"))).toBe(true);
    expect(signatureMatches("\u202EAna Lopez", expectedSignature("Ana", "Lopez"))).toBe(true);
    expect(signatureMatches("\u202Ezepo", expectedSignature("Ana", "Lopez"))).toBe(false);
    expect(signatureMatches("Nguyễn 王小明", expectedSignature("Nguyễn", "王小明"))).toBe(true);
  });
});

describe("the signature against the document's full name (ESG-002; the page's script and the registry)", () => {
  it.each([
    ["Rosa Martinez", "Rosa Martinez", true],
    ["  Rosa Martinez ", "Rosa Martinez", true],
    ["rosa martinez", "Rosa Martinez", false],
    ["Rosa  Martinez", "Rosa Martinez", false],
    ["Rosa", "Rosa Martinez", false],
    ["Rosa Martinez Jr", "Rosa Martinez", false],
    ["José Núñez", "Jose\u0301 Nu\u0301n\u0303ez".normalize("NFD"), true],
    ["Nguyễn 王小明", "Nguyễn 王小明", true],
    ["Rosa\u202E Martinez", "Rosa Martinez", true], // bidi controls are not compared (docs/decisions/028)
    ["\u202E", "", false],
    ["", "", false],
    [" ", "", false],
  ])("'%s' for '%s': %s", (typed, fullName, ok) => {
    expect(signatureMatches(typed, fullName)).toBe(ok);
  });
});
