import { describe, expect, it } from "vitest";
import { ABSOLUTE_LIMIT_MS, IDLE_LIMIT_MS, IDLE_WARNING_MS } from "./session-keys";
import { asSessionStatus, idleMsLeft, idleStep, sessionLimit, sessionStatus } from "./session-limits";

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

describe("the session's answer to an idle tab (ACC-051)", () => {
  const t0 = 1_800_000_000_000;
  const active = { token: "t", signedInAt: t0, lastSeenAt: t0 };

  it("a live sign-in says how long is left; an ended or absent one says it is over", () => {
    expect(sessionStatus(active, t0 + 60_000)).toEqual({ signedIn: true, msLeft: IDLE_LIMIT_MS - 90_000 });
    expect(sessionStatus(active, t0 + IDLE_LIMIT_MS + 1)).toEqual({ signedIn: false, msLeft: 0 });
    expect(sessionStatus({ ...active, lastSeenAt: t0 + ABSOLUTE_LIMIT_MS }, t0 + ABSOLUTE_LIMIT_MS + 1)).toEqual({ signedIn: false, msLeft: 0 });
    expect(sessionStatus({}, t0)).toEqual({ signedIn: false, msLeft: 0 });
  });

  it.each([
    ["a status", { signedIn: true, msLeft: 5 }, { signedIn: true, msLeft: 5 }],
    ["an ended status", { signedIn: false, msLeft: 0 }, { signedIn: false, msLeft: 0 }],
    ["an error page", "<html>", null],
    ["null", null, null],
    ["a negative count", { signedIn: true, msLeft: -1 }, null],
    ["no count", { signedIn: true }, null],
    ["a text flag", { signedIn: "yes", msLeft: 5 }, null],
  ] as const)("reads %s", (_name, body, expected) => {
    expect(asSessionStatus(body)).toEqual(expected);
  });

  it.each([
    // The patient used another tab: more than the warning's 2 minutes left, the tab stays quiet and counts again.
    ["warning", { signedIn: true, msLeft: 25 * 60_000 }, { phase: "quiet", msLeft: 25 * 60_000 }],
    ["ended", { signedIn: true, msLeft: 25 * 60_000 }, { phase: "quiet", msLeft: 25 * 60_000 }],
    // Within the warning's time: the warning, with the server's count to the end.
    ["warning", { signedIn: true, msLeft: 90_000 }, { phase: "warning", msLeft: 90_000 }],
    ["ended", { signedIn: true, msLeft: IDLE_WARNING_MS }, { phase: "warning", msLeft: IDLE_WARNING_MS }],
    // Over: ended, whichever step was due.
    ["warning", { signedIn: false, msLeft: 0 }, { phase: "ended", msLeft: null }],
    ["ended", { signedIn: true, msLeft: 0 }, { phase: "ended", msLeft: null }],
    // No answer: the tab's own count, as before.
    ["warning", null, { phase: "warning", msLeft: null }],
    ["ended", null, { phase: "ended", msLeft: null }],
  ] as const)("due %s, answer %j", (due, status, expected) => {
    expect(idleStep(due, status)).toEqual(expected);
  });
});
