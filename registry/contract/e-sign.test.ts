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
    expect(signatureMatches(typed, " Ana", "Lopez ")).toBe(matches);
  });

  it("compares accented letters whatever their Unicode composition", () => {
    expect(signatureMatches("Mari\u0301a Lopez", "María", "Lopez")).toBe(true);
  });

  it("leaves out bidirectional controls: the documents do not show them, so the patient cannot type them (028)", () => {
    expect(expectedSignature("Ana\u202E", "\u2067Lopez\u200F")).toBe("Ana Lopez");
    expect(signatureMatches("Ana Lopez", "Ana\u202E", "Lopez")).toBe(true);
    expect(signatureMatches("\u202EAna Lopez", "Ana", "Lopez")).toBe(true);
    expect(signatureMatches("\u202Ezepo", "Ana", "Lopez")).toBe(false);
    expect(signatureMatches("Nguyễn 王小明", "Nguyễn", "王小明")).toBe(true);
  });
});
