import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { z } from "zod";
import { listCentersCommand, importCentersCommand, seedCentersCommand } from "../cli-centers";
import { envelope, RegistryMessage } from "../contract/envelope";
import { transplantCenter } from "../contract/screening";
import { listCenterRecords, upsertCenters, type CenterRecord } from "../data/centers";
import { demoCenters, seedDemoCenters } from "../data/demo-centers";
import { testDatabases } from "../db/test-databases";
import { distanceInMiles, roundMiles } from "../domain/distance";
import { lookupZip } from "../domain/zip-data";
import { START, useRegistry } from "../testing/harness";

const centersAnswer = envelope(z.array(transplantCenter));

/** What a fixture center takes part in and its numbers, unless a center says otherwise. */
const PROGRAMS = {
  isKidneyForLifeParticipant: true,
  isMicrositeCenterOfExcellence: false,
  isMicrositeParticipant: false,
  isMemberCenter: true,
  isRecipientShieldParticipant: true,
  performsNonSteroidProtocol: false,
  hasVoucherProgram: true,
  lowEpletTransplantsLast12Months: 5,
  nkrTransplantsLast12Months: 20,
  yearRangeLdNkrFacilitated: 6,
  allLivingDonorTransplantsPriorYear: 60,
  nkrPercentLdTransplants: 10,
} satisfies Partial<CenterRecord>;

/** A center at a real ZIP code's centroid. */
function center(centerId: number, centerName: string, zip: string, overrides: Partial<CenterRecord> = {}): CenterRecord {
  const z = lookupZip(zip);
  if (!z) throw new Error(`unknown ZIP ${zip}`);
  return {
    centerId,
    centerName,
    city: z.city,
    stateAbbr: z.state,
    postalCode: zip,
    latitude: z.latitude,
    longitude: z.longitude,
    ...PROGRAMS,
    yearRangeLastDate: "2024-12-31",
    isDemo: false,
    ...overrides,
  };
}

const PATIENT_ZIP = "62701"; // Springfield, IL
const origin = lookupZip(PATIENT_ZIP)!;
const miles = (zip: string) => roundMiles(distanceInMiles(origin, lookupZip(zip)!));

/** Member centers near and far from Springfield, IL, and a non-member next door. */
const FIXTURE = [
  center(1, "Chicago Lakes Kidney Center", "60601"), // 179 miles
  center(2, "Capitol Kidney Center", "62702"), // a few miles
  center(3, "Next Door Non-Member Center", "62704", { isMemberCenter: false, isKidneyForLifeParticipant: false }),
  center(4, "Atlantic Kidney Center", "02115"), // about 900 miles
  center(5, "Pacific Island Kidney Center", "96813", { lowEpletTransplantsLast12Months: null, allLivingDonorTransplantsPriorYear: null }),
];

