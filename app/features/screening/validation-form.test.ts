import { describe, expect, it } from "vitest";
import { VALIDATION_FIELDS, validationDefaults, validationPayload } from "./validation-form";

const record = {
  firstName: "Rosa",
  middleInitial: "",
  lastName: "Martinez",
  preferredName: "Rosa",
  birthDate: "1961-04-12",
  gender: 2,
  preferredLanguage: 0,
  phoneNumberSecondary: "2125550123",
  country: 1,
} as unknown as Parameters<typeof validationDefaults>[0];

describe("Verify Info form", () => {
  it("fills every field from the record: numbers as text, 0 as not chosen, a US phone formatted", () => {
    const d = validationDefaults(record);
    expect(Object.keys(d).sort()).toEqual([...VALIDATION_FIELDS].sort());
    expect(d.gender).toBe("2");
    expect(d.preferredLanguage).toBe("");
    expect(d.phoneNumberSecondary).toBe("(212) 555-0123");
  });
  it("posts trimmed texts and integers (0 when not chosen), never email or the primary phone", () => {
    const body = validationPayload({ firstName: " Ana ", gender: "1", preferredLanguage: "x", email: "a@b.c", phoneNumber: "1" });
    expect(body).toMatchObject({ firstName: "Ana", gender: 1, preferredLanguage: 0, lastName: "" });
    expect(body).not.toHaveProperty("email");
    expect(body).not.toHaveProperty("phoneNumber");
  });
});
