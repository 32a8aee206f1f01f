import { execFileSync } from "node:child_process";
import { existsSync, mkdtempSync, truncateSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { cityRecord, writeMmdb } from "../testing/mmdb-writer";
import { MAX_GEOIP_BYTES, openPlaces, placesFrom } from "./places";

/** Places by address from an IP-geolocation database (docs/decisions/116). */

const SEVILLE = {
  city: { en: "Seville", es: "Sevilla" },
  region: { en: "Andalusia", es: "Andalucía" },
  country: { en: "Spain", es: "España" },
};

function cityFile(databaseType = "GeoLite2-City") {
  return writeMmdb(
    [
      { network: "2.136.0.0/13", data: cityRecord({ ...SEVILLE, iso: "ES" }) },
      // Private and documentation networks a careless file might carry: never named.
      { network: "10.0.0.0/8", data: cityRecord({ ...SEVILLE, iso: "ES" }) },
      { network: "203.0.113.0/24", data: cityRecord({ ...SEVILLE, iso: "ES" }) },
      // A country-level record, and names in languages the portal does not speak only.
      { network: "81.0.0.0/8", data: { country: { geoname_id: 2, iso_code: "FR", names: { en: "France", fr: "France", de: "Frankreich" } } } },
      { network: "82.0.0.0/8", data: { city: { geoname_id: 1, names: { ja: "東京" } } } },
      { network: "2a02:9000::/23", data: cityRecord({ ...SEVILLE, iso: "ES" }) },
      { network: "2001:db8::/32", data: cityRecord({ ...SEVILLE, iso: "ES" }) },
    ],
    { databaseType, languages: ["en", "es"] },
  );
}

describe("places", () => {
  it("names the city, region and country in English and Spanish, other languages left out", () => {
    const places = placesFrom(cityFile());
    expect(places.source).toBe("geolite2");
    expect(places.placeOf("2.139.20.77")).toEqual(SEVILLE);
    expect(places.placeOf("::ffff:2.139.20.77")).toEqual(SEVILLE);
    expect(places.placeOf("2a02:9000:1::5")).toEqual(SEVILLE);
    expect(places.placeOf("81.2.3.4")).toEqual({ country: { en: "France" } });
  });

  it("no place for an address not in the file, a private or reserved one, names in no portal language, or no address", () => {
    const places = placesFrom(cityFile());
    for (const address of [
      "1.1.1.1",
      "10.1.2.3",
      "203.0.113.57",
      "127.0.0.1",
      "::1",
      "fe80::1",
      "2001:db8::1",
      "82.1.1.1",
      "",
      null,
      "nonsense",
      "999.1.1.1",
    ]) {
      expect([address, places.placeOf(address)]).toEqual([address, null]);
    }
  });

  it("an IPv4-only file answers no place for an IPv6 address rather than a wrong one", () => {
    const v4 = placesFrom(writeMmdb([{ network: "0.0.0.0/1", data: cityRecord({ ...SEVILLE }) }], { databaseType: "DBIP-City-Lite", ipVersion: 4 }));
    expect(v4.source).toBe("db-ip");
    expect(v4.placeOf("2.139.20.77")).toEqual(SEVILLE);
    expect(v4.placeOf("2a02:9000::1")).toBeNull();
  });

  it("knows DB-IP's files from their metadata, and others as other", () => {
    expect(placesFrom(cityFile("DBIP-City-Lite")).source).toBe("db-ip");
    expect(placesFrom(cityFile("GeoIP2-City")).source).toBe("other");
  });

  it("a missing or broken file: one log line, no places, no throw", () => {
    const dir = mkdtempSync(path.join(tmpdir(), "places-"));
    const broken = path.join(dir, "broken.mmdb");
    writeFileSync(broken, "not a MaxMind DB at all");
    const good = path.join(dir, "good.mmdb");
    writeFileSync(good, cityFile());
    const logs: Array<Record<string, unknown>> = [];
    expect(openPlaces(undefined, (e) => logs.push(e))).toBeUndefined();
    expect(logs).toEqual([]);
    expect(openPlaces(path.join(dir, "missing.mmdb"), (e) => logs.push(e))).toBeUndefined();
    expect(openPlaces(broken, (e) => logs.push(e))).toBeUndefined();
    expect(openPlaces(dir, (e) => logs.push(e))).toBeUndefined();
    expect(logs.map((l) => [l.level, l.event, l.code])).toEqual([
      ["error", "registry.geoip.unreadable", "ENOENT"],
      ["error", "registry.geoip.unreadable", undefined],
      ["error", "registry.geoip.unreadable", "EISDIR"],
    ]);
    expect(openPlaces(good, (e) => logs.push(e))?.placeOf("2.136.0.1")).toEqual(SEVILLE);
    expect(logs.at(-1)).toMatchObject({ level: "info", event: "registry.geoip", source: "geolite2" });
  });

  it("a FIFO, a character device or an oversized file: refused at once with one line, nothing read (131)", () => {
    const dir = mkdtempSync(path.join(tmpdir(), "places-"));
    const fifo = path.join(dir, "pipe.mmdb");
    execFileSync("mkfifo", [fifo]);
    const huge = path.join(dir, "huge.mmdb");
    writeFileSync(huge, "");
    // Sparse: no disk used, but the size a reader would try to hold in memory.
    truncateSync(huge, MAX_GEOIP_BYTES + 1);
    const logs: Array<Record<string, unknown>> = [];
    const started = Date.now();
    // Before 131 the FIFO waited for a writer forever, and /dev/zero was read until memory ran out.
    expect(openPlaces(fifo, (e) => logs.push(e))).toBeUndefined();
    if (existsSync("/dev/zero")) expect(openPlaces("/dev/zero", (e) => logs.push(e))).toBeUndefined();
    expect(openPlaces(huge, (e) => logs.push(e))).toBeUndefined();
    expect(Date.now() - started).toBeLessThan(2_000);
    expect(logs.map((l) => [l.level, l.event, l.problem])).toEqual([
      ["error", "registry.geoip.unreadable", "a FIFO (named pipe), not a regular file"],
      ...(existsSync("/dev/zero") ? [["error", "registry.geoip.unreadable", "a character device, not a regular file"]] : []),
      ["error", "registry.geoip.unreadable", `${MAX_GEOIP_BYTES + 1} bytes, over the ${MAX_GEOIP_BYTES} a MaxMind DB file may have here`],
    ]);
  }, 10_000);
});
