import { describe, expect, it } from "vitest";
import { STAFF_ABSOLUTE_LIMIT_MS, STAFF_IDLE_LIMIT_MS } from "../../registry/contract/staff-accounts";
import { isStaffPath, staffIdleMsLeft, staffSessionLimit } from "./staff-session";

const now = 1_800_000_000_000;

describe("the staff console's session limits (docs/decisions/127)", () => {
  it("is anonymous without a token", () => {
    expect(staffSessionLimit({}, now)).toBe("anonymous");
    expect(staffSessionLimit({ pending: { token: "p", stage: "code", email: "a@b.c", expiresAt: now + 1 } }, now)).toBe("anonymous");
  });
  it("ends after 15 minutes without a request, not before", () => {
    const base = { token: "st_x", signedInAt: now - 60_000 };
    expect(staffSessionLimit({ ...base, lastSeenAt: now - STAFF_IDLE_LIMIT_MS }, now)).toBe("active");
    expect(staffSessionLimit({ ...base, lastSeenAt: now - STAFF_IDLE_LIMIT_MS - 1 }, now)).toBe("idle");
    expect(staffSessionLimit({ token: "st_x", signedInAt: now }, now)).toBe("idle");
  });
  it("ends 12 hours after sign-in whatever the activity", () => {
    expect(staffSessionLimit({ token: "st_x", signedInAt: now - STAFF_ABSOLUTE_LIMIT_MS - 1, lastSeenAt: now }, now)).toBe("absolute");
    expect(staffSessionLimit({ token: "st_x", lastSeenAt: now }, now)).toBe("absolute");
  });
  it("counts the idle time left from the last request, less the resolution", () => {
    expect(staffIdleMsLeft({ lastSeenAt: now - 60_000 }, now, 30_000)).toBe(STAFF_IDLE_LIMIT_MS - 90_000);
    expect(staffIdleMsLeft({ lastSeenAt: now - STAFF_IDLE_LIMIT_MS }, now, 30_000)).toBe(0);
  });
  it("knows the console's paths under any base path", () => {
    expect(isStaffPath("/staff", "/")).toBe(true);
    expect(isStaffPath("/staff/people/3", "/")).toBe(true);
    expect(isStaffPath("/staffing", "/")).toBe(false);
    expect(isStaffPath("/landing", "/")).toBe(false);
    expect(isStaffPath("/portal/staff/sign-in", "/portal/")).toBe(true);
    expect(isStaffPath("/staff/sign-in", "/portal/")).toBe(false);
  });
});
