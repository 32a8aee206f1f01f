import { Reader, type Response } from "mmdb-lib";
import { describe, expect, it } from "vitest";
import { cityRecord, encodeValue, writeMmdb } from "./mmdb-writer";

/** The test-only MaxMind DB writer (docs/decisions/116): what it writes, the real reader (mmdb-lib) reads back. */

const SEVILLE = cityRecord({
  city: { en: "Seville", es: "Sevilla" },
  region: { en: "Andalusia", es: "Andalucía" },
  country: { en: "Spain", es: "España" },
  iso: "ES",
});
const DENVER = cityRecord({ city: { en: "Denver" }, region: { en: "Colorado" }, country: { en: "United States", es: "Estados Unidos" }, iso: "US" });

describe("mmdb writer", () => {
  it("an IPv6 tree: IPv4 networks under ::/96 and IPv6 networks found, their neighbours not, the metadata read", () => {
    const file = writeMmdb(
      [
        { network: "2.136.0.0/13", data: SEVILLE },
        { network: "8.8.8.0/24", data: DENVER },
        { network: "2a02:9000::/23", data: SEVILLE },
      ],
      { databaseType: "GeoLite2-City", languages: ["en", "es"], description: { en: "Test cities" } },
    );
    const reader = new Reader<Response>(file);
    expect(reader.metadata).toMatchObject({
      databaseType: "GeoLite2-City",
      ipVersion: 6,
      recordSize: 24,
      languages: ["en", "es"],
      description: { en: "Test cities" },
      binaryFormatMajorVersion: 2,
      binaryFormatMinorVersion: 0,
    });
    expect(reader.get("2.139.20.77")).toEqual(SEVILLE);
    // The prefix length counted from the IPv4 subtree, as mmdb-lib reports it for real files.
    expect(reader.getWithPrefixLength("2.136.0.1")).toEqual([SEVILLE, 13]);
    expect(reader.get("8.8.8.8")).toEqual(DENVER);
    expect(reader.get("2a02:9000::1")).toEqual(SEVILLE);
    expect(reader.get("2a02:9200::1")).toBeNull();
    expect(reader.get("2.144.0.1")).toBeNull();
    expect(reader.get("8.8.9.1")).toBeNull();
    expect(reader.get("1.1.1.1")).toBeNull();
  });

  it("an IPv4 tree, and the data types the metadata and records use", () => {
    const file = writeMmdb(
      [
        { network: "10.0.0.0/8", data: { n: 70_000, big: 2n ** 40n, on: true, off: false, ratio: -1.5, list: ["a", 3], long: "x".repeat(300) } },
        { network: "192.0.2.128/25", data: "last half" },
      ],
      { databaseType: "DBIP-Country-Lite", ipVersion: 4 },
    );
    const reader = new Reader<Response>(file);
    expect(reader.metadata).toMatchObject({ ipVersion: 4, databaseType: "DBIP-Country-Lite", nodeCount: expect.any(Number) });
    expect(reader.get("10.255.0.1")).toEqual({ n: 70_000, big: 2n ** 40n, on: true, off: false, ratio: -1.5, list: ["a", 3], long: "x".repeat(300) });
    expect(reader.get("192.0.2.200")).toBe("last half");
    expect(reader.get("192.0.2.1")).toBeNull();
    expect(reader.get("11.0.0.1")).toBeNull();
  });

  it("refuses a network inside one given before it, and one of the wrong family", () => {
    expect(() =>
      writeMmdb(
        [
          { network: "10.0.0.0/8", data: "a" },
          { network: "10.1.0.0/16", data: "b" },
        ],
        { databaseType: "x" },
      ),
    ).toThrow(/inside a network/);
    expect(() => writeMmdb([{ network: "2001:db8::/32", data: "a" }], { databaseType: "x", ipVersion: 4 })).toThrow(/not a network/);
  });

  it("sizes beyond 28 bytes take the size bytes of the format", () => {
    expect([...encodeValue("x".repeat(28)).subarray(0, 1)]).toEqual([(2 << 5) | 28]);
    expect([...encodeValue("x".repeat(29)).subarray(0, 2)]).toEqual([(2 << 5) | 29, 0]);
    expect([...encodeValue("x".repeat(300)).subarray(0, 3)]).toEqual([(2 << 5) | 30, 0, 15]);
  });
});
