import { describe, expect, it } from "vitest";
import { DISTANCE_FILTERS, DEFAULT_DISTANCE_FILTER } from "../../../registry/contract/screening";
import { PrimaryGoal, ReferralStatus, RegistrationStatus as RS } from "../../../registry/contract/enums";
import { aScreening } from "../../../registry/testing/screenings";
import type { SortableCenter } from "./center-sorting";
import { testCenter } from "./test-centers";
import {
  canChooseCenter,
  centerRow,
  columnHeadings,
  confirmationView,
  countText,
  DEFAULT_DISTANCE,
  DISTANCE_OPTIONS,
  distanceFromQuery,
  distanceText,
  distancesUnknown,
  milesText,
  selectsCurrentCenter,
  percentText,
  priorYearRange,
  queryString,
  readSelectCenterQuery,
  selectionGate,
  type SelectCenterQuery,
  type StoredCancelCenter,
} from "./select-center-view";

const now = new Date("2026-03-20T12:00:00Z");
const s = aScreening;
const center = (centerId: number, patch: Partial<SortableCenter> = {}): SortableCenter =>
  testCenter(centerId, {
    stateAbbr: "NY",
    distanceInMiles: 12.34,
    isKidneyForLifeParticipant: true,
    performsNonSteroidProtocol: true,
    nkrTransplantsLast12Months: 14,
    yearRangeLdNkrFacilitated: 0,
    nkrPercentLdTransplants: 37.25,
    ...patch,
  });
const q = (patch: Partial<SelectCenterQuery> = {}): SelectCenterQuery => ({
  distance: 300,
  sort: { column: "distance", direction: "asc" },
  select: null,
  ...patch,
});

describe("distance filter (CEN-001)", () => {
  it("offers the contract's filters, 300 by default", () => {
    expect([...DISTANCE_OPTIONS]).toEqual([...DISTANCE_FILTERS]);
    expect(DEFAULT_DISTANCE).toBe(DEFAULT_DISTANCE_FILTER);
  });
  it.each([
    ["100", 100],
    ["300", 300],
    ["1000", 1000],
    ["0", 0],
    [null, 300],
    ["", 300],
    ["200", 300],
    ["-100", 300],
    ["1e3", 300],
    ["1000.0", 300],
    ["00100", 300],
    ["any", 300],
  ] as const)("?distance=%j -> %i", (value, distance) => expect(distanceFromQuery(value)).toBe(distance));
});

describe("the page's query", () => {
  it.each([
    ["", { distance: 300, sort: { column: "distance", direction: "asc" }, select: null }],
    ["?distance=100&sort=name&dir=desc&select=7", { distance: 100, sort: { column: "name", direction: "desc" }, select: 7 }],
    ["?distance=5&sort=bogus&select=x", { distance: 300, sort: { column: "distance", direction: "asc" }, select: null }],
    ["?sort=&select=0", { distance: 300, sort: null, select: null }],
    ["?sort=nkrPercent", { distance: 300, sort: { column: "nkrPercent", direction: "desc" }, select: null }],
  ] as const)("%j", (search, expected) => {
    expect(readSelectCenterQuery(new URLSearchParams(search))).toEqual(expected);
  });

  it.each([
    [q(), "?distance=300"],
    [q({ distance: 0 }), "?distance=0"],
    [q({ sort: { column: "distance", direction: "desc" } }), "?distance=300&sort=distance&dir=desc"],
    [q({ sort: { column: "state", direction: "asc" }, select: 4 }), "?distance=300&sort=state&dir=asc&select=4"],
    [q({ sort: null }), "?distance=300&sort="],
  ] as const)("query string %#", (query, text) => {
    expect(queryString(query)).toBe(text);
    expect(readSelectCenterQuery(new URLSearchParams(text))).toEqual(query);
  });
});

describe("sortable headings (CEN-004)", () => {
  const heading = (query: SelectCenterQuery, column: string) => columnHeadings(query).find((h) => h.column === column)!;
  it("lists the table's columns in order", () => {
    expect(columnHeadings(q()).map((h) => h.column)).toEqual([
      "name",
      "state",
      "distance",
      "kidneyForLife",
      "lowEplet",
      "nkrLast12Months",
      "nkrPriorYear",
      "livingDonorPriorYear",
      "nkrPercent",
      "microsites",
      "nonSteroidal",
      "voucher",
      "recipientShield",
      "memberCenter",
    ]);
  });
  it.each([
    ["initial sort: distance is ascending, a click flips it", q(), "distance", "?distance=300&sort=distance&dir=desc", "ascending"],
    ["initial sort: a count column starts descending", q(), "lowEplet", "?distance=300&sort=lowEplet&dir=desc", undefined],
    ["initial sort: a text column starts ascending", q(), "name", "?distance=300&sort=name&dir=asc", undefined],
    ["flipped: the third click clears", q({ sort: { column: "name", direction: "desc" } }), "name", "?distance=300&sort=", "descending"],
    ["cleared: a click starts with the default", q({ sort: null }), "distance", "?distance=300", undefined],
    [
      "the distance filter is kept, the dialog dropped",
      q({ distance: 1000, select: 3 }),
      "voucher",
      "?distance=1000&sort=voucher&dir=asc",
      undefined,
    ],
  ] as const)("%s", (_n, query, column, href, ariaSort) => {
    expect(heading(query, column)).toEqual({ column, href, ariaSort });
  });
  it("aria-sort is only on the sorted column", () => {
    expect(columnHeadings(q({ sort: { column: "nkrPercent", direction: "asc" } })).filter((h) => h.ariaSort)).toEqual([
      { column: "nkrPercent", href: "?distance=300&sort=", ariaSort: "ascending" },
    ]);
    expect(columnHeadings(q({ sort: null })).filter((h) => h.ariaSort)).toEqual([]);
  });
});

