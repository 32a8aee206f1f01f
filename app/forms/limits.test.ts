import { describe, expect, it } from "vitest";
import { connectionLimitMessage, isConnectionLimit } from "./limits";

describe("per-connection limit messages", () => {
  it.each([
    [undefined, { key: "limits.tooManyFromConnection" }],
    [0, { key: "limits.tooManyFromConnection" }],
    [Number.NaN, { key: "limits.tooManyFromConnection" }],
    [1, { key: "limits.tooManyOneMinute" }],
    [60, { key: "limits.tooManyOneMinute" }],
    [61, { key: "limits.tooManyMinutes", params: { minutes: "2" } }],
    [900, { key: "limits.tooManyMinutes", params: { minutes: "15" } }],
    [3600, { key: "limits.tooManyMinutes", params: { minutes: "60" } }],
  ])("Retry-After %s s -> %j", (seconds, message) => {
    expect(connectionLimitMessage(seconds)).toEqual(message);
  });

  it("tells the connection limit from other refusals (the per-account lockout is a 429 without it)", () => {
    expect(isConnectionLimit({ status: 429, errors: { form: "limits.tooManyFromConnection" } })).toBe(true);
    expect(isConnectionLimit({ status: 429 })).toBe(false);
    expect(isConnectionLimit({ status: 400, errors: { form: "limits.tooManyFromConnection" } })).toBe(false);
  });
});
