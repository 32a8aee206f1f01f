import { describe, expect, it } from "vitest";
import { checkAddress, sameAddress, sameCity, type CheckedAddress } from "./address-check";
import { lookupZip, zip5Of, zipLocation } from "./zip-data";

const IL = 14;
const CA = 5;
const address = (o: Partial<Parameters<typeof checkAddress>[0]> = {}) => ({
  addressLine1: "12 Main Street",
  addressLine2: "Apt 3",
  city: "Springfield",
  usState: IL,
  postalCode: "62701",
  country: 1,
  ...o,
});

describe("bundled ZIP data", () => {
  it("knows a ZIP's city, state and centroid", () => {
    expect(lookupZip("62701")).toEqual({ zip: "62701", city: "Springfield", state: "IL", latitude: 39.8, longitude: -89.6495 });
    expect(lookupZip(" 62701-1234 ")?.zip).toBe("62701");
    expect(zipLocation("90210")).toEqual({ latitude: 34.0901, longitude: -118.4065 });
  });

  it("answers null for unknown or malformed codes (never a Canadian prefix match)", () => {
    expect(lookupZip("00000")).toBeNull();
    expect(lookupZip("K1A 0B1")).toBeNull();
    expect(lookupZip("6270")).toBeNull();
    expect(zipLocation("")).toBeNull();
    expect(zip5Of("627011234")).toBe("62701");
    expect(zip5Of("62701-12")).toBeNull();
  });
});

describe("checkAddress (ACC-008)", () => {
  it("accepts a ZIP of the chosen state naming its city, in any case", () => {
    expect(checkAddress(address())).toEqual({ ok: true });
    expect(checkAddress(address({ city: "  SPRINGFIELD " }))).toEqual({ ok: true });
    expect(checkAddress(address({ city: "St. Louis", usState: 26, postalCode: "63101" }))).toEqual({ ok: true });
  });

  it("recommends the ZIP's city when the city differs", () => {
    expect(checkAddress(address({ city: "Chicago" }))).toEqual({
      ok: false,
      recommended: { address1: "12 Main Street", address2: "Apt 3", city: "Springfield", state: "IL", zip5: "62701" },
    });
  });

  it("recommends the ZIP's state when the ZIP belongs to another state", () => {
    expect(checkAddress(address({ usState: CA }))).toEqual({
      ok: false,
      recommended: { address1: "12 Main Street", address2: "Apt 3", city: "Springfield", state: "IL", zip5: "62701" },
    });
  });

  it("recommends nothing when no ZIP matches", () => {
    expect(checkAddress(address({ postalCode: "00000" }))).toEqual({ ok: false, recommended: null });
    expect(checkAddress(address({ postalCode: "ABCDE" }))).toEqual({ ok: false, recommended: null });
    expect(checkAddress(address({ postalCode: "96799", city: "Pago Pago" }))).toEqual({ ok: false, recommended: null });
  });

  it("does not check addresses outside the United States", () => {
    expect(checkAddress(address({ country: 0, usState: 0, postalCode: "K1A 0B1", city: "Ottawa" }))).toEqual({ ok: true });
  });

  it("compares cities ignoring case, accents, punctuation and St/Ft/Mt", () => {
    expect(sameCity("Fort Myers", "ft. myers")).toBe(true);
    expect(sameCity("Mayagüez", "MAYAGUEZ")).toBe(true);
    expect(sameCity("Springfield", "Springfeld")).toBe(false);
  });
});

describe("sameAddress (docs/decisions/048)", () => {
  const kept: CheckedAddress = {
    addressLine1: "12 Main Street",
    addressLine2: "Apt 3",
    city: "Chicago",
    usState: 14,
    postalCode: "62701",
    country: 1,
  };
  it.each([
    ["the same", {}, true],
    ["case and spaces", { addressLine1: " 12  main street ", city: "CHICAGO" }, true],
    ["another line 1", { addressLine1: "14 Main Street" }, false],
    ["another line 2", { addressLine2: "" }, false],
    ["another city", { city: "Springfield" }, false],
    ["another state", { usState: 13 }, false],
    ["another postal code", { postalCode: "62702" }, false],
    ["another country", { country: 0 }, false],
  ] as const)("%s", (_n, change, expected) => {
    expect(sameAddress(kept, { ...kept, ...change })).toBe(expected);
  });
});
