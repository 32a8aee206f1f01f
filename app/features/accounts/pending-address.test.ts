import { describe, expect, it } from "vitest";
import { addressChoice, isLive, pendingAddress, recommendedLines, submittedLines, withRecommended } from "./pending-address";

const values = {
  addressLine1: "350 Fifth Avenue",
  addressLine2: "",
  city: "Springfield",
  usState: "33",
  province: "",
  postalCode: "10119",
  country: "1",
};
const rec = { address1: "350 5TH AVE", address2: "STE 1", city: "NEW YORK", state: "NY", zip5: "10118" };

describe("pending address (Confirm Address dialog, ACC-007)", () => {
  it("lives 15 minutes", () => {
    const p = pendingAddress(values, rec, 1000);
    expect(isLive(p, 1000 + 15 * 60 * 1000 - 1)).toBe(true);
    expect(isLive(p, 1000 + 15 * 60 * 1000)).toBe(false);
    expect(isLive(undefined, 0)).toBe(false);
  });
  it("writes the recommended address into the form, the state by abbreviation or id", () => {
    expect(withRecommended(values, rec)).toMatchObject({
      addressLine1: "350 5TH AVE",
      addressLine2: "STE 1",
      city: "NEW YORK",
      usState: "33",
      postalCode: "10118",
    });
    expect(withRecommended(values, { ...rec, state: "5" }).usState).toBe("5");
  });
  it("shows states by their description", () => {
    expect(recommendedLines(rec)).toEqual({
      street: "350 5TH AVE, STE 1",
      city: "NEW YORK",
      state: "New York",
      stateKey: "usStates.NY",
      postalCode: "10118",
    });
    expect(recommendedLines({ ...rec, state: "33" }).state).toBe("New York");
    expect(submittedLines(values).state).toBe("New York");
    expect(submittedLines({ ...values, country: "0", province: "Ontario" }).state).toBe("Ontario");
    expect(submittedLines(values).stateKey).toBe("usStates.NY");
    expect(submittedLines({ ...values, country: "0", province: "Ontario" }).stateKey).toBeNull();
  });
  it("offers the recommendation, when the registry has one, beside the address as typed", () => {
    expect(addressChoice(pendingAddress(values, rec, 0))).toEqual({
      recommended: recommendedLines(rec),
      submitted: submittedLines(values),
      otherState: false,
    });
    expect(addressChoice(pendingAddress(values, null, 0))).toEqual({ recommended: null, submitted: submittedLines(values), otherState: false });
  });
  it("says when the recommendation, from the ZIP code alone, is in another state than the one chosen", () => {
    const california = { ...values, city: "Los Angeles", usState: "5" };
    expect(addressChoice(pendingAddress(california, rec, 0)).otherState).toBe(true);
    expect(addressChoice(pendingAddress({ ...values, usState: "0" }, rec, 0)).otherState).toBe(false);
  });
});