describe.each(testDatabases())("transplant centers on $name", (target) => {
  const t = useRegistry(target);
  const tmp = mkdtempSync(path.join(os.tmpdir(), "centers-test-"));
  afterAll(() => rmSync(tmp, { recursive: true, force: true }));

  it("GET /api/pass/centers: every center, member or not, by name, without distances", async () => {
    const p = await t.register(1);
    expect(await seedDemoCenters(t.db, { now: START })).toBe(demoCenters().length);
    const a = await t.call("GET", "/api/pass/centers", { token: p.token });
    expect(a.status).toBe(200);
    const list = centersAnswer.parse(a.body).results!;
    expect(a.body.message).toBeNull();
    expect(list).toHaveLength(demoCenters().length);
    const names = list.map((c) => c.centerName);
    expect(names).toEqual([...names].sort((x, y) => x.localeCompare(y, "en", { sensitivity: "base" })));
    expect(list.every((c) => c.distanceInMiles === null)).toBe(true);
    expect(list.some((c) => c.isMemberCenter) && list.some((c) => !c.isMemberCenter)).toBe(true);
    const granite = list.find((c) => c.centerId === 900001)!;
    expect(granite).toEqual({ ...granite, centerName: "Granite Harbor Kidney Institute", stateAbbr: "MA", yearRangeLastDate: "12/31/2024" });
  });

  it("GET /api/pass/centers/{postalCode}/0/{distance}: member centers within the distance, nearest first, every field (CEN-013)", async () => {
    const p = await t.register(1);
    await upsertCenters(t.db, FIXTURE, START);
    const get = async (distance: string) => {
      const a = await t.call("GET", `/api/pass/centers/${PATIENT_ZIP}/0/${distance}`, { token: p.token });
      expect(a.status, distance).toBe(200);
      return centersAnswer.parse(a.body).results!;
    };

    const within300 = await get("300");
    expect(within300.map((c) => [c.centerId, c.distanceInMiles])).toEqual([
      [2, miles("62702")],
      [1, 179],
    ]);
    expect(within300[1]).toEqual({
      centerId: 1,
      centerName: "Chicago Lakes Kidney Center",
      stateAbbr: "IL",
      distanceInMiles: 179,
      ...PROGRAMS,
      yearRangeLastDate: "12/31/2024",
    });
    // The Chicago center (179 miles) is in at 300 and out at 100; the non-member next door never shows.
    expect((await get("100")).map((c) => c.centerId)).toEqual([2]);
    expect(miles("02115")).toBeGreaterThan(300);
    expect(miles("02115")).toBeLessThan(1000);
    expect((await get("1000")).map((c) => c.centerId)).toEqual([2, 1, 4]);
    const any = await get("0");
    expect(any.map((c) => c.centerId)).toEqual([2, 1, 4, 5]);
    expect(any[3]).toMatchObject({
      distanceInMiles: miles("96813"),
      lowEpletTransplantsLast12Months: null,
      allLivingDonorTransplantsPriorYear: null,
    });
    // ZIP+4 is the same ZIP.
    const plus4 = await t.call("GET", `/api/pass/centers/${PATIENT_ZIP}-1234/0/300`, { token: p.token });
    expect(plus4.body.results.map((c: { centerId: number }) => c.centerId)).toEqual([2, 1]);
  });

  it("answers every member center with a null distance for a postal code with no known location", async () => {
    const p = await t.register(1);
    await upsertCenters(t.db, FIXTURE, START);
    for (const postalCode of ["00000", "ABC", "K1A%200B1", "6270"]) {
      for (const distance of ["100", "0"]) {
        const a = await t.call("GET", `/api/pass/centers/${postalCode}/0/${distance}`, { token: p.token });
        expect(a.status, postalCode).toBe(200);
        expect(
          a.body.results.map((c: { centerId: number; distanceInMiles: null }) => [c.centerId, c.distanceInMiles]),
          postalCode,
        ).toEqual([
          [4, null],
          [2, null],
          [1, null],
          [5, null],
        ]);
      }
    }
  });

  it("refuses a distance other than 100, 300, 1000 or 0 (400), and needs a valid token (401)", async () => {
    const p = await t.register(1);
    for (const distance of ["50", "abc", "300.0", "-100", "3000"]) {
      const a = await t.call("GET", `/api/pass/centers/${PATIENT_ZIP}/0/${distance}`, { token: p.token });
      expect(a.status, distance).toBe(400);
      expect(a.body).toEqual({ success: false, results: null, message: RegistryMessage.badRequest, errors: { distance: "validation.invalidValue" } });
    }
    expect((await t.call("GET", `/api/pass/centers/${PATIENT_ZIP}/1/300`, { token: p.token })).status).toBe(404);
    const post = await t.call("POST", "/api/pass/centers", { token: p.token });
    expect(post.status).toBe(405);
    expect(post.headers.get("allow")).toBe("GET");
    for (const path of ["/api/pass/centers", `/api/pass/centers/${PATIENT_ZIP}/0/300`]) {
      expect((await t.call("GET", path)).body.message).toBe(RegistryMessage.tokenNotFound);
      t.advance(31 * 60 * 1000);
      const expired = await t.call("GET", path, { token: p.token });
      expect(expired.status).toBe(401);
      expect(expired.body).toEqual({ success: false, results: null, message: RegistryMessage.tokenExpired });
      t.clock = new Date(START);
    }
  });

  it("filters thousands of centers exactly as a full scan would", async () => {
    const p = await t.register(1);
    // A deterministic scatter over the 48 states and beyond.
    let seed = 12345;
    const random = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
    const many: CenterRecord[] = Array.from({ length: 3000 }, (_, i) => ({
      ...center(10_000 + i, `Scatter ${String(i).padStart(4, "0")}`, "62701"),
      latitude: 18 + random() * 45,
      longitude: -160 + random() * 95,
      isMemberCenter: random() < 0.8,
    }));
    expect(await upsertCenters(t.db, many, START)).toBe(3000);
    for (const distance of [100, 300, 1000, 0]) {
      const a = await t.call("GET", `/api/pass/centers/${PATIENT_ZIP}/0/${distance}`, { token: p.token });
      const expected = many
        .filter((c) => c.isMemberCenter)
        .map((c) => ({ id: c.centerId, d: roundMiles(distanceInMiles(origin, c)) }))
        .filter((x) => distance === 0 || x.d <= distance)
        .sort((x, y) => x.d - y.d || x.id - y.id);
      expect(
        a.body.results.map((c: { centerId: number; distanceInMiles: number }) => ({ id: c.centerId, d: c.distanceInMiles })),
        String(distance),
      ).toEqual(expected);
    }
  });

  it("seeds the demo centers only into an empty table; seed-centers refreshes them without touching a real center", async () => {
    await upsertCenters(t.db, [center(900001, "A Real Center With That Id", "60601")], START);
    expect(await seedDemoCenters(t.db, { now: START })).toBe(0);
    const lines: string[] = [];
    await seedCentersCommand(t.db, (s) => lines.push(s));
    expect(lines).toEqual([
      `${demoCenters().length - 1} demo centers stored (invented data, marked is_demo); ${demoCenters().length} centers in all.\n`,
    ]);
    const rows = await listCenterRecords(t.db);
    expect(rows).toHaveLength(demoCenters().length);
    expect(rows.find((c) => c.centerId === 900001)).toMatchObject({ centerName: "A Real Center With That Id", isDemo: false });
    expect(rows.filter((c) => c.isDemo)).toHaveLength(demoCenters().length - 1);
  });

  it("import-centers: a good CSV and a good JSON are imported (upsert by centerId); a bad row is refused, naming it", async () => {
    const header =
      "centerId,centerName,stateAbbr,postalCode,isKidneyForLifeParticipant,isMicrositeCenterOfExcellence,isMicrositeParticipant," +
      "isMemberCenter,isRecipientShieldParticipant,performsNonSteroidProtocol,hasVoucherProgram,lowEpletTransplantsLast12Months," +
      "nkrTransplantsLast12Months,yearRangeLdNkrFacilitated,allLivingDonorTransplantsPriorYear,nkrPercentLdTransplants,yearRangeLastDate";
    const csv = path.join(tmp, "centers.csv");
    writeFileSync(
      csv,
      `${header}\n41,"Lake, River Center",IL,60601,yes,no,no,yes,no,no,no,,3,1,20,5,2024-12-31\n42,Capitol Center,IL,62702,no,no,no,no,no,no,no,,0,0,,0,2024-12-31\n`,
    );
    const out: string[] = [];
    const warn: string[] = [];
    await importCentersCommand(
      t.db,
      [csv],
      (s) => out.push(s),
      (s) => warn.push(s),
    );
    expect(out).toEqual([`2 centers imported from ${csv} (added or updated by centerId); 2 centers in all.\n`]);

    const json = path.join(tmp, "centers.json");
    writeFileSync(
      json,
      JSON.stringify([
        {
          ...Object.fromEntries(header.split(",").map((h) => [h, null])),
          centerId: 42,
          centerName: "Capitol Center Renamed",
          stateAbbr: "IL",
          postalCode: "62702",
          isKidneyForLifeParticipant: false,
          isMicrositeCenterOfExcellence: false,
          isMicrositeParticipant: false,
          isMemberCenter: true,
          isRecipientShieldParticipant: false,
          performsNonSteroidProtocol: true,
          hasVoucherProgram: false,
          nkrTransplantsLast12Months: 8,
          yearRangeLdNkrFacilitated: 2,
          nkrPercentLdTransplants: 0,
          yearRangeLastDate: "06/30/2025",
          region: "Midwest",
        },
      ]),
    );
    await importCentersCommand(
      t.db,
      [json],
      (s) => out.push(s),
      (s) => warn.push(s),
    );
    expect(out[1]).toBe(`1 centers imported from ${json} (added or updated by centerId); 2 centers in all.\n`);
    expect(warn).toEqual(['warning: property "region" is not a center field and is ignored\n']);
    expect(await listCenterRecords(t.db)).toEqual([
      expect.objectContaining({
        centerId: 41,
        centerName: "Lake, River Center",
        city: "Chicago",
        isMemberCenter: true,
        lowEpletTransplantsLast12Months: null,
        isDemo: false,
      }),
      expect.objectContaining({
        centerId: 42,
        centerName: "Capitol Center Renamed",
        isMemberCenter: true,
        performsNonSteroidProtocol: true,
        yearRangeLastDate: "2025-06-30",
      }),
    ]);

    const bad = path.join(tmp, "bad.csv");
    writeFileSync(
      bad,
      `${header}\n43,Good Row,IL,60601,yes,no,no,yes,no,no,no,,3,1,20,5,2024-12-31\n44,Bad Row,IL,60601,yes,no,no,yes,no,no,no,,three,1,20,5,2024-12-31\n`,
    );
    await expect(
      importCentersCommand(
        t.db,
        [bad],
        () => {},
        () => {},
      ),
    ).rejects.toThrow(`row 2 (line 3): nkrTransplantsLast12Months: "three" is not a whole number of 0 or more\n${bad}: nothing imported (1 problem)`);
    expect((await listCenterRecords(t.db)).map((c) => c.centerId)).toEqual([41, 42]);
    await expect(
      importCentersCommand(
        t.db,
        [path.join(tmp, "missing.csv")],
        () => {},
        () => {},
      ),
    ).rejects.toThrow(/cannot read .*missing\.csv: ENOENT/);

    const listed: string[] = [];
    await listCentersCommand(t.db, (s) => listed.push(s));
    expect(listed).toEqual([
      "41\tLake, River Center\tChicago, IL 60601\t(member)\n",
      "42\tCapitol Center Renamed\tSpringfield, IL 62702\t(member)\n",
      "2 centers (2 members, 0 invented demo centers)\n",
    ]);
  });
});

