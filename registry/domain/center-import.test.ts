import { describe, expect, it } from "vitest";
import { parseCentersCsv, parseCentersFile, parseCentersJson, parseCsv } from "./center-import";

const HEADER =
  "centerId,centerName,city,stateAbbr,postalCode,isKidneyForLifeParticipant,isMicrositeCenterOfExcellence,isMicrositeParticipant," +
  "isMemberCenter,isRecipientShieldParticipant,performsNonSteroidProtocol,hasVoucherProgram,lowEpletTransplantsLast12Months," +
  "nkrTransplantsLast12Months,yearRangeLdNkrFacilitated,allLivingDonorTransplantsPriorYear,nkrPercentLdTransplants,yearRangeLastDate";

const jsonRow = (overrides: Record<string, unknown> = {}) => ({
  centerId: 10,
  centerName: "Test Center",
  stateAbbr: "IL",
  postalCode: "60601",
  isKidneyForLifeParticipant: true,
  isMicrositeCenterOfExcellence: false,
  isMicrositeParticipant: false,
  isMemberCenter: true,
  isRecipientShieldParticipant: false,
  performsNonSteroidProtocol: false,
  hasVoucherProgram: true,
  lowEpletTransplantsLast12Months: null,
  nkrTransplantsLast12Months: 12,
  yearRangeLdNkrFacilitated: 4,
  allLivingDonorTransplantsPriorYear: 40,
  nkrPercentLdTransplants: 10,
  yearRangeLastDate: "2024-12-31",
  ...overrides,
});

describe("parseCsv", () => {
  it("reads quoted fields with commas, quotes and line breaks, and keeps each record's line", () => {
    const text = '\uFEFFa,b,c\r\n1,"x, ""y""",3\n\n2,"multi\nline",\n';
    expect(parseCsv(text)).toEqual([
      { fields: ["a", "b", "c"], line: 1 },
      { fields: ["1", 'x, "y"', "3"], line: 2 },
      { fields: ["2", "multi\nline", ""], line: 4 },
    ]);
  });
  it("refuses an unclosed quote", () => {
    expect(() => parseCsv('a\n"open')).toThrow(/line 2/);
  });
});

