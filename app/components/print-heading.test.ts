import { describe, expect, it } from "vitest";
import { printHeadingOf } from "./print-heading";

describe("the top of a printed page (SCR-024, MHX-009; docs/decisions/111)", () => {
  const now = new Date("2026-11-26T23:30:00Z");
  it("names the patient by first and last name, and the day printed (UTC)", () => {
    expect(printHeadingOf({ firstName: " Rosa ", lastName: "Martínez" }, "Rosa", now)).toEqual({ name: "Rosa Martínez", date: "2026-11-26" });
  });
  it("falls back to the first name the session holds when the registry could not say", () => {
    expect(printHeadingOf(null, "Rosa", now)).toEqual({ name: "Rosa", date: "2026-11-26" });
    expect(printHeadingOf({ firstName: "", lastName: "" }, "Rosa", now).name).toBe("Rosa");
  });
});
