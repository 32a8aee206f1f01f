import { describe, expect, it } from "vitest";
import { minutesLeft, nextTickMs, reopensAt } from "./reopens-at";

const NOW = Date.UTC(2026, 10, 26, 21, 41, 30);

describe("when a refused sign-in opens again (ACC-037)", () => {
  it.each([
    [undefined, undefined],
    [0, undefined],
    [-5, undefined],
    [Number.NaN, undefined],
    [30, { until: NOW + 30_000, minutes: 1, utc: "21:42" }],
    [60, { until: NOW + 60_000, minutes: 1, utc: "21:42" }],
    [61, { until: NOW + 61_000, minutes: 2, utc: "21:42" }],
    [900, { until: NOW + 900_000, minutes: 15, utc: "21:56" }],
    [9_000, { until: NOW + 9_000_000, minutes: 150, utc: "00:11" }],
  ])("Retry-After %s s -> %j", (seconds, expected) => {
    expect(reopensAt(seconds, NOW)).toEqual(expected);
  });

  it("counts whole minutes down to 0", () => {
    const until = NOW + 125_000;
    expect([0, 5_000, 65_000, 124_000, 125_000, 200_000].map((t) => minutesLeft(until, NOW + t))).toEqual([3, 2, 1, 1, 0, 0]);
  });

  it("ticks at most once a minute, when the count drops", () => {
    expect(nextTickMs(NOW + 125_000, NOW)).toBe(5_000);
    expect(nextTickMs(NOW + 120_000, NOW)).toBe(60_000);
    expect(nextTickMs(NOW + 500, NOW)).toBe(1_000);
    expect(nextTickMs(NOW, NOW)).toBe(60_000);
  });
});
