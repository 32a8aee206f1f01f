import { describe, expect, it } from "vitest";
import { clearSignIn, signIn } from "./auth.server";
import { createSessionStore } from "./session.server";

const store = createSessionStore({ secret: "a-test-secret-that-is-long-enough-000000", path: "/" });

/** A session as patient A leaves it: signed in, with drafts and pending forms. */
function usedSession() {
  const s = store.read(undefined);
  signIn(s, { token: "token-a", expires: new Date(Date.now() + 1_800_000).toISOString(), medicalRecordId: 1 } as never, { firstName: "Ana", preferredLanguage: 1 });
  s.set("screeningDraft", { step: "donor-situation" } as never);
  s.set("medicalHistoryDraft", { medicalRecordId: 1, answers: {} } as never);
  s.set("pendingCode", { kind: "email", value: "ana@example.org" });
  s.set("cancelCenter", { screeningId: 3, reason: 1, other: "", expiresAt: Date.now() + 60_000 });
  s.set("flash", [{ kind: "status", key: "logout.done" }]);
  return s;
}

describe("the end of a sign-in leaves nothing of the patient in the session", () => {
  it("clearSignIn removes the sign-in, drafts, pending forms and codes, and keeps the flash messages", () => {
    const s = usedSession();
    clearSignIn(s);
    for (const key of ["token", "medicalRecordId", "firstName", "screeningDraft", "medicalHistoryDraft", "pendingCode", "cancelCenter"] as const) {
      expect(s.get(key), key).toBeUndefined();
    }
    expect(s.get("flash")).toEqual([{ kind: "status", key: "logout.done" }]);
  });

  it("a new sign-in on the same browser starts without the previous patient's drafts", () => {
    const s = usedSession();
    signIn(s, { token: "token-b", expires: new Date(Date.now() + 1_800_000).toISOString(), medicalRecordId: 2 } as never, { firstName: "Beto", preferredLanguage: 2 });
    expect(s.get("medicalRecordId")).toBe(2);
    expect(s.get("lang")).toBe("es");
    expect(s.get("screeningDraft")).toBeUndefined();
    expect(s.get("medicalHistoryDraft")).toBeUndefined();
    expect(s.get("pendingCode")).toBeUndefined();
  });
});
