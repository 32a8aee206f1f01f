import { describe, expect, it, vi } from "vitest";
import { createRegistryClient, RegistryUnavailableError, SessionExpiredError } from "./client.server";

describe("registry client errors", () => {
  it("are recognised across copies of the module (server.ts and the React Router build each bundle one)", async () => {
    vi.resetModules();
    const copy = await import("./client.server");
    expect(copy.RegistryUnavailableError).not.toBe(RegistryUnavailableError);
    expect(new copy.RegistryUnavailableError("x")).toBeInstanceOf(RegistryUnavailableError);
    expect(new copy.SessionExpiredError()).toBeInstanceOf(SessionExpiredError);
    expect(new copy.SessionExpiredError()).not.toBeInstanceOf(RegistryUnavailableError);
    expect(new Error("x")).not.toBeInstanceOf(RegistryUnavailableError);
  });

  it("sends the client address, and treats a 500 as unavailable", async () => {
    const seen: Request[] = [];
    const client = createRegistryClient({
      baseUrl: "http://registry.test",
      fetch: async (request) => {
        seen.push(request);
        return Response.json({ success: false, results: null, message: "boom" }, { status: 500 });
      },
    });
    await expect(client.validatePhone("2125550100", "203.0.113.9")).rejects.toBeInstanceOf(RegistryUnavailableError);
    expect(seen[0]!.headers.get("x-client-address")).toBe("203.0.113.9");
  });

  it("reads a Confirm Address answer and a code result", async () => {
    const answers = [
      { success: false, results: null, message: "We were unable to validate your address", addressValidation: null },
      { success: false, results: 2, message: "wrong" },
    ];
    const client = createRegistryClient({ baseUrl: "http://registry.test", fetch: async () => Response.json(answers.shift()) });
    const registered = await client.register({}, { addressConfirmed: true, clientAddress: "203.0.113.9" });
    expect(registered.addressValidation).toBeNull();
    const checked = await client.updateConfirmation("t", 1, { code: "000000", value: "a@b.co", isEmail: true });
    expect(checked.results).toBe(2);
  });
});