describe("import-centers files (CEN-012)", () => {
  it("reads a good CSV: ZIP centroid and city filled in, flags and counts typed, empty counts null", () => {
    const csv = [
      HEADER,
      '1,"Prairie Kidney Center, North",,IL,62701,yes,N,0,TRUE,false,1,Y,,25,7,,12.5%,12/31/2024',
      "2,Lakeside Transplant,Chicago,il,60601-1234,no,no,no,no,no,no,no,3,0,0,80,0,2024-06-30",
    ].join("\n");
    const r = parseCentersCsv(csv);
    expect(r.errors).toEqual([]);
    expect(r.centers).toEqual([
      {
        centerId: 1,
        centerName: "Prairie Kidney Center, North",
        city: "Springfield",
        stateAbbr: "IL",
        postalCode: "62701",
        latitude: 39.8,
        longitude: -89.6495,
        isKidneyForLifeParticipant: true,
        isMicrositeCenterOfExcellence: false,
        isMicrositeParticipant: false,
        isMemberCenter: true,
        isRecipientShieldParticipant: false,
        performsNonSteroidProtocol: true,
        hasVoucherProgram: true,
        lowEpletTransplantsLast12Months: null,
        nkrTransplantsLast12Months: 25,
        yearRangeLdNkrFacilitated: 7,
        allLivingDonorTransplantsPriorYear: null,
        nkrPercentLdTransplants: 12.5,
        yearRangeLastDate: "2024-12-31",
        isDemo: false,
      },
      expect.objectContaining({
        centerId: 2,
        city: "Chicago",
        stateAbbr: "IL",
        postalCode: "60601",
        lowEpletTransplantsLast12Months: 3,
        isMemberCenter: false,
      }),
    ]);
  });

  it("reads good JSON (an array or { centers }), with explicit coordinates for an unknown ZIP", () => {
    const r = parseCentersJson(
      JSON.stringify([jsonRow(), jsonRow({ centerId: 11, postalCode: "00000", stateAbbr: "IL", latitude: 40.1, longitude: -88.2, extra: 1 })]),
    );
    expect(r.errors).toEqual([]);
    expect(r.centers.map((c) => [c.centerId, c.latitude, c.longitude])).toEqual([
      [10, 41.8858, -87.6181],
      [11, 40.1, -88.2],
    ]);
    expect(r.warnings).toEqual(['property "extra" is not a center field and is ignored']);
    expect(parseCentersJson(JSON.stringify({ centers: [jsonRow()] })).centers).toHaveLength(1);
    expect(parseCentersFile("list.JSON", JSON.stringify([jsonRow()])).centers).toHaveLength(1);
  });

  it("refuses a bad row, naming the row (and line) and the field, and imports nothing", () => {
    const csv = [
      HEADER,
      "1,Good Center,,IL,62701,yes,no,no,yes,no,no,no,,25,7,,12.5,2024-12-31",
      "2,Bad Center,,IL,62701,maybe,no,no,yes,no,no,no,-3,x,7,,150,2024-02-30",
    ].join("\n");
    const r = parseCentersCsv(csv);
    expect(r.centers).toEqual([]);
    expect(r.errors).toEqual([
      'row 2 (line 3): isKidneyForLifeParticipant: "maybe" is not true or false',
      'row 2 (line 3): lowEpletTransplantsLast12Months: "-3" is not a whole number of 0 or more',
      'row 2 (line 3): nkrTransplantsLast12Months: "x" is not a whole number of 0 or more',
      'row 2 (line 3): nkrPercentLdTransplants: "150" is not a percentage from 0 to 100',
      'row 2 (line 3): yearRangeLastDate: "2024-02-30" is not a date (YYYY-MM-DD or MM/DD/YYYY)',
    ]);
  });

  it.each([
    [{ centerId: 0 }, 'row 1: centerId: "0" is not a whole number above 0'],
    [{ centerName: "" }, "row 1: centerName is required"],
    [{ stateAbbr: "XX" }, 'row 1: stateAbbr: "XX" is not a US state abbreviation'],
    [{ stateAbbr: "CA" }, "row 1: postalCode 60601 is in IL, not CA"],
    [{ postalCode: "ABCDE" }, 'row 1: postalCode: "ABCDE" is not a US ZIP code'],
    [{ postalCode: "00000" }, "row 1: postalCode 00000 is not a known US ZIP code: give latitude and longitude"],
    [{ latitude: 41 }, "row 1: latitude and longitude go together: give both or neither"],
    [{ isMicrositeCenterOfExcellence: true }, "row 1: isMicrositeCenterOfExcellence needs isMicrositeParticipant"],
    [{ isMemberCenter: undefined }, "row 1: isMemberCenter is required"],
    [{ nkrTransplantsLast12Months: { n: 1 } }, 'row 1: nkrTransplantsLast12Months: "{"n":1}" is not a single value'],
  ])("refuses a JSON row with %j", (overrides, message) => {
    const r = parseCentersJson(JSON.stringify([jsonRow(overrides)]));
    expect(r.centers).toEqual([]);
    expect(r.errors).toEqual([message]);
  });

  it("refuses duplicate ids, missing header columns, empty lists and other file types", () => {
    expect(parseCentersJson(JSON.stringify([jsonRow(), jsonRow()])).errors).toEqual(["row 2: centerId 10 is already used by row 1"]);
    expect(parseCentersCsv("centerId,centerName\n1,A").errors).toEqual([
      "line 1: the header lacks the columns stateAbbr, postalCode, isKidneyForLifeParticipant, isMicrositeCenterOfExcellence, " +
        "isMicrositeParticipant, isMemberCenter, isRecipientShieldParticipant, performsNonSteroidProtocol, hasVoucherProgram, " +
        "lowEpletTransplantsLast12Months, nkrTransplantsLast12Months, yearRangeLdNkrFacilitated, allLivingDonorTransplantsPriorYear, " +
        "nkrPercentLdTransplants, yearRangeLastDate",
    ]);
    expect(parseCentersCsv(HEADER).errors).toEqual(["the file has no centers"]);
    expect(parseCentersCsv("").errors).toEqual(["the file is empty: it needs a header line and one row per center"]);
    expect(parseCentersJson("{").errors[0]).toMatch(/^the file is not valid JSON/);
    expect(parseCentersJson("{}").errors).toEqual(['the JSON must be an array of centers (or { "centers": [...] })']);
    expect(parseCentersFile("list.xlsx", "").errors).toEqual(["list.xlsx: the file must end in .csv or .json"]);
  });
});
