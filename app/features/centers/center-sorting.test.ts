import { describe, expect, it } from "vitest";
import { PrimaryGoal } from "../../../registry/contract/enums";
import type { TransplantCenter } from "../../../registry/contract/screening";
import {
  centerColumns,
  centerSections,
  initialCenterSort,
  isCenterColumn,
  nextSort,
  showsMicrositeWarning,
  sortCenters,
  sortFromQuery,
  type CenterColumn,
  type CenterSort,
} from "./center-sorting";
import { testCenter } from "./test-centers";

const center = testCenter;

describe("the contract's center fits the sortable center", () => {
  it("a TransplantCenter of the contract can be sorted and grouped", () => {
    const fromRegistry: TransplantCenter = {
      ...center(1),
      nkrTransplantsLast12Months: 3,
      yearRangeLdNkrFacilitated: 2,
      nkrPercentLdTransplants: 10,
      yearRangeLastDate: "12/31/2025",
    };
    const sorted: TransplantCenter[] = sortCenters([fromRegistry], initialCenterSort);
    expect(sorted).toEqual([fromRegistry]);
  });
});

describe("column defaults (CEN-004)", () => {
  it.each([
    ["name", "asc"],
    ["state", "asc"],
    ["distance", "asc"],
    ["kidneyForLife", "asc"],
    ["lowEplet", "desc"],
    ["nkrLast12Months", "desc"],
    ["nkrPriorYear", "desc"],
    ["livingDonorPriorYear", "desc"],
    ["nkrPercent", "desc"],
    ["microsites", "asc"],
    ["nonSteroidal", "asc"],
    ["voucher", "asc"],
    ["recipientShield", "asc"],
    ["memberCenter", "asc"],
  ] as const)("%s defaults to %s", (column, direction) => {
    expect(centerColumns[column].defaultDirection).toBe(direction);
    expect(nextSort(null, column)).toEqual({ column, direction });
  });
});

describe("clicks on a heading (CEN-004)", () => {
  it.each([
    ["initial sort is distance ascending", null, null, initialCenterSort],
    ["a new column takes its default", { column: "distance", direction: "asc" }, "lowEplet", { column: "lowEplet", direction: "desc" }],
    ["a new column after a flipped one", { column: "name", direction: "desc" }, "state", { column: "state", direction: "asc" }],
    ["same ascending column flips", { column: "name", direction: "asc" }, "name", { column: "name", direction: "desc" }],
    ["same descending-default column flips", { column: "nkrPercent", direction: "desc" }, "nkrPercent", { column: "nkrPercent", direction: "asc" }],
    ["third click on an ascending column clears", { column: "name", direction: "desc" }, "name", null],
    ["third click on a descending column clears", { column: "nkrPercent", direction: "asc" }, "nkrPercent", null],
    ["after clearing, a click starts again", null, "name", { column: "name", direction: "asc" }],
  ] as const)("%s", (_n, current, clicked, expected) => {
    expect(clicked === null ? initialCenterSort : nextSort(current as CenterSort, clicked as CenterColumn)).toEqual(expected);
  });

  it("three clicks on a column: default, flipped, cleared", () => {
    let sort: CenterSort = initialCenterSort;
    const seen: CenterSort[] = [];
    for (let i = 0; i < 3; i++) seen.push((sort = nextSort(sort, "voucher")));
    expect(seen).toEqual([{ column: "voucher", direction: "asc" }, { column: "voucher", direction: "desc" }, null]);
  });
});

describe("sort from the query (?sort=&dir=)", () => {
  it.each([
    [null, null, initialCenterSort],
    ["", null, null],
    ["bogus", "asc", initialCenterSort],
    ["name", "desc", { column: "name", direction: "desc" }],
    ["lowEplet", null, { column: "lowEplet", direction: "desc" }],
    ["lowEplet", "sideways", { column: "lowEplet", direction: "desc" }],
  ] as const)("sort=%j dir=%j", (sort, dir, expected) => {
    expect(sortFromQuery(sort, dir)).toEqual(expected);
  });

  it.each([
    ["name", true],
    ["toString", false],
    ["constructor", false],
    [3, false],
  ] as const)("isCenterColumn(%j) = %s", (v, ok) => {
    expect(isCenterColumn(v)).toBe(ok);
  });
});

