import { Secret, TOTP } from "otpauth";
import { describe, expect, it } from "vitest";
import { STAFF_RECOVERY_CODE_COUNT } from "../contract/staff-accounts";
import {
  acceptedTotpStep,
  hashRecoveryCode,
  hashStaffToken,
  isStaffTokenForm,
  isTotpForm,
  newRecoveryCodes,
  newStaffToken,
  newTotpSecret,
  normaliseRecoveryCode,
  totpCode,
  totpStep,
  totpUri,
} from "./staff-auth";

const NOW = new Date("2025-03-10T15:00:10.000Z");
const at = (ms: number) => new Date(NOW.getTime() + ms);

describe("staff authenticator codes (TOTP)", () => {
  const secret = newTotpSecret();

  it("makes a 160-bit base32 secret and an otpauth URI with the issuer and the email", () => {
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    const uri = totpUri(secret, "ana@center.example");
    expect(uri).toMatch(/^otpauth:\/\/totp\/National%20Kidney%20Registry:ana%40center\.example\?/);
    expect(uri).toContain(`secret=${secret}`);
    expect(uri).toContain("algorithm=SHA1");
    expect(uri).toContain("digits=6");
    expect(uri).toContain("period=30");
  });

  it("agrees with an independent otpauth TOTP (what an authenticator app computes)", () => {
    const app = new TOTP({ secret: Secret.fromBase32(secret), algorithm: "SHA1", digits: 6, period: 30 });
    expect(totpCode(secret, NOW)).toBe(app.generate({ timestamp: NOW.getTime() }));
  });

  it("accepts the current code and one step either side, with its step", () => {
    const step = totpStep(NOW);
    expect(acceptedTotpStep(secret, totpCode(secret, NOW), NOW, null)).toBe(step);
    expect(acceptedTotpStep(secret, totpCode(secret, at(-30_000)), NOW, null)).toBe(step - 1);
    expect(acceptedTotpStep(secret, totpCode(secret, at(30_000)), NOW, null)).toBe(step + 1);
    expect(acceptedTotpStep(secret, totpCode(secret, at(-90_000)), NOW, null)).toBeNull();
    expect(acceptedTotpStep(secret, totpCode(secret, at(90_000)), NOW, null)).toBeNull();
  });

  it("never accepts a code of a step at or before the last accepted one", () => {
    const code = totpCode(secret, NOW);
    const step = acceptedTotpStep(secret, code, NOW, null)!;
    expect(acceptedTotpStep(secret, code, NOW, step)).toBeNull();
    expect(acceptedTotpStep(secret, totpCode(secret, at(-30_000)), NOW, step)).toBeNull();
    expect(acceptedTotpStep(secret, totpCode(secret, at(30_000)), at(30_000), step)).toBe(step + 1);
  });

  it("takes six digits (spaces ignored) and refuses anything else", () => {
    const code = totpCode(secret, NOW);
    expect(acceptedTotpStep(secret, `${code.slice(0, 3)} ${code.slice(3)}`, NOW, null)).toBe(totpStep(NOW));
    expect(acceptedTotpStep(secret, "12345", NOW, null)).toBeNull();
    expect(acceptedTotpStep(secret, "abcdef", NOW, null)).toBeNull();
    expect(isTotpForm("123 456")).toBe(true);
    expect(isTotpForm("abcde-23456")).toBe(false);
  });
});

describe("staff recovery codes", () => {
  it("are ten xxxxx-xxxxx codes without look-alike characters, all different", () => {
    const codes = newRecoveryCodes();
    expect(codes).toHaveLength(STAFF_RECOVERY_CODE_COUNT);
    for (const c of codes) expect(c).toMatch(/^[2-9a-hjkmnp-z]{5}-[2-9a-hjkmnp-z]{5}$/);
    expect(new Set(codes).size).toBe(codes.length);
  });

  it("compare without case, spaces and dashes, by their SHA-256", () => {
    const [code] = newRecoveryCodes(1);
    const hash = hashRecoveryCode(code!);
    expect(hash).toMatch(/^[0-9a-f]{64}$/);
    expect(hashRecoveryCode(code!.toUpperCase())).toBe(hash);
    expect(hashRecoveryCode(code!.replace("-", ""))).toBe(hash);
    expect(hashRecoveryCode(` ${code!.slice(0, 5)} - ${code!.slice(6)} `)).toBe(hash);
    expect(normaliseRecoveryCode("abcde-fghi1")).toBeNull();
    expect(normaliseRecoveryCode("abcd-efgh")).toBeNull();
  });
});

describe("staff session tokens", () => {
  it("are st_ + 32 random bytes, stored as their SHA-256, never mistaken for a patient's token", () => {
    const a = newStaffToken();
    const b = newStaffToken();
    expect(a.token).toMatch(/^st_[A-Za-z0-9_-]{43}$/);
    expect(a.token).not.toBe(b.token);
    expect(a.hash).toBe(hashStaffToken(a.token));
    expect(a.hash).toMatch(/^[0-9a-f]{64}$/);
    expect(isStaffTokenForm(a.token)).toBe(true);
    expect(isStaffTokenForm("v1.eyJzdWIiOjF9.abc")).toBe(false);
    expect(isStaffTokenForm("st_short")).toBe(false);
  });
});
