import { describe, expect, it } from "vitest";
import {
  claimFor,
  HOST_KNOWN_DEVICE_COOKIE,
  KNOWN_DEVICE_COOKIE,
  knownDeviceCookie,
  MAX_ACCOUNTS,
  readKnownDevice,
  renewedKnownDeviceCookie,
} from "./known-device.server";
import { challengeBits, hasLeadingZeroBits, solveChallenge } from "./proof-of-work";
import { createSignInSurge, SURGE } from "./sign-in-surge.server";

const KEY = new Uint8Array(32).fill(7);
const OTHER_KEY = new Uint8Array(32).fill(8);
const cookieOf = (setCookie: string) => setCookie.split(";")[0]!;

describe("the known-device mark (docs/decisions/087)", () => {
  it("is HttpOnly, SameSite=Lax, under the base path, Secure over HTTPS, and holds no email", () => {
    const set = knownDeviceCookie(null, KEY, { medicalRecordId: 42, email: "Rosa@Example.org" }, { path: "/portal/", secure: true });
    expect(set).toMatch(new RegExp(`^${KNOWN_DEVICE_COOKIE}=d1\\.`));
    expect(set).toContain("; Path=/portal/; Max-Age=15552000; HttpOnly; SameSite=Lax; Secure");
    expect(set.toLowerCase()).not.toContain("rosa");
    expect(knownDeviceCookie(null, KEY, { medicalRecordId: 42, email: "a@b.co" }, { path: "/", secure: false })).not.toContain("Secure");
  });

  it("claims the account whose email signed in on this browser, and nothing for another email", () => {
    const device = readKnownDevice(
      cookieOf(knownDeviceCookie(null, KEY, { medicalRecordId: 42, email: "rosa@example.org" }, { path: "/", secure: false })),
      KEY,
    );
    expect(device?.deviceId).toMatch(/^[A-Za-z0-9_-]{22}$/);
    expect(claimFor(device, KEY, " ROSA@example.org ")).toEqual({ deviceId: device!.deviceId, medicalRecordId: 42, since: expect.any(Number) });
    expect(claimFor(device, KEY, "someone.else@example.org")).toBeUndefined();
  });

  it("keeps its device id and the last few accounts of a shared browser, newest first", () => {
    let cookie = "";
    for (let id = 1; id <= MAX_ACCOUNTS + 2; id++) {
      const device = readKnownDevice(cookie, KEY);
      cookie = cookieOf(knownDeviceCookie(device, KEY, { medicalRecordId: id, email: `p${id}@example.org` }, { path: "/", secure: false }));
    }
    const device = readKnownDevice(`other=1; ${cookie}`, KEY)!;
    expect(device.accounts.map((a) => a.medicalRecordId)).toEqual([7, 6, 5, 4, 3]);
    expect(claimFor(device, KEY, "p1@example.org")).toBeUndefined();
    expect(claimFor(device, KEY, "p3@example.org")?.medicalRecordId).toBe(3);
  });

  it("is ignored when forged, altered or signed under another key", () => {
    const cookie = cookieOf(knownDeviceCookie(null, KEY, { medicalRecordId: 42, email: "rosa@example.org" }, { path: "/", secure: false }));
    expect(readKnownDevice(cookie, OTHER_KEY)).toBeNull();
    expect(readKnownDevice(cookie.replace(".42_", ".43_"), KEY)).toBeNull();
    expect(readKnownDevice(`${KNOWN_DEVICE_COOKIE}=d1.AAAAAAAAAAAAAAAAAAAAAA.42_AAAAAAAAAAAAAAAA.forged`, KEY)).toBeNull();
    expect(readKnownDevice(undefined, KEY)).toBeNull();
  });
});

