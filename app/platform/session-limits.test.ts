import { describe, expect, it } from "vitest";
import { ABSOLUTE_LIMIT_MS, IDLE_LIMIT_MS } from "./session-keys";
import { idleMsLeft, sessionLimit } from "./session-limits";

const now = 1_800_000_000_000;
describe("session limits (PLT-011)", () => {
  it.each([
    ["no token", {}, "anonymous"],
    ["fresh", { token: "t", signedInAt: now - 1000, lastSeenAt: now - 1000 }, "active"],
    ["idle exactly 30 minutes", { token: "t", signedInAt: now - IDLE_LIMIT_MS, lastSeenAt: now - IDLE_LIMIT_MS }, "active"],
    ["idle past 30 minutes", { token: "t", signedInAt: now - IDLE_LIMIT_MS - 1, lastSeenAt: now - IDLE_LIMIT_MS - 1 }, "idle"],
    ["active but past 12 hours", { token: "t", signedInAt: now - ABSOLUTE_LIMIT_MS - 1, lastSeenAt: now }, "absolute"],
    ["missing times", { token: "t" }, "absolute"],
    ["missing last seen", { token: "t", signedInAt: now }, "idle"],
  ] as const)("%s", (_name, data, expected) => {
    expect(sessionLimit(data, now)).toBe(expected);
  });
});

describe("idle warning count", () => {
  it("counts from lastSeenAt, on the safe side of its 30 s resolution", () => {
    const t0 = 1_000_000;
    expect(idleMsLeft({ token: "x", lastSeenAt: t0 }, t0)).toBe(IDLE_LIMIT_MS - 30_000);
    expect(idleMsLeft({ token: "x", lastSeenAt: t0 }, t0 + 60_000)).toBe(IDLE_LIMIT_MS - 90_000);
    expect(idleMsLeft({ token: "x", lastSeenAt: t0 }, t0 + IDLE_LIMIT_MS)).toBe(0);
  });
});
