import { describe, expect, it } from "vitest";
import { isoDay, patientDate } from "./patient-dates";

// Requirement DSH-014.
describe("dates as a patient reads them (decision 093)", () => {
  it.each([
    // The registry's MM/DD/YYYY, read once, written with the month as a word: no reader can take it the other way.
    ["12/04/1961", "en", "December 4, 1961"],
    ["12/04/1961", "es", "4 de diciembre de 1961"],
    ["1961-04-12", "en", "April 12, 1961"],
    ["1961-04-12", "es", "12 de abril de 1961"],
    ["2026-01-05T23:30:00Z", "en", "January 5, 2026"],
    ["2026-01-05T23:30:00Z", "es", "5 de enero de 2026"],
    ["02/29/2024", "es", "29 de febrero de 2024"],
    // Any other language reads English, as the portal's texts fall back to English.
    ["1961-04-12", "fr", "April 12, 1961"],
  ])("%s in %s reads %s", (text, lang, expected) => {
    expect(patientDate(text, lang)).toBe(expected);
  });

  it("a Date is its UTC day in either language, whatever the server's time zone", () => {
    const late = new Date(Date.UTC(2025, 2, 10, 23, 59));
    expect(patientDate(late, "en")).toBe("March 10, 2025");
    expect(patientDate(late, "es")).toBe("10 de marzo de 2025");
  });

  it.each(["", "bad", "13/45/2025", "2019-3-7"])("text that is not a date (%j) is given back as it is", (text) => {
    expect(patientDate(text, "en")).toBe(text);
    expect(patientDate(text, "es")).toBe(text);
    expect(isoDay(text)).toBe("");
  });

  it("an invalid Date writes nothing (never 'Invalid Date' on a Spanish page)", () => {
    expect(patientDate(new Date(Number.NaN), "es")).toBe("");
  });

  it("the machine-readable day beside the words is YYYY-MM-DD", () => {
    expect(isoDay("12/04/1961")).toBe("1961-12-04");
    expect(isoDay("2026-01-05T23:30:00Z")).toBe("2026-01-05");
    expect(isoDay(new Date(Date.UTC(2025, 2, 10, 12)))).toBe("2025-03-10");
  });

  it("no written date is only digits and slashes, in either language", () => {
    for (const lang of ["en", "es"]) expect(patientDate("03/07/2019", lang)).not.toMatch(/^[\d/]+$/);
  });
});
