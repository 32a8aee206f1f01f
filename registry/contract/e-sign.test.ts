import { describe, expect, it } from "vitest";
import { expectedSignature, signatureMatches } from "./e-sign";

describe("the e-sign signature (000 §5)", () => {
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
});
