import { describe, expect, it } from "vitest";
import { lookupZip, zip5Of, zipLocation } from "./zip-data";

// Requirement ACC-008, CEN-005: the bundled ZIP data (docs/decisions/065).
describe("bundled ZIP data", () => {
  it("knows a ZIP of the maintained data that the older package lacks", () => {
    expect(lookupZip("11437")).toMatchObject({ zip: "11437", city: "Jamaica", state: "NY" });
  });

  it("still knows the territories and the military codes, from the older package", () => {
    expect(lookupZip("00921")).toMatchObject({ zip: "00921", city: "San Juan", state: "PR" });
    expect(lookupZip("96799")).toMatchObject({ zip: "96799", state: "AS" });
    expect(lookupZip("09001")).toMatchObject({ zip: "09001", state: "AE" });
  });

  it("reads ZIP+4 forms, refuses what is not a ZIP, and answers null for an unknown one", () => {
    expect(zip5Of(" 10118-0110 ")).toBe("10118");
    expect(zip5Of("101180110")).toBe("10118");
    expect(zip5Of("1011")).toBeNull();
    expect(lookupZip("10118-0110")).toMatchObject({ zip: "10118", state: "NY" });
    expect(lookupZip("00000")).toBeNull();
    expect(zipLocation("62701")).toEqual({ latitude: 39.8, longitude: -89.6495 });
    expect(zipLocation("abcde")).toBeNull();
  });
});
