import { describe, expect, it } from "vitest";
import { addFlash, clearSignIn, endSignInAtLimit, refusedReason, signIn, toRegister } from "./auth.server";
import { draftAfterLapse } from "./draft-across-sign-in";
import { createSessionStore } from "./session.server";

const store = createSessionStore({ secret: "a-test-secret-that-is-long-enough-000000", path: "/" });

/** A session as patient A leaves it: signed in, with drafts and pending forms. */
function usedSession() {
  const s = store.read(undefined);
  signIn(s, { token: "token-a", expires: new Date(Date.now() + 1_800_000).toISOString(), medicalRecordId: 1 } as never, {
    firstName: "Ana",
    preferredLanguage: 1,
  });
  s.set("screeningDraft", { step: "donor-situation" } as never);
  s.set("medicalHistoryDraft", { medicalRecordId: 1, answers: {} } as never);
  s.set("pendingCode", { kind: "email", value: "ana@example.org" });
  s.set("cancelCenter", { screeningId: 3, reason: 1, other: "", expiresAt: Date.now() + 60_000 });
  s.set("flash", [{ kind: "status", key: "session.signedOut" }]);
  return s;
}

describe("the end of a sign-in leaves nothing of the patient in the session", () => {
  it("clearSignIn removes the sign-in, drafts, pending forms and codes, and keeps the flash messages", () => {
    const s = usedSession();
    clearSignIn(s);
    for (const key of ["token", "medicalRecordId", "firstName", "screeningDraft", "medicalHistoryDraft", "pendingCode", "cancelCenter"] as const) {
      expect(s.get(key), key).toBeUndefined();
    }
    expect(s.get("flash")).toEqual([{ kind: "status", key: "session.signedOut" }]);
  });

  it("clearSignIn keeps the language, so the page after a sign-out or a timeout is in the patient's language (decision 040)", () => {
    const s = store.read(undefined);
    signIn(s, { token: "t", expires: new Date(Date.now() + 1_800_000).toISOString(), medicalRecordId: 1 } as never, {
      firstName: "Ana",
      preferredLanguage: 2,
    });
    clearSignIn(s);
    expect(s.get("token")).toBeUndefined();
    expect(s.get("lang")).toBe("es");
  });

  it("a new sign-in on the same browser starts without the previous patient's drafts", () => {
    const s = usedSession();
    signIn(s, { token: "token-b", expires: new Date(Date.now() + 1_800_000).toISOString(), medicalRecordId: 2 } as never, {
      firstName: "Beto",
      preferredLanguage: 2,
    });
    expect(s.get("medicalRecordId")).toBe(2);
    expect(s.get("lang")).toBe("es");
    expect(s.get("screeningDraft")).toBeUndefined();
    expect(s.get("medicalHistoryDraft")).toBeUndefined();
    expect(s.get("pendingCode")).toBeUndefined();
  });
});

describe("why the patient lands on /register (docs/decisions/040)", () => {
  const redirected = (fn: () => void) => {
    try {
      fn();
    } catch (thrown) {
      return (thrown as Response).headers.get("Location");
    }
    throw new Error("no redirect");
  };

  it("a visitor who was not signed in reads 'Please sign in to continue.' once, however many loaders ask", () => {
    const s = store.read(undefined);
    for (let i = 0; i < 2; i++)
      expect(redirected(() => toRegister(s, { kind: "status", key: "session.signInRequired" }))).toBe("/register?logout=true");
    expect(s.get("flash")).toEqual([{ kind: "status", key: "session.signInRequired" }]);
  });

  it("after the idle or 12-hour limit (queued by the server) the reason is kept and 'Please sign in' is not added", () => {
    for (const key of ["session.timedOut", "session.expired", "session.ended"] as const) {
      const s = store.read(undefined);
      addFlash(s, { kind: "status", key });
      redirected(() => toRegister(s, { kind: "status", key: "session.signInRequired" }));
      expect(s.get("flash")).toEqual([{ kind: "status", key }]);
    }
  });

  it("a token the registry refused: revoked (ended) while within its time, timed out once past it", () => {
    const now = Date.parse("2026-11-24T08:00:00Z");
    const s = store.read(undefined);
    s.set("tokenExpires", new Date(now + 60_000).toISOString());
    expect(refusedReason(s, now)).toEqual({ kind: "status", key: "session.ended" });
    s.set("tokenExpires", new Date(now - 1).toISOString());
    expect(refusedReason(s, now)).toEqual({ kind: "status", key: "session.timedOut" });
    s.unset("tokenExpires");
    expect(refusedReason(s, now)).toEqual({ kind: "status", key: "session.timedOut" });
  });
});

describe("a profile draft outlives a lapsed sign-in for the same patient only (ACC-052, docs/decisions/114)", () => {
  const signInAs = (s: ReturnType<typeof store.read>, medicalRecordId: number) =>
    signIn(s, { token: `token-${medicalRecordId}`, expires: new Date(Date.now() + 1_800_000).toISOString(), medicalRecordId } as never, {
      firstName: "Ana",
      preferredLanguage: 1,
    });
  /** Patient 1's session ended by the idle limit, then the profile posted: the draft kept for patient 1. */
  const lapsedWithDraft = () => {
    const s = usedSession();
    endSignInAtLimit(s, "idle");
    const lapsed = s.get("lapsedSignIn");
    expect(lapsed?.medicalRecordId).toBe(1);
    s.set("profileDraft", draftAfterLapse(lapsed, { firstName: "Anita" }, ["firstName"], Date.now()));
    return s;
  };

  it("the idle limit ends the sign-in, says why and remembers whose it was", () => {
    const s = usedSession();
    s.unset("flash");
    endSignInAtLimit(s, "absolute");
    expect(s.get("token")).toBeUndefined();
    expect(s.get("screeningDraft")).toBeUndefined();
    expect(s.get("flash")).toEqual([{ kind: "status", key: "session.expired" }]);
    expect(s.get("lapsedSignIn")?.medicalRecordId).toBe(1);
  });

  it("the sign-in page (toRegister) keeps it; the same patient's sign-in keeps the draft and forgets the lapse", () => {
    const s = lapsedWithDraft();
    expect(() => toRegister(s, { kind: "status", key: "session.signInRequired" })).toThrow();
    expect(s.get("profileDraft")?.values).toEqual({ firstName: "Anita" });
    signInAs(s, 1);
    expect(s.get("profileDraft")?.values).toEqual({ firstName: "Anita" });
    expect(s.get("lapsedSignIn")).toBeUndefined();
  });

  it("another patient signing in on that browser never gets it", () => {
    const s = lapsedWithDraft();
    signInAs(s, 2);
    expect(s.get("profileDraft")).toBeUndefined();
    expect(s.get("lapsedSignIn")).toBeUndefined();
  });

  it("a sign-out (clearSignIn) forgets both", () => {
    const s = lapsedWithDraft();
    clearSignIn(s);
    expect(s.get("profileDraft")).toBeUndefined();
    expect(s.get("lapsedSignIn")).toBeUndefined();
  });
});
