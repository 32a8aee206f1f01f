import { describe, expect, it } from "vitest";
import { createSessionStore, Session } from "~/platform/session.server";
import { readDraft, writeDraft } from "./medical-history.server";
import { sessionCookieBytes, WRITE_LIMIT } from "~/platform/session.server";

const store = createSessionStore({ secret: "s".repeat(40), path: "/portal/" });

describe("the medical history draft in the session cookie", () => {
  it.each([
    ["an empty session", {}],
    ["a signed-in session", { token: "v1.abc.def", medicalRecordId: 12, firstName: "Lucía", csrf: "c".repeat(32) }],
    ["a draft with accents and new lines", { medicalHistoryDraft: { owner: 1, answers: { addlMedicines: "Ciclosporina\n«100 mg»" }, furthest: 3 } }],
  ])("counts the cookie's bytes as the store writes it (%s)", (_, data) => {
    const written = store.write(new Session(data as never, false), true);
    expect(sessionCookieBytes(data as never, "/portal/")).toBe(Buffer.byteLength(written));
  });

  it("keeps a draft that fits and refuses one that would not, leaving the session as it was", () => {
    const session = new Session({ csrf: "c" }, false);
    expect(writeDraft(session, { owner: 1, answers: { weight: "165" }, furthest: 6 })).toBe(true);
    expect(readDraft(session, 1)?.answers.weight).toBe("165");
    const huge = { owner: 1, answers: { medicalConditionComments: "x".repeat(WRITE_LIMIT) }, furthest: 14 };
    expect(writeDraft(session, huge)).toBe(false);
    expect(readDraft(session, 1)?.answers).toEqual({ weight: "165" });
    expect(readDraft(session, 2)).toBeNull();
  });
});
