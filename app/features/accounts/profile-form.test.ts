import { describe, expect, it } from "vitest";
import { checkProfileForm, profileDefaults, type ProfileField } from "./profile-form";

const values: Record<ProfileField, string> = {
  firstName: " Rosa ",
  middleInitial: "",
  lastName: "Martinez",
  preferredName: "Rosa",
  birthDate: "1961-04-12",
  email: "ignored@example.org",
  phoneNumber: "(212) 555-0100",
  addressLine1: "350 Fifth Avenue",
  addressLine2: "",
  city: "New York",
  usState: "33",
  province: "Ontario",
  postalCode: "10118",
  country: "1",
  preferredLanguage: "2",
  gender: "2",
};

describe("profile form (ACC-029)", () => {
  it("sends the personal and address fields only, numbers as numbers, the other region dropped", () => {
    const { payload, errors } = checkProfileForm(values, new Date("2026-01-01T00:00:00Z"));
    expect(errors).toEqual({});
    expect(payload).toEqual({
      firstName: "Rosa",
      middleInitial: "",
      lastName: "Martinez",
      preferredName: "Rosa",
      birthDate: "1961-04-12",
      addressLine1: "350 Fifth Avenue",
      addressLine2: "",
      city: "New York",
      usState: 33,
      province: "",
      postalCode: "10118",
      preferredLanguage: 2,
      gender: 2,
      country: 1,
    });
    expect(payload).not.toHaveProperty("email");
  });
  it("uses the registration messages", () => {
    const { errors } = checkProfileForm({ ...values, firstName: "", city: "", usState: "0", gender: "0" });
    expect(errors).toEqual({
      firstName: "validation.firstNameRequired",
      city: "validation.cityRequired",
      usState: "validation.usStateRequired",
      gender: "validation.genderRequired",
    });
  });
  it("a province is required for Other", () => {
    expect(checkProfileForm({ ...values, country: "0", province: "" }).errors).toEqual({ province: "validation.provinceRequired" });
  });
  it("fills the form from the record with a formatted US phone", () => {
    const d = profileDefaults({
      id: 1,
      firstName: "Rosa",
      middleInitial: "",
      lastName: "M",
      birthDate: "1961-04-12",
      preferredName: "Rosa",
      preferredLanguage: 1,
      gender: 2,
      addressIsUs: true,
      addressLine1: "1 Main",
      addressLine2: "",
      city: "NYC",
      usState: 33,
      province: "",
      postalCode: "10118",
      country: 1,
      email: "r@e.org",
      phoneNumber: "2125550100",
      phoneNumberSecondary: "",
      agreedToHipaa: true,
      isOptedOut: false,
      entryreferrer: "",
      ifRegistration: null,
    });
    expect(d.phoneNumber).toBe("(212) 555-0100");
    expect(d.usState).toBe("33");
  });
});