describe("the known-device mark bound to the password (docs/decisions/132)", () => {
  it("says when its entry was written, so the registry can retire it after a password change", () => {
    const at = Date.UTC(2026, 10, 1, 12, 0, 0);
    const device = readKnownDevice(
      cookieOf(knownDeviceCookie(null, KEY, { medicalRecordId: 42, email: "rosa@example.org" }, { path: "/", secure: false }, at)),
      KEY,
    );
    expect(claimFor(device, KEY, "rosa@example.org")?.since).toBe(at / 1000);
    // The browser that changed the password writes its entry again; the others' stay as they were.
    const other = readKnownDevice(
      cookieOf(knownDeviceCookie(device, KEY, { medicalRecordId: 7, email: "ana@example.org" }, { path: "/", secure: false }, at)),
      KEY,
    );
    const renewed = readKnownDevice(cookieOf(renewedKnownDeviceCookie(other, KEY, 42, { path: "/", secure: false }, at + 60_000)!), KEY);
    expect(claimFor(renewed, KEY, "rosa@example.org")?.since).toBe(at / 1000 + 60);
    expect(claimFor(renewed, KEY, "ana@example.org")?.since).toBe(at / 1000);
    expect(renewedKnownDeviceCookie(renewed, KEY, 99, { path: "/", secure: false })).toBeNull();
  });

  it("is __Host- (Secure, Path=/) when the portal serves / over HTTPS, and read under that name only", () => {
    const set = knownDeviceCookie(null, KEY, { medicalRecordId: 42, email: "rosa@example.org" }, { path: "/", secure: false, hostPrefixed: true });
    expect(set).toMatch(new RegExp(`^${HOST_KNOWN_DEVICE_COOKIE}=d1\\.`));
    expect(set).toContain("; Path=/; Max-Age=15552000; HttpOnly; SameSite=Lax; Secure");
    const value = cookieOf(set).slice(HOST_KNOWN_DEVICE_COOKIE.length + 1);
    expect(readKnownDevice(`${HOST_KNOWN_DEVICE_COOKIE}=${value}`, KEY, true)).not.toBeNull();
    expect(readKnownDevice(`${KNOWN_DEVICE_COOKIE}=${value}`, KEY, true)).toBeNull();
  });
});

describe("the surge step (docs/decisions/087)", () => {
  it("starts at the threshold of unknown-device sign-ins in a minute, and ends 5 minutes after the last minute over it", () => {
    const surge = createSignInSurge({ perMinute: 5, formKey: KEY });
    for (let i = 0; i < 4; i++) expect(surge.note(1_000 + i * 10_000)).toBe(false);
    expect(surge.note(45_000)).toBe(true);
    expect(surge.active(45_000 + SURGE.holdMs - 1)).toBe(true);
    expect(surge.active(45_000 + SURGE.holdMs)).toBe(false);
    // Spread thinner than the threshold: never.
    const calm = createSignInSurge({ perMinute: 5, formKey: KEY });
    for (let i = 0; i < 20; i++) expect(calm.note(i * 20_000)).toBe(false);
    expect(createSignInSurge({ perMinute: 0, formKey: KEY }).note(0)).toBe(false);
  });

  it("takes a challenge solved in the browser once, at once; a forged, reused, wrongly solved or expired one never", async () => {
    const surge = createSignInSurge({ perMinute: 1, formKey: KEY });
    const now = 1_000_000;
    const challenge = surge.issue(now);
    expect(challengeBits(challenge)).toBe(SURGE.bits);
    const { webcrypto } = await import("node:crypto");
    const proof = await solveChallenge(challenge, webcrypto.subtle as SubtleCrypto);
    expect(proof).toMatch(/^\d+$/);
    expect(surge.check(challenge, String(Number(proof) + 1), now + 100)).toEqual({ ok: false });
    expect(surge.check(challenge, proof!, now + 100)).toEqual({ ok: true, waitMs: 0 });
    expect(surge.check(challenge, proof!, now + 200)).toEqual({ ok: false });
    const forged = `${challenge.slice(0, -4)}AAAA`;
    expect(surge.check(forged, "1", now)).toEqual({ ok: false });
    expect(createSignInSurge({ perMinute: 1, formKey: OTHER_KEY }).check(surge.issue(now), "", now + 5_000)).toEqual({ ok: false });
    const old = surge.issue(now);
    expect(surge.check(old, "", now + SURGE.challengeTtlMs + 1)).toEqual({ ok: false });
  });

  it("without JavaScript, takes an unsolved challenge once it is a few seconds old (the server waits the rest)", () => {
    const surge = createSignInSurge({ perMinute: 1, formKey: KEY });
    const a = surge.issue(0);
    expect(surge.check(a, "", 1_000)).toEqual({ ok: true, waitMs: SURGE.noScriptWaitMs - 1_000 });
    expect(surge.check(a, "", 9_000)).toEqual({ ok: false });
    const b = surge.issue(0);
    expect(surge.check(b, "", 30_000)).toEqual({ ok: true, waitMs: 0 });
    expect(surge.check("", "", 0)).toEqual({ ok: false });
  });

  it("counts leading zero bits exactly", () => {
    expect(hasLeadingZeroBits(Uint8Array.from([0, 0x0f, 0xff]), 12)).toBe(true);
    expect(hasLeadingZeroBits(Uint8Array.from([0, 0x1f, 0xff]), 12)).toBe(false);
    expect(hasLeadingZeroBits(Uint8Array.from([0, 0]), 16)).toBe(true);
    expect(hasLeadingZeroBits(Uint8Array.from([1]), 0)).toBe(true);
  });
});
