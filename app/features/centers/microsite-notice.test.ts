import { describe, expect, it } from "vitest";
import { PrimaryGoal } from "../../../registry/contract/enums";
import { distanceReaching, micrositeNotice, needsMicrositeNotice } from "./microsite-notice";
import type { SelectCenterQuery } from "./select-center-view";
import { testCenter } from "./test-centers";

const center = (centerId: number, distanceInMiles: number | null, isMicrositeCenterOfExcellence: boolean) =>
  testCenter(centerId, { distanceInMiles, isMicrositeCenterOfExcellence, isMicrositeParticipant: isMicrositeCenterOfExcellence });
const q300 = { distance: 300, sort: { column: "distance", direction: "asc" }, select: 7 } as const satisfies SelectCenterQuery;

describe("when the Microsite section's absence is explained", () => {
  it.each([
    [PrimaryGoal.TransferToMicrositeCenter, 0, 300, true],
    [PrimaryGoal.TransferToMicrositeCenter, 0, 100, true],
    [PrimaryGoal.TransferToMicrositeCenter, 0, 0, false],
    [PrimaryGoal.TransferToMicrositeCenter, 2, 300, false],
    [PrimaryGoal.FindCenter, 0, 300, false],
    [PrimaryGoal.TransferToKidneyForLifeCenter, 0, 300, false],
  ] as const)("goal %i, %i centers in the section, within %i miles: %s", (goal, count, distance, shown) => {
    expect(needsMicrositeNotice(goal, count, { ...q300, distance })).toBe(shown);
  });
});

describe("the distance that reaches the nearest", () => {
  it.each([
    [100, 120, 300],
    [100, 300, 300],
    [100, 300.5, 1000],
    [300, 412.3, 1000],
    [300, 1000, 1000],
    [300, 1500, 0],
    [1000, 1200, 0],
    [100, null, 300],
    [300, null, 1000],
    [1000, null, 0],
  ] as const)("from %i miles, the nearest at %s: %i", (from, miles, expected) => {
    expect(distanceReaching(from, miles)).toBe(expected);
  });
});

describe("the notice", () => {
  it("gives the nearest center of excellence and a link to the distance that lists it, keeping the sort, without the dialog", () => {
    const anywhere = [center(1, 20, false), center(2, 1412.25, true), center(3, 412.34, true), center(4, null, true)];
    expect(micrositeNotice(q300, anywhere)).toEqual({
      within: 300,
      nearestMiles: 412.34,
      widen: { distance: 1000, href: "?distance=1000" },
    });
    const sorted = { ...q300, sort: { column: "name", direction: "desc" } } as const;
    expect(micrositeNotice(sorted, [center(2, 1412.25, true)]).widen).toEqual({ distance: 0, href: "?distance=0&sort=name&dir=desc" });
  });

  it("offers any distance when the nearest's distance is unknown", () => {
    expect(micrositeNotice(q300, [center(4, null, true)])).toEqual({
      within: 300,
      nearestMiles: null,
      widen: { distance: 1000, href: "?distance=1000" },
    });
  });

  it("offers no link when no center of excellence is listed at all", () => {
    expect(micrositeNotice({ ...q300, distance: 100 }, [center(1, 20, false)])).toEqual({ within: 100, nearestMiles: null, widen: null });
  });

  it("offers the next distance when the wider list could not be had", () => {
    expect(micrositeNotice({ ...q300, distance: 100 }, null)).toEqual({
      within: 100,
      nearestMiles: null,
      widen: { distance: 300, href: "?distance=300" },
    });
  });
});