describe("cells (CEN-002: check marks, '--', counts, percent)", () => {
  it.each([
    [null, "--"],
    [0, "0"],
    [17, "17"],
  ] as const)("count %j -> %s", (n, text) => expect(countText(n)).toBe(text));
  it.each([
    [null, "en", "--"],
    [0, "en", "0.0"],
    [12.34, "en", "12.3"],
    [299.96, "en", "300.0"],
    [1234.56, "en", "1,234.6"],
    [null, "es", "--"],
    [11, "es", "11,0"],
    [12.34, "es", "12,3"],
    [1234.56, "es", "1234,6"],
    [12345.6, "es", "12.345,6"],
  ] as const)("distance %j in %s -> %s", (n, lang, text) => expect(distanceText(n, lang)).toBe(text));
  // One way of writing miles on the page (the table, the notice, the filter's limits): Spanish separators in Spanish.
  it.each([
    [1000, "en", 0, "1,000"],
    [1000, "es", 0, "1000"],
    [300, "es", 0, "300"],
    [412.34, "es", 1, "412,3"],
    [412.34, "en", 1, "412.3"],
  ] as const)("miles %j in %s with %i decimals -> %s", (n, lang, decimals, text) => expect(milesText(n, lang, decimals)).toBe(text));
  it.each([
    ["no centers", [], false],
    ["every distance known", [{ distanceInMiles: 3.2 }, { distanceInMiles: 0 }], false],
    ["some unknown", [{ distanceInMiles: 3.2 }, { distanceInMiles: null }], false],
    ["every distance unknown (a postal code outside the US: CEN-005)", [{ distanceInMiles: null }, { distanceInMiles: null }], true],
  ] as const)("distances unknown: %s", (_n, centers, unknown) => expect(distancesUnknown(centers)).toBe(unknown));
  it.each([
    [null, "--"],
    [0, "0%"],
    [37.25, "37.3%"],
    [100, "100%"],
  ] as const)("percent %j -> %s", (n, text) => expect(percentText(n)).toBe(text));

  it("a row: texts, flags, the Select link, and the current center", () => {
    expect(centerRow(center(4), q({ sort: { column: "name", direction: "asc" } }), 0)).toEqual({
      centerId: 4,
      centerName: "Center 4",
      stateAbbr: "NY",
      distance: 12.34,
      kidneyForLife: true,
      lowEplet: "--",
      nkrLast12Months: "14",
      nkrPriorYear: "0",
      livingDonorPriorYear: "--",
      nkrPercent: "37.3%",
      microsites: false,
      nonSteroidal: true,
      voucher: false,
      recipientShield: false,
      memberCenter: true,
      isCurrent: false,
      selectHref: "?distance=300&sort=name&dir=asc&select=4",
    });
    expect(centerRow(center(4), q(), 4).isCurrent).toBe(true);
    expect(centerRow(center(4), q(), 5).isCurrent).toBe(false);
  });
});

describe("prior-year window (CEN-002)", () => {
  it.each([
    ["12/31/2025", { from: "2025-01-01", to: "2025-12-31" }],
    ["06/30/2025", { from: "2024-07-01", to: "2025-06-30" }],
    ["2025-06-30", { from: "2024-07-01", to: "2025-06-30" }],
    ["02/29/2024", { from: "2023-03-01", to: "2024-02-29" }],
    ["03/01/2024", { from: "2023-03-02", to: "2024-03-01" }],
    ["02/28/2025", { from: "2024-02-29", to: "2025-02-28" }],
    ["", null],
    [undefined, null],
    ["13/45/2025", null],
  ] as const)("%j -> %j", (end, range) => expect(priorYearRange(end)).toEqual(range));
});

describe("who may choose a center (DSH-015)", () => {
  it.each([
    ["select-center, cleared", s({}), true],
    ["lab step", s({ status: RS.CompleteLabTests, preferredCenterId: 3 }), true],
    ["sent to center", s({ status: RS.SentToCenter, preferredCenterId: 3 }), true],
    ["sent to center, not cleared", s({ status: RS.SentToCenter, isCleared: false }), true],
    ["select-center, not cleared", s({ isCleared: false }), false],
    ["lab step, not cleared", s({ status: RS.CompleteLabTests, isCleared: false }), false],
    ["screening", s({ status: RS.Screening }), false],
    ["immune-tolerance candidate", s({ status: RS.IfPassCandidate }), false],
    ["ruled out", s({ status: RS.RuledOut, isCleared: false }), false],
  ] as const)("%s -> %s", (_n, screening, ok) => expect(canChooseCenter(screening)).toBe(ok));
});