describe("demo centers (CEN-012)", () => {
  const centers = demoCenters();
  it("are about 80 invented centers at real ZIP codes of their city and state, in every region", () => {
    expect(centers.length).toBeGreaterThanOrEqual(75);
    expect(centers.length).toBeLessThanOrEqual(85);
    expect(new Set(centers.map((c) => c.centerId)).size).toBe(centers.length);
    expect(new Set(centers.map((c) => c.centerName)).size).toBe(centers.length);
    for (const c of centers) {
      const zip = lookupZip(c.postalCode)!;
      expect(zip.state, c.centerName).toBe(c.stateAbbr);
      expect(zip.city, c.centerName).toBe(c.city);
      expect(c.isDemo).toBe(true);
    }
    const states = new Set(centers.map((c) => c.stateAbbr));
    for (const regionState of ["MA", "NY", "PA", "GA", "FL", "TX", "IL", "MN", "CO", "AZ", "CA", "WA", "AK", "HI"])
      expect(states).toContain(regionState);
  });

  it("mix member and non-member centers, with every flag and statistic filled plausibly (some nulls), the same on every run", () => {
    expect(demoCenters()).toEqual(centers);
    const members = centers.filter((c) => c.isMemberCenter);
    expect(members.length).toBeGreaterThan(centers.length / 2);
    expect(members.length).toBeLessThan(centers.length);
    for (const flag of [
      "isKidneyForLifeParticipant",
      "isMicrositeCenterOfExcellence",
      "isMicrositeParticipant",
      "isRecipientShieldParticipant",
      "performsNonSteroidProtocol",
      "hasVoucherProgram",
    ] as const) {
      expect(
        centers.some((c) => c[flag]),
        flag,
      ).toBe(true);
      expect(
        centers.some((c) => !c[flag]),
        flag,
      ).toBe(true);
    }
    expect(centers.some((c) => c.lowEpletTransplantsLast12Months === null)).toBe(true);
    expect(centers.some((c) => c.allLivingDonorTransplantsPriorYear === null)).toBe(true);
    for (const c of centers) {
      if (c.isMicrositeCenterOfExcellence) expect(c.isMicrositeParticipant).toBe(true);
      if (!c.isMemberCenter)
        expect([c.isKidneyForLifeParticipant, c.isMicrositeParticipant, c.hasVoucherProgram, c.nkrTransplantsLast12Months]).toEqual([
          false,
          false,
          false,
          0,
        ]);
      if (c.allLivingDonorTransplantsPriorYear !== null) {
        expect(c.yearRangeLdNkrFacilitated).toBeLessThanOrEqual(c.allLivingDonorTransplantsPriorYear);
        expect(c.nkrPercentLdTransplants).toBe(Math.round((c.yearRangeLdNkrFacilitated / c.allLivingDonorTransplantsPriorYear) * 1000) / 10);
      }
      expect(c.nkrPercentLdTransplants).toBeGreaterThanOrEqual(0);
      expect(c.nkrPercentLdTransplants).toBeLessThanOrEqual(100);
    }
  });
});
