import { describe, expect, it } from "vitest";
import { endOf, parseRegistryDate, readRegistryDate } from "./registry-dates";

// Requirement DSH-014.
describe("registry dates", () => {
  it.each([
    ["01/02/2026", "2026-01-02T00:00:00.000Z", true],
    ["1/2/2026", "2026-01-02T00:00:00.000Z", true],
    ["01/02/2026 14:05", "2026-01-02T14:05:00.000Z", false],
    ["01/02/2026 14:05:09", "2026-01-02T14:05:09.000Z", false],
    ["2026-01-02", "2026-01-02T00:00:00.000Z", true],
    ["2026-01-02T10:30:00Z", "2026-01-02T10:30:00.000Z", false],
    ["2026-01-02T10:30:00.123Z", "2026-01-02T10:30:00.123Z", false],
    ["2026-01-02T10:30:00", "2026-01-02T10:30:00.000Z", false],
    ["2026-01-02 10:30", "2026-01-02T10:30:00.000Z", false],
    ["2026-01-02T10:30:00+02:00", "2026-01-02T08:30:00.000Z", false],
    ["2026-01-02T10:30:00-0500", "2026-01-02T15:30:00.000Z", false],
    ["  01/02/2026  ", "2026-01-02T00:00:00.000Z", true],
  ] as const)("%j -> %s", (text, iso, dateOnly) => {
    expect(readRegistryDate(text)).toEqual({ at: new Date(iso), dateOnly });
  });

  it.each([
    [""],
    ["   "],
    [null],
    [undefined],
    ["02/30/2026"],
    ["13/01/2026"],
    ["2026-02-30"],
    ["00/10/2026"],
    ["01/02/2026 25:00"],
    ["yesterday"],
    ["2026-01-02T10:61:00Z"],
    ["2026/01/02"],
  ])("%j is no valid date", (text) => {
    expect(readRegistryDate(text)).toBeNull();
    expect(parseRegistryDate(text)).toBeNull();
  });

  it("a date without a time lasts until the end of its day; a time is an instant", () => {
    expect(new Date(endOf(readRegistryDate("01/02/2026")!)).toISOString()).toBe("2026-01-02T23:59:59.999Z");
    expect(new Date(endOf(readRegistryDate("01/02/2026 08:00")!)).toISOString()).toBe("2026-01-02T08:00:00.000Z");
  });
});
