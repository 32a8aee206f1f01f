import { describe, expect, it, vi } from "vitest";
import { ImmunoFreeStatus } from "../contract/enums";
import { RegistryMessage } from "../contract/envelope";
import { insertIfRegistration } from "../data/if-registrations";
import { testDatabases } from "../db/test-databases";
import { START, useRegistry } from "../testing/harness";

// The PDF writer fails: the signature must not be kept without its PDF.
vi.mock("../domain/pdf", () => ({
  renderPdf: async () => {
    throw new RangeError("no room on the page");
  },
}));

describe.each(testDatabases().slice(0, 1))("e-sign when the signed PDF cannot be made, on $name", (target) => {
  const t = useRegistry(target);

  it("answers 500, logs 'pdf could not be signed. please notify admin' (no patient data), stores nothing, keeps the stage", async () => {
    const ana = await t.register(1, { preferredLanguage: 1 });
    await insertIfRegistration(t.db, ana.medicalRecordId, ImmunoFreeStatus.MedicalHistory, START);
    const shown = await t.call("GET", "/api/e-sign/create-pdf", { token: ana.token });
    expect(shown.status).toBe(200);
    const a = await t.call("POST", "/api/e-sign", {
      token: ana.token,
      body: { entityTypeId: ana.medicalRecordId, typedName: "Ana Lopez", documentHash: shown.body.results.documentHash },
    });
    expect(a).toMatchObject({ status: 500, body: { success: false, message: RegistryMessage.internal } });
    expect(t.logs).toEqual([
      { level: "error", event: "esign.sign-failed", message: "pdf could not be signed. please notify admin", error: "RangeError" },
    ]);
    expect(await t.db.query("select id from consent_signatures")).toEqual([]);
    const [row] = await t.db.query<{ current_status: number }>("select current_status from if_registrations");
    expect(row!.current_status).toBe(ImmunoFreeStatus.MedicalHistory);
  });
});
