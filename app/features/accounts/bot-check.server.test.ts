import { describe, expect, it } from "vitest";
import { botCheckMessage, checkBotFields, issueFormStamp, MAX_FORM_AGE_MS, MIN_FILL_MS } from "./bot-check.server";

const key = new Uint8Array(32).fill(7);
const otherKey = new Uint8Array(32).fill(8);
const t0 = 1_800_000_000_000;

describe("bot check (ACC-018)", () => {
  const stamp = issueFormStamp(key, "register", t0);

  it.each([
    ["a person after 1 s", { honeypot: "", stamp }, t0 + MIN_FILL_MS, "ok"],
    ["a password manager's fill, then the HIPAA box and Register: 1.5 s", { honeypot: "", stamp }, t0 + 1_500, "ok"],
    ["a script posting the form it fetched: 200 ms", { honeypot: "", stamp }, t0 + 200, "tooFast"],
    ["a person just before 2 h", { honeypot: "", stamp }, t0 + MAX_FORM_AGE_MS, "ok"],
    ["faster than 1 s", { honeypot: "", stamp }, t0 + MIN_FILL_MS - 1, "tooFast"],
    ["a clock that went back", { honeypot: "", stamp }, t0 - 10, "tooFast"],
    ["older than 2 h", { honeypot: "", stamp }, t0 + MAX_FORM_AGE_MS + 1, "expired"],
    ["honeypot filled", { honeypot: "http://spam.example", stamp }, t0 + 10_000, "honeypot"],
    ["honeypot with only spaces is empty", { honeypot: "  ", stamp }, t0 + 10_000, "ok"],
    ["no stamp", { honeypot: "", stamp: "" }, t0 + 10_000, "invalid"],
    ["garbage stamp", { honeypot: "", stamp: "yesterday" }, t0 + 10_000, "invalid"],
    ["a stamp moved earlier (forged time)", { honeypot: "", stamp: stamp.replace(String(t0), String(t0 - 60_000)) }, t0 + 1000, "invalid"],
    ["a stamp signed with another key", { honeypot: "", stamp: issueFormStamp(otherKey, "register", t0) }, t0 + 10_000, "invalid"],
    ["a stamp issued for another form", { honeypot: "", stamp: issueFormStamp(key, "profile", t0) }, t0 + 10_000, "invalid"],
  ] as const)("%s", (_name, posted, now, expected) => {
    expect(checkBotFields(key, "register", posted, now)).toBe(expected);
  });

  it("gives every refusal a message the locales hold", () => {
    expect(botCheckMessage("tooFast")).toBe("register.tooFast");
    expect(botCheckMessage("expired")).toBe("register.formExpired");
    expect(botCheckMessage("invalid")).toBe("register.formExpired");
    expect(botCheckMessage("honeypot")).toBe("register.botCheckFailed");
  });
});