describe("selection gate (CEN-009)", () => {
  const ref = (centerId: number, dateReferred: string, statusId: number = ReferralStatus.PendingCenter) => ({
    centerId,
    centerName: `Center ${centerId}`,
    dateReferred,
    statusId,
    status: "",
  });
  const stored = (patch: Partial<StoredCancelCenter> = {}): StoredCancelCenter => ({
    screeningId: 9,
    reason: 4,
    other: "moving",
    expiresAt: now.getTime() + 60_000,
    ...patch,
  });
  const changing = s({
    status: RS.CompleteLabTests,
    preferredCenterId: 3,
    preferredCenter: "Center 3",
    centerReferrals: [ref(3, "03/10/2026")],
  });
  it.each([
    ["a first selection needs no reason", s({}), undefined, { kind: "ok", reason: null, other: null }],
    ["a first selection ignores a stored reason", s({}), stored(), { kind: "ok", reason: null, other: null }],
    ["cannot choose a center", s({ status: RS.Screening }), undefined, { kind: "unavailable" }],
    [
      "inside the 3-day wait -> the dashboard's warning",
      s({ status: RS.CompleteLabTests, preferredCenterId: 3, centerReferrals: [ref(3, "03/19/2026")] }),
      stored(),
      { kind: "changeCenterDialog", href: "/landing?change=9" },
    ],
    ["a change without a reason -> the dialog", changing, undefined, { kind: "changeCenterDialog", href: "/landing?change=9" }],
    [
      "a reason given for another screening -> the dialog",
      changing,
      stored({ screeningId: 8 }),
      { kind: "changeCenterDialog", href: "/landing?change=9" },
    ],
    ["an expired reason -> the dialog", changing, stored({ expiresAt: now.getTime() }), { kind: "changeCenterDialog", href: "/landing?change=9" }],
    ["a change with its reason", changing, stored(), { kind: "ok", reason: 4, other: "moving" }],
    [
      "sent to center without referrals, with a reason",
      s({ status: RS.SentToCenter, preferredCenterId: 3 }),
      stored({ reason: 1, other: "" }),
      { kind: "ok", reason: 1, other: "" },
    ],
  ] as const)("%s", (_n, screening, cancel, gate) => {
    expect(selectionGate(screening, cancel, now)).toEqual(gate);
  });
});

describe("Select Center Confirmation (CEN-006)", () => {
  const centers = [center(1), center(2, { isMicrositeParticipant: true, centerName: "Lakeside" })];
  it.each([
    ["nothing selected", s({}), null, null],
    ["a center not on the page", s({}), 99, null],
    ["the current center", s({ preferredCenterId: 1 }), 1, null],
    [
      "labs required (none uploaded)",
      s({}),
      2,
      {
        centerId: 2,
        centerName: "Lakeside",
        textKey: "selectCenter.confirm.labsText",
        buttonKey: "selectCenter.confirm.labsButton",
        micrositeWarning: false,
      },
    ],
    [
      "labs uploaded: are you sure you would like to transfer",
      s({ labsUploadedDateTime: "2026-03-01T10:00:00Z", preferredCenterId: 2 }),
      1,
      {
        centerId: 1,
        centerName: "Center 1",
        textKey: "selectCenter.confirm.transferText",
        buttonKey: "selectCenter.confirm.transferButton",
        micrositeWarning: false,
      },
    ],
    [
      "microsite goal, center outside the Microsite Program: warning",
      s({ primaryGoal: PrimaryGoal.TransferToMicrositeCenter }),
      1,
      {
        centerId: 1,
        centerName: "Center 1",
        textKey: "selectCenter.confirm.labsText",
        buttonKey: "selectCenter.confirm.labsButton",
        micrositeWarning: true,
      },
    ],
    [
      "microsite goal, microsite center: no warning",
      s({ primaryGoal: PrimaryGoal.TransferToMicrositeCenter }),
      2,
      {
        centerId: 2,
        centerName: "Lakeside",
        textKey: "selectCenter.confirm.labsText",
        buttonKey: "selectCenter.confirm.labsButton",
        micrositeWarning: false,
      },
    ],
  ] as const)("%s", (_n, screening, select, view) => {
    expect(confirmationView(screening, centers, select)).toEqual(view);
  });

  // Back to the confirmation after the selection was saved says the center is selected, not 'Please Give Additional Time'.
  it.each([
    ["no center yet", s({ preferredCenterId: 0 }), 4, false],
    ["nothing selected", s({ preferredCenterId: 4 }), null, false],
    ["another center", s({ preferredCenterId: 4 }), 5, false],
    ["the center already selected", s({ preferredCenterId: 4, status: RS.CompleteLabTests }), 4, true],
  ] as const)("the center already selected: %s", (_n, screening, select, expected) => {
    expect(selectsCurrentCenter(screening, select)).toBe(expected);
  });
});
