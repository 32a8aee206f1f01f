import { describe, expect, it } from "vitest";
import { ABSOLUTE_LIMIT_MS, IDLE_LIMIT_MS } from "./session-keys";
import { sessionLimit } from "./session-limits";

const now = 1_800_000_000_000;
describe("session limits (D6)", () => {
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
