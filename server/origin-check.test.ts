import { describe, expect, it } from "vitest";
import { isCrossSite } from "./origin-check";

describe("isCrossSite", () => {
  it.each([
    ["POST", { origin: "http://127.0.0.1:3000", host: "127.0.0.1:3000" }, false],
    ["POST", { host: "127.0.0.1:3000" }, false],
    ["GET", { origin: "http://evil.example", host: "127.0.0.1:3000" }, false],
    ["POST", { origin: "https://example.org", host: "portal:3000", "x-forwarded-host": "example.org" }, false],
    ["POST", { origin: "https://example.org", "x-forwarded-host": "example.org, proxy.internal" }, false],
    ["POST", { origin: "http://evil.example", host: "127.0.0.1:3000" }, true],
    ["post", { origin: "http://evil.example", host: "127.0.0.1:3000" }, true],
    ["DELETE", { origin: "http://evil.example", host: "127.0.0.1:3000" }, true],
    ["POST", { origin: "http://127.0.0.1:3001", host: "127.0.0.1:3000" }, true],
    ["POST", { origin: "null", host: "127.0.0.1:3000" }, true],
    ["POST", { origin: "not a url", host: "127.0.0.1:3000" }, true],
    ["POST", { origin: "http://127.0.0.1:3000" }, true],
    ["POST", { origin: "https://example.org", host: "example.org", "x-forwarded-host": "evil.example" }, true],
  ])("%s with %j is cross-site: %s", (method, headers, expected) => {
    expect(isCrossSite(method, headers)).toBe(expected);
  });
});
