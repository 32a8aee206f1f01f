import { randomBytes } from "node:crypto";
import { describe, expect, it } from "vitest";
import { productionSecretProblems, publicUrlProblem, sameSecrets, secretProblem } from "./secret-rules";

describe("production secret rules (docs/decisions/088)", () => {
  it("accepts what `openssl rand -base64 48`, `openssl rand -hex 32` and the demo mode's generator make, every time", () => {
    for (let i = 0; i < 2000; i++) {
      expect(secretProblem("SESSION_SECRET", randomBytes(48).toString("base64"))).toBeNull();
      expect(secretProblem("TOKEN_SECRET", randomBytes(32).toString("base64url"))).toBeNull();
      expect(secretProblem("LAB_STAFF_KEY", randomBytes(32).toString("hex"))).toBeNull();
    }
  });

  it.each([
    ["a".repeat(31), /too short/],
    ["abcdabcdabcdabcdabcdabcdabcdabcdabcd", /too simple/],
    // docs/decisions/131: long enough and varied in its characters, yet guessable.
    ["kidneyportal2026".repeat(2), /repeats a part of 16 characters/],
    ["0123456789".repeat(4), /repeats a part of 10 characters/],
    ["0123456789".repeat(2) + "0123456789ab", /mostly runs/],
    ["abcdefghijklmnopqrstuvwxyz0123456789", /mostly runs/],
    ["0123456789-ABCDEFGHIJ-qrstuvwxyz-x7Kp", /mostly runs/],
    ["aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaabcdefghij", /mostly runs/],
    ["x1xx2x3xx4xx5x6xx7x8xx9x0xxQxx1x", /too little variety for production \(about 71 bits/],
    ["Tr0ub4dor-kidney-Portal-2026-horse-staple", null],
    ["center-key-0123456789-Qw8Er4Ty6Ui2Op", null],
    ["CHANGE_ME-CHANGE_ME-0123456789-abcdef", /placeholder \("changeme"\)/],
    ["replace-me-with-a-real-secret-0123456789", /placeholder \("replaceme"\)/],
    ["my-example-portal-secret-0123456789abc", /placeholder \("example"\)/],
    ["Pass.Word.1234567890.abcdefghijklmnop", /placeholder \("password"\)/],
  ])("judges %j", (value, problem) => {
    const found = secretProblem("X_SECRET", value);
    if (problem === null) expect(found).toBeNull();
    else expect(found).toMatch(problem);
  });

  it("names each pair of equal secrets, skipping unset ones", () => {
    expect(sameSecrets({ A: "one", B: "two", C: "one", D: undefined, E: "", F: "" })).toEqual([
      "A and C are the same: each secret must have its own value",
    ]);
  });

  it("wants https:// for PUBLIC_URL, localhost included", () => {
    expect(publicUrlProblem("https://portal.example.org/portal/")).toBeNull();
    expect(publicUrlProblem("http://portal.example.org/")).toMatch(/https:\/\//);
    expect(publicUrlProblem("http://localhost:3000/")).toMatch(/https:\/\//);
    expect(publicUrlProblem("http://127.0.0.1:3000/")).toMatch(/https:\/\//);
  });

  it("checks only the names asked for, sameness across all of them", () => {
    const env = { SESSION_SECRET: "short", TOKEN_SECRET: randomBytes(48).toString("base64") };
    expect(productionSecretProblems({ ...env, LAB_STAFF_KEY: env.TOKEN_SECRET }, ["TOKEN_SECRET", "LAB_STAFF_KEY"])).toEqual([
      "TOKEN_SECRET and LAB_STAFF_KEY are the same: each secret must have its own value",
    ]);
    expect(productionSecretProblems(env)).toHaveLength(1);
  });
});
