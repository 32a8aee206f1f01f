import { describe, expect, it } from "vitest";
import { RegistryBusyError, RegistryUnavailableError, SessionExpiredError } from "./client.server";
import { answerOr, reach } from "./reach.server";

describe("reach", () => {
  it("answers what the registry answered", async () => {
    expect(await reach(Promise.resolve({ success: true }))).toEqual({ reached: true, answer: { success: true } });
  });

  it("answers the unavailability, busy included, for the caller to explain", async () => {
    const down = new RegistryUnavailableError("timeout");
    expect(await reach(Promise.reject(down))).toEqual({ reached: false, error: down });
    const busy = new RegistryBusyError(3);
    const outcome = await reach(Promise.reject(busy));
    expect(outcome.reached ? null : outcome.error).toBe(busy);
  });

  it("throws any other error on: an expired sign-in, a bug, a redirect", async () => {
    await expect(reach(Promise.reject(new SessionExpiredError()))).rejects.toBeInstanceOf(SessionExpiredError);
    await expect(reach(Promise.reject(new TypeError("bug")))).rejects.toThrow("bug");
    const redirect = new Response(null, { status: 302 });
    await expect(reach(Promise.reject(redirect))).rejects.toBe(redirect);
  });
});

describe("answerOr", () => {
  it("the answer when reached, the fallback when not, other errors thrown", async () => {
    expect(await answerOr(Promise.resolve(7), null)).toBe(7);
    expect(await answerOr(Promise.reject(new RegistryUnavailableError("down")), null)).toBeNull();
    await expect(answerOr(Promise.reject(new Error("bug")), null)).rejects.toThrow("bug");
  });
});