describe("sorting the centers", () => {
  const centers = [
    center(1, {
      centerName: "beta",
      stateAbbr: "NY",
      distanceInMiles: 120,
      isKidneyForLifeParticipant: true,
      lowEpletTransplantsLast12Months: 0,
      nkrPercentLdTransplants: 12.5,
    }),
    center(2, { centerName: "Alpha", stateAbbr: "CA", distanceInMiles: null, lowEpletTransplantsLast12Months: null, nkrPercentLdTransplants: null }),
    center(3, {
      centerName: "gamma",
      stateAbbr: "AZ",
      distanceInMiles: 5,
      isKidneyForLifeParticipant: true,
      lowEpletTransplantsLast12Months: 7,
      nkrPercentLdTransplants: 40,
    }),
    center(4, { centerName: "Center 10", stateAbbr: "NY", distanceInMiles: 60, lowEpletTransplantsLast12Months: 7, nkrPercentLdTransplants: 3 }),
  ];
  const ids = (sort: CenterSort) => sortCenters(centers, sort).map((c) => c.centerId);
  it.each([
    ["no sort keeps the given order", null, [1, 2, 3, 4]],
    ["distance ascending, unknown last", { column: "distance", direction: "asc" }, [3, 4, 1, 2]],
    ["distance descending, unknown last", { column: "distance", direction: "desc" }, [1, 4, 3, 2]],
    ["name ascending, case-insensitive", { column: "name", direction: "asc" }, [2, 1, 4, 3]],
    ["name descending", { column: "name", direction: "desc" }, [3, 4, 1, 2]],
    ["state ascending, ties in order", { column: "state", direction: "asc" }, [3, 2, 1, 4]],
    ["Kidney for Life ascending: participants first", { column: "kidneyForLife", direction: "asc" }, [1, 3, 2, 4]],
    ["Kidney for Life descending: participants last", { column: "kidneyForLife", direction: "desc" }, [2, 4, 1, 3]],
    ["low eplet descending: null counts as -1", { column: "lowEplet", direction: "desc" }, [3, 4, 1, 2]],
    ["low eplet ascending: null counts as -1, first", { column: "lowEplet", direction: "asc" }, [2, 1, 3, 4]],
    ["NKR percent descending, unknown last", { column: "nkrPercent", direction: "desc" }, [3, 1, 4, 2]],
    ["NKR percent ascending, unknown last", { column: "nkrPercent", direction: "asc" }, [4, 1, 3, 2]],
  ] as const)("%s", (_n, sort, expected) => {
    expect(ids(sort as CenterSort)).toEqual(expected);
  });

  it("does not change the given list", () => {
    const copy = [...centers];
    sortCenters(centers, { column: "name", direction: "asc" });
    expect(centers).toEqual(copy);
  });
});

describe("sections (CEN-003)", () => {
  const centers = [
    center(1, { isKidneyForLifeParticipant: true, distanceInMiles: 50 }),
    center(2, { isMicrositeCenterOfExcellence: true, distanceInMiles: 10 }),
    center(3, { isKidneyForLifeParticipant: true, isMicrositeCenterOfExcellence: true, distanceInMiles: 20 }),
    center(4, { isMemberCenter: false, distanceInMiles: 5 }),
  ];
  it.each([
    ["Kidney for Life by default", PrimaryGoal.FindCenter, "selectCenter.sectionKidneyForLife", [3, 1], [4, 2]],
    ["Kidney for Life for a Kidney for Life goal", PrimaryGoal.TransferToKidneyForLifeCenter, "selectCenter.sectionKidneyForLife", [3, 1], [4, 2]],
    [
      "Microsite Centers of Excellence for a microsite goal",
      PrimaryGoal.TransferToMicrositeCenter,
      "selectCenter.sectionMicrositeExcellence",
      [2, 3],
      [4, 1],
    ],
  ] as const)("%s", (_n, goal, firstTitle, first, second) => {
    const [a, b] = centerSections(centers, goal, initialCenterSort);
    expect(a.titleKey).toBe(firstTitle);
    expect(a.centers.map((c) => c.centerId)).toEqual(first);
    expect(b.titleKey).toBe("selectCenter.sectionOtherMembers");
    expect(b.centers.map((c) => c.centerId)).toEqual(second);
  });

  it("an empty list gives two empty sections", () => {
    expect(centerSections([], PrimaryGoal.FindCenter, initialCenterSort).map((s) => s.centers)).toEqual([[], []]);
  });

  it.each([
    [PrimaryGoal.TransferToMicrositeCenter, { isMicrositeParticipant: false }, true],
    [PrimaryGoal.TransferToMicrositeCenter, { isMicrositeParticipant: true }, false],
    [PrimaryGoal.TransferToMicrositeCenter, undefined, false],
    [PrimaryGoal.FindCenter, { isMicrositeParticipant: false }, false],
  ] as const)("microsite warning (CEN-007): goal %i, center %j -> %s", (goal, c, shown) => {
    expect(showsMicrositeWarning(goal, c)).toBe(shown);
  });
});
