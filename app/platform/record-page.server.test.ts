import { describe, expect, it } from "vitest";
import { RegistryUnavailableError } from "~/registry/client.server";
import { recordPage, type PassRecord } from "./record-page.server";
import { Session } from "./session.server";
import type { PortalContext } from "~/platform/context";

const record = { medicalRecord: { firstName: "Ana" }, account: null, screeningList: [] } as unknown as PassRecord;

function context(passRecord: () => Promise<unknown>, signedIn = true): PortalContext {
  const session = new Session(
    signedIn ? { token: "t", tokenExpires: new Date(Date.now() + 3_600_000).toISOString(), medicalRecordId: 7, csrf: "c" } : { csrf: "c" },
    false,
  );
  const registry = { signInStatus: async () => "valid", passRecord };
  return { session, registry } as unknown as PortalContext;
}

describe("recordPage: the loader of a page built from the patient's record", () => {
  it("gives the page's data, built from the record the registry holds", async () => {
    const page = await recordPage(
      context(async () => ({ success: true, results: record })),
      (r) => ({ name: r.medicalRecord.firstName }),
    );
    expect(page).toEqual({ unavailable: false, name: "Ana" });
  });

  it("says the registry is unavailable, without building the page, when it cannot be reached", async () => {
    let built = false;
    const down = context(async () => {
      throw new RegistryUnavailableError("down");
    });
    expect(await recordPage(down, () => ((built = true), {}))).toEqual({ unavailable: true });
    expect(built).toBe(false);
  });

  it("sends a signed-out visitor to /register", async () => {
    const thrown = await recordPage(
      context(async () => ({ success: true, results: record }), false),
      () => ({}),
    ).catch((e: unknown) => e);
    expect(thrown).toBeInstanceOf(Response);
    expect((thrown as Response).headers.get("Location")).toMatch(/^\/register/);
  });
});
