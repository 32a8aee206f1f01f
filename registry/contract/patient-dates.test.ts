import { describe, expect, it } from "vitest";
import { isoDay, numericDate, patientDate } from "./patient-dates";

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

  it.each([
    ["en", "en-US"],
    ["es", "es-US"],
  ])("every month and day in %s reads as Intl (CLDR) writes it in %s", (lang, locale) => {
    const intl = new Intl.DateTimeFormat(locale, { year: "numeric", month: "long", day: "numeric", timeZone: "UTC" });
    for (const year of [1, 999, 1900, 1961, 2000, 2024, 2026, 9999])
      for (let month = 0; month < 12; month++)
        for (const day of [1, 9, 10, 28]) {
          const at = new Date(0);
          at.setUTCFullYear(year, month, day);
          expect(patientDate(at, lang)).toBe(intl.format(at));
        }
  });

  it("no written date is only digits and slashes, in either language", () => {
    for (const lang of ["en", "es"]) expect(patientDate("03/07/2019", lang)).not.toMatch(/^[\d/]+$/);
  });
});

// Requirements DSH-014 and CEN-002: the referral dates and the prior-year window as the specification writes them.
describe("dates in the specification's numeric form (docs/decisions/129)", () => {
  it.each([
    ["2026-11-28", "en", "11/28/2026"],
    ["2026-11-28", "es", "28/11/2026"],
    ["11/28/2026", "en", "11/28/2026"],
    ["11/28/2026", "es", "28/11/2026"],
    ["2024-01-01", "en", "01/01/2024"],
    ["2024-12-31", "es", "31/12/2024"],
    ["2026-01-05T23:30:00Z", "en", "01/05/2026"],
    ["2026-01-05T23:30:00Z", "es", "05/01/2026"],
    // Any other language reads English.
    ["2026-11-28", "fr", "11/28/2026"],
  ])("%s in %s reads %s", (text, lang, expected) => {
    expect(numericDate(text, lang)).toBe(expected);
  });

  it("a Date is its UTC day, whatever the server's time zone", () => {
    const late = new Date(Date.UTC(2025, 2, 10, 23, 59));
    expect(numericDate(late, "en")).toBe("03/10/2025");
    expect(numericDate(late, "es")).toBe("10/03/2025");
  });

  it.each(["", "bad", "13/45/2025"])("text that is not a date (%j) is given back as it is", (text) => {
    expect(numericDate(text, "en")).toBe(text);
    expect(numericDate(text, "es")).toBe(text);
  });

  it("an invalid Date writes nothing", () => {
    expect(numericDate(new Date(Number.NaN), "es")).toBe("");
  });
});
