import { createHash } from "node:crypto";
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
import { createSignInSurge, noScriptWaitMs, SURGE, surgeBits } from "./sign-in-surge.server";

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

describe("the surge step (docs/decisions/087, 135)", () => {
  const ME = { browser: "browser-me-0123456789a", address: "2001:db8:5:6::1" };
  /** The registry's spends, in memory: once per nonce, at most `max` per address key (one minute is all a test spans). */
  const memorySpends = (max = 1000) => {
    const spent = new Set<string>();
    let n = 0;
    return async (nonceHash: string) => {
      if (spent.has(nonceHash)) return "used" as const;
      if (n >= max) return "over" as const;
      spent.add(nonceHash);
      n += 1;
      return "spent" as const;
    };
  };

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
    const spend = memorySpends();
    const now = 1_000_000;
    const challenge = surge.issue(now, ME)!;
    expect(challengeBits(challenge)).toBe(SURGE.bits);
    const { webcrypto } = await import("node:crypto");
    const proof = await solveChallenge(challenge, webcrypto.subtle as SubtleCrypto);
    expect(proof).toMatch(/^\d+$/);
    expect(await surge.check(challenge, String(Number(proof) + 1), now + 100, ME, spend)).toEqual({ ok: false, reason: "invalid" });
    expect(await surge.check(challenge, proof!, now + 100, ME, spend)).toEqual({ ok: true, waitMs: 0, proved: true });
    expect(await surge.check(challenge, proof!, now + 200, ME, spend)).toEqual({ ok: false, reason: "used" });
    const forged = `${challenge.slice(0, -4)}AAAA`;
    expect(await surge.check(forged, "1", now, ME, spend)).toEqual({ ok: false, reason: "invalid" });
    const elsewhere = createSignInSurge({ perMinute: 1, formKey: OTHER_KEY });
    expect(await elsewhere.check(surge.issue(now, ME)!, "", now + 5_000, ME, spend)).toEqual({ ok: false, reason: "invalid" });
    const old = surge.issue(now, ME)!;
    expect(await surge.check(old, "", now + SURGE.challengeTtlMs + 1, ME, spend)).toEqual({ ok: false, reason: "invalid" });
  });

  it("vouches at the admission (docs/decisions/134) for a solved challenge of this browser and address, once, never a spent one", async () => {
    const surge = createSignInSurge({ perMinute: 1, formKey: KEY });
    const now = 1_000_000;
    const { webcrypto } = await import("node:crypto");
    const challenge = surge.issue(now, ME)!;
    const proof = (await solveChallenge(challenge, webcrypto.subtle as SubtleCrypto))!;
    expect(surge.vouch(challenge, "", now, ME)).toBe(false);
    expect(surge.vouch(challenge, String(Number(proof) + 1), now, ME)).toBe(false);
    expect(surge.vouch(challenge, proof, now, { ...ME, browser: "another-browser-000000" })).toBe(false);
    expect(surge.vouch(challenge, proof, now, { ...ME, address: "198.51.100.99" })).toBe(false);
    expect(surge.vouch(challenge, proof, now + SURGE.challengeTtlMs + 1, ME)).toBe(false);
    expect(surge.vouch(challenge, proof, now, ME)).toBe(true);
    // Once: a replay goes unpreferred (the sign-in still takes it once, through check).
    expect(surge.vouch(challenge, proof, now, ME)).toBe(false);
    expect(await surge.check(challenge, proof, now, ME, memorySpends())).toEqual({ ok: true, waitMs: 0, proved: true });
    const spent = surge.issue(now, ME)!;
    const spentProof = (await solveChallenge(spent, webcrypto.subtle as SubtleCrypto))!;
    expect(await surge.check(spent, spentProof, now, ME, memorySpends())).toMatchObject({ ok: true });
    expect(surge.vouch(spent, spentProof, now, ME)).toBe(false);
  });

  it("refuses a challenge fetched by another browser (session) or from another address; another address of the same /64 is the same", async () => {
    const surge = createSignInSurge({ perMinute: 1, formKey: KEY });
    const spend = memorySpends();
    const challenge = surge.issue(0, ME)!;
    expect(await surge.check(challenge, "", 10_000, { ...ME, browser: "browser-other-456789ab" }, spend)).toEqual({ ok: false, reason: "invalid" });
    expect(await surge.check(challenge, "", 10_000, { ...ME, browser: "" }, spend)).toEqual({ ok: false, reason: "invalid" });
    expect(await surge.check(challenge, "", 10_000, { ...ME, address: "2001:db8:5:7::1" }, spend)).toEqual({ ok: false, reason: "invalid" });
    expect(await surge.check(challenge, "", 10_000, { ...ME, address: "203.0.113.9" }, spend)).toEqual({ ok: false, reason: "invalid" });
    expect(await surge.check(challenge, "", 10_000, { ...ME, address: "2001:db8:5:6::ffff" }, spend)).toEqual({ ok: true, waitMs: 0 });
  });

  it("without JavaScript, takes an unsolved challenge once it is a few seconds old (the server waits the rest)", async () => {
    const surge = createSignInSurge({ perMinute: 1, formKey: KEY });
    const spend = memorySpends();
    const a = surge.issue(0, ME)!;
    expect(await surge.check(a, "", 1_000, ME, spend)).toEqual({ ok: true, waitMs: SURGE.noScriptWaitMs - 1_000 });
    expect(await surge.check(a, "", 9_000, ME, spend)).toEqual({ ok: false, reason: "used" });
    const b = surge.issue(0, ME)!;
    expect(await surge.check(b, "", 30_000, ME, spend)).toEqual({ ok: true, waitMs: 0 });
    expect(await surge.check("", "", 0, ME, spend)).toEqual({ ok: false, reason: "invalid" });
  });

  it("passes on only what the registry spent: a challenge spent by another portal process, or over the address's allowance, is refused", async () => {
    const surge = createSignInSurge({ perMinute: 1, formKey: KEY });
    const challenge = surge.issue(0, ME)!;
    expect(await surge.check(challenge, "", 5_000, ME, async () => "used")).toEqual({ ok: false, reason: "used" });
    expect(await surge.check(challenge, "", 5_000, ME, async () => "over")).toEqual({ ok: false, reason: "over" });
    expect(await surge.check(challenge, "", 5_000, ME, async () => "unreachable")).toEqual({ ok: false, reason: "unreachable" });
    // Refused there, so not remembered as spent here.
    expect(await surge.check(challenge, "", 5_000, ME, async () => "spent")).toEqual({ ok: true, waitMs: 0 });
  });

  it(`issues at most ${SURGE.issuedPerAddress} challenges to an address (/64) a minute`, () => {
    const surge = createSignInSurge({ perMinute: 1, formKey: KEY });
    for (let i = 0; i < SURGE.issuedPerAddress; i++) expect(surge.issue(1_000 + i, { ...ME, address: `2001:db8:5:6::${i + 1}` })).not.toBeNull();
    expect(surge.issue(2_000, ME)).toBeNull();
    expect(surge.issue(2_000, { ...ME, address: "2001:db8:5:9::1" })).not.toBeNull();
    expect(surge.issue(1_000 + SURGE.windowMs, ME)).not.toBeNull();
  });

  it("raises the difficulty with the surge's size, bounded, and the wait without JavaScript with it", async () => {
    expect(surgeBits(100, 100)).toBe(SURGE.bits);
    expect(surgeBits(199, 100)).toBe(12);
    expect(surgeBits(200, 100)).toBe(14);
    expect(surgeBits(400, 100)).toBe(16);
    expect(surgeBits(800, 100)).toBe(18);
    expect(surgeBits(100_000, 100)).toBe(SURGE.maxBits);
    expect(noScriptWaitMs(12)).toBe(4_000);
    expect(noScriptWaitMs(18)).toBe(16_000);

    const surge = createSignInSurge({ perMinute: 10, formKey: KEY });
    for (let i = 0; i < 10; i++) surge.note(1_000 + i);
    expect(challengeBits(surge.issue(2_000, ME)!)).toBe(12);
    for (let i = 0; i < 20; i++) surge.note(2_000 + i);
    const harder = surge.issue(3_000, ME)!;
    expect(challengeBits(harder)).toBe(14);
    for (let i = 0; i < 200; i++) surge.note(3_000 + i);
    expect(challengeBits(surge.issue(4_000, ME)!)).toBe(SURGE.maxBits);
    // Without JavaScript the harder challenge must be older.
    expect(await surge.check(harder, "", 4_000, ME, memorySpends())).toEqual({ ok: true, waitMs: noScriptWaitMs(14) - 1_000 });
    // A proof of 12 bits does not do for a challenge of more.
    const hardest = surge.issue(5_000, ME)!;
    let weak = 0;
    for (; ; weak++) {
      const digest = createHash("sha256").update(`${hardest}:${weak}`).digest();
      if (hasLeadingZeroBits(digest, 12) && !hasLeadingZeroBits(digest, SURGE.maxBits)) break;
    }
    expect(await surge.check(hardest, String(weak), 6_000, ME, memorySpends())).toEqual({ ok: false, reason: "invalid" });
  });

  it("counts leading zero bits exactly", () => {
    expect(hasLeadingZeroBits(Uint8Array.from([0, 0x0f, 0xff]), 12)).toBe(true);
    expect(hasLeadingZeroBits(Uint8Array.from([0, 0x1f, 0xff]), 12)).toBe(false);
    expect(hasLeadingZeroBits(Uint8Array.from([0, 0]), 16)).toBe(true);
    expect(hasLeadingZeroBits(Uint8Array.from([1]), 0)).toBe(true);
  });
});
