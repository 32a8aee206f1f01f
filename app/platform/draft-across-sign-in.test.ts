import { describe, expect, it } from "vitest";
import { DRAFT_ACROSS_SIGN_IN_MS, draftAfterLapse, draftFor, lapsedSignIn } from "./draft-across-sign-in";

const now = 1_800_000_000_000;
const FIELDS = ["firstName", "city"] as const;

describe("a profile draft across the end of a sign-in (ACC-052)", () => {
  it("remembers whose sign-in ended, for 30 minutes; nothing without a patient", () => {
    expect(lapsedSignIn(7, now)).toEqual({ medicalRecordId: 7, expiresAt: now + DRAFT_ACROSS_SIGN_IN_MS });
    expect(lapsedSignIn(undefined, now)).toBeUndefined();
  });

  it("keeps only the named fields (never a password or the CSRF token), bound to that patient", () => {
    const typed = { firstName: "Ana", city: "Denver", password: "secret secret", csrf: "x", intent: "profile" };
    expect(draftAfterLapse(lapsedSignIn(7, now), typed, FIELDS, now + 1000)).toEqual({
      medicalRecordId: 7,
      values: { firstName: "Ana", city: "Denver" },
      expiresAt: now + 1000 + DRAFT_ACROSS_SIGN_IN_MS,
    });
  });

  it("keeps nothing when no sign-in ended, or it ended more than 30 minutes ago", () => {
    expect(draftAfterLapse(undefined, { firstName: "Ana" }, FIELDS, now)).toBeUndefined();
    expect(draftAfterLapse(lapsedSignIn(7, now), { firstName: "Ana" }, FIELDS, now + DRAFT_ACROSS_SIGN_IN_MS)).toBeUndefined();
  });

  it("gives the draft to the same patient while fresh, never to another one", () => {
    const draft = draftAfterLapse(lapsedSignIn(7, now), { firstName: "Ana" }, FIELDS, now)!;
    expect(draftFor(draft, 7, now + 60_000)).toBe(draft);
    expect(draftFor(draft, 8, now + 60_000)).toBeUndefined();
    expect(draftFor(draft, undefined, now + 60_000)).toBeUndefined();
    expect(draftFor(draft, 7, now + DRAFT_ACROSS_SIGN_IN_MS)).toBeUndefined();
    expect(draftFor(undefined, 7, now)).toBeUndefined();
  });
});
