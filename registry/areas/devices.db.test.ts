import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { ReferralStatus } from "../contract/enums";
import { RegistryMessage } from "../contract/envelope";
import { testDatabases } from "../db/test-databases";
import { START, TEST_SETTINGS, useRegistry, type TestRegistry } from "../testing/harness";
import { cityRecord, writeMmdb } from "../testing/mmdb-writer";
import { CENTER_A, patientWithScreening, selectCenter } from "./labs-fixtures";

/**
 * Messages the patient chooses and signed-in devices (docs/decisions/109): the choices stored and honoured by the one
 * place that picks channels (ACC-047, ACC-048); the devices listed and signed out one at a time, the patient's own
 * only (ACC-049, ACC-050).
 */
const CENTER_KEY = { "x-center-staff-key": TEST_SETTINGS.centerStaffKey! };
const DAY = 24 * 60 * 60 * 1000;
const EMAIL_ONLY = { email: true, text: false };
const TEXT_ONLY = { email: false, text: true };

type Sent = { channel: string; to_address: string };
const sentSince = (t: TestRegistry, after: Date) =>
  t.db.query<Sent>("select channel, to_address from outbox where created_at >= $1 order by id", [after]);

describe.each(testDatabases())("message choices and devices on $name", (target) => {
  // The shared-key staff calls answer only with STAFF_SHARED_KEYS=on (docs/decisions/133).
  const t = useRegistry(target, { ...TEST_SETTINGS, staffSharedKeys: true });
  const choices = (p: { medicalRecordId: number; token: string }, body?: unknown) =>
    body === undefined
      ? t.call("GET", `/api/pass/${p.medicalRecordId}/message-choices`, { token: p.token })
      : t.call("POST", `/api/pass/${p.medicalRecordId}/message-choices`, { token: p.token, body });

  /** Patient n referred to CENTER_A with a confirmed mobile, and the referral's id. */
  async function referredWithMobile(n = 1) {
    const p = await patientWithScreening(t, n);
    expect((await selectCenter(t, p, CENTER_A)).status).toBe(200);
    await t.db.query("update accounts set is_mobile_verified = true where medical_record_id = $1", [p.medicalRecordId]);
    const [row] = await t.db.query<{ id: number }>("select id from center_referrals where screening_id = $1", [p.screeningId]);
    return { ...p, referralId: row!.id };
  }

  const approve = (referralId: number) =>
    t.call("POST", `/api/staff/referrals/${referralId}/status`, { body: { statusId: ReferralStatus.CenterApproved }, headers: CENTER_KEY });

  it("without a choice: today's channels; a choice is stored for the patient and read back", async () => {
    const p = await t.register(1);
    const before = await choices(p);
    expect(before.body.results).toEqual({
      choices: { steps: EMAIL_ONLY, decisions: { email: true, text: true }, labs: EMAIL_ONLY },
      mobileConfirmed: false,
      // No confirmed mobile: every kind reaches the patient by email (docs/decisions/128).
      delivery: { steps: EMAIL_ONLY, decisions: EMAIL_ONLY, labs: EMAIL_ONLY },
    });
    const saved = await choices(p, { steps: TEXT_ONLY, decisions: EMAIL_ONLY, labs: { email: true, text: true } });
    expect(saved.status).toBe(200);
    const rows = await t.db.query("select kind, by_email, by_text from message_choices where medical_record_id = $1 order by kind", [
      p.medicalRecordId,
    ]);
    expect(rows).toEqual([
      { kind: "decisions", by_email: true, by_text: false },
      { kind: "labs", by_email: true, by_text: true },
      { kind: "steps", by_email: false, by_text: true },
    ]);
    expect((await choices(p)).body.results.choices).toEqual({ steps: TEXT_ONLY, decisions: EMAIL_ONLY, labs: { email: true, text: true } });
  });

  it("refuses a kind with no channel, a missing kind, and another patient's choices", async () => {
    const p = await t.register(1);
    const q = await t.register(2);
    const none = await choices(p, { steps: { email: false, text: false }, decisions: EMAIL_ONLY, labs: EMAIL_ONLY });
    expect(none.status).toBe(400);
    expect((await choices(p, { steps: EMAIL_ONLY, decisions: EMAIL_ONLY })).status).toBe(400);
    const theirs = await t.call("POST", `/api/pass/${q.medicalRecordId}/message-choices`, {
      token: p.token,
      body: { steps: TEXT_ONLY, decisions: TEXT_ONLY, labs: TEXT_ONLY },
    });
    expect(theirs.status).toBe(403);
    expect(await t.db.query("select * from message_choices")).toEqual([]);
  });

  it("a center's decision: both by default; no text when the patient chose email only; no email when text only", async () => {
    const p = await referredWithMobile(1);
    t.advance(DAY);
    let at = t.clock;
    expect((await approve(p.referralId)).status).toBe(200);
    expect((await sentSince(t, at)).map((m) => m.channel)).toEqual(["email", "sms"]);

    const q = await referredWithMobile(2);
    const signedIn = await t.call("POST", "/authenticate", { body: { email: q.email, password: q.password } });
    const token = signedIn.body.results.token as string;
    expect((await choices({ ...q, token }, { steps: EMAIL_ONLY, decisions: EMAIL_ONLY, labs: EMAIL_ONLY })).status).toBe(200);
    t.advance(DAY);
    at = t.clock;
    expect((await approve(q.referralId)).status).toBe(200);
    expect(await sentSince(t, at)).toEqual([{ channel: "email", to_address: q.email }]);

    const r = await referredWithMobile(3);
    const rToken = (await t.call("POST", "/authenticate", { body: { email: r.email, password: r.password } })).body.results.token as string;
    expect((await choices({ ...r, token: rToken }, { steps: EMAIL_ONLY, decisions: TEXT_ONLY, labs: EMAIL_ONLY })).status).toBe(200);
    t.advance(DAY);
    at = t.clock;
    expect((await approve(r.referralId)).status).toBe(200);
    expect((await sentSince(t, at)).map((m) => m.channel)).toEqual(["sms"]);
  });

  it("text only without a confirmed mobile: the email goes instead, never nothing", async () => {
    const p = await patientWithScreening(t, 1);
    expect((await choices(p, { steps: TEXT_ONLY, decisions: TEXT_ONLY, labs: TEXT_ONLY })).status).toBe(200);
    const at = t.clock;
    expect((await selectCenter(t, p, CENTER_A)).status).toBe(200);
    const sent = await sentSince(t, at);
    expect(sent.length).toBeGreaterThan(0);
    expect(new Set(sent.map((m) => m.channel))).toEqual(new Set(["email"]));
  });

  describe("devices", () => {
    const UA_PHONE = "Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Mobile Safari/537.36";
    const UA_MAC = "Mozilla/5.0 (Macintosh; Intel Mac OS X 14_5) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Safari/605.1.15";

    async function signInFrom(p: { email: string; password: string }, address: string, userAgent: string) {
      const a = await t.call("POST", "/authenticate", {
        body: { email: p.email, password: p.password },
        headers: { "x-client-address": address, "x-client-user-agent": userAgent },
      });
      expect(a.status).toBe(200);
      return a.body.results.token as string;
    }
    const devices = (p: { medicalRecordId: number }, token: string) => t.call("GET", `/api/pass/${p.medicalRecordId}/devices`, { token });
    const signOut = (p: { medicalRecordId: number }, token: string, device: string) =>
      t.call("POST", `/api/pass/${p.medicalRecordId}/devices/sign-out`, { token, body: { device } });
    const works = async (p: { medicalRecordId: number }, token: string) => (await t.call("GET", `/api/pass/${p.medicalRecordId}`, { token })).status;

    it("lists the patient's own sign-ins with coarse addresses, this one marked; none of another patient's", async () => {
      const p = await t.register(1);
      const q = await t.register(2);
      t.advance(1000);
      const phone = await signInFrom(p, "203.0.113.57", UA_PHONE);
      t.advance(1000);
      const mac = await signInFrom(p, "2001:db8:85a3:8d3:1319:8a2e:370:7348", UA_MAC);
      await signInFrom(q, "198.51.100.9", UA_MAC);
      const list = await devices(p, mac);
      expect(list.status).toBe(200);
      // docs/decisions/131: reading the list is audited, as the patient's, with where it was read from.
      const reads = await t.db.query<{ actor_id: number; medical_record_id: number }>(
        "select actor_id, medical_record_id from audit_log where action = 'auth.devices.read'",
      );
      expect(reads).toEqual([{ actor_id: p.medicalRecordId, medical_record_id: p.medicalRecordId }]);
      const rows = list.body.results.devices as Array<Record<string, unknown>>;
      // The registration's own sign-in, and the two sign-ins: newest first, the full address never leaves the registry.
      expect(rows.map((d) => [d.userAgent, d.address, d.current])).toEqual([
        [UA_MAC, "2001:db8:85a3:…", true],
        [UA_PHONE, "203.0.113.x", false],
        [null, expect.stringMatching(/^198\.18\.\d+\.x$/), false],
      ]);
      expect(JSON.stringify(list.body)).not.toContain("198.51.100");
      expect((await devices(q, mac)).status).toBe(403);
      expect(await works(p, phone)).toBe(200);
    });

    it("signs out one device: only its token stops working; another patient's device is refused", async () => {
      const p = await t.register(1);
      const q = await t.register(2);
      const phone = await signInFrom(p, "203.0.113.57", UA_PHONE);
      const mac = await signInFrom(p, "203.0.113.58", UA_MAC);
      const theirs = await signInFrom(q, "198.51.100.9", UA_MAC);
      const phoneId = ((await devices(p, mac)).body.results.devices as Array<{ id: string; current: boolean; userAgent: string }>).find(
        (d) => d.userAgent === UA_PHONE,
      )!.id;
      const theirId = ((await devices(q, theirs)).body.results.devices as Array<{ id: string; current: boolean }>).find((d) => d.current)!.id;

      const refused = await signOut(p, mac, theirId);
      expect([refused.status, refused.body.message]).toEqual([404, RegistryMessage.notFound]);
      expect(await works(q, theirs)).toBe(200);
      expect((await t.call("POST", `/api/pass/${q.medicalRecordId}/devices/sign-out`, { token: mac, body: { device: theirId } })).status).toBe(403);

      const done = await signOut(p, mac, phoneId);
      expect(done.body.results).toEqual({ signedOut: phoneId, current: false });
      expect(await works(p, phone)).toBe(401);
      expect((await t.call("GET", "/refresh-token", { token: phone })).status).toBe(401);
      expect(await works(p, mac)).toBe(200);
      expect(await works(p, p.token)).toBe(200);
      const left = (await devices(p, mac)).body.results.devices as Array<{ id: string }>;
      expect(left.map((d) => d.id)).not.toContain(phoneId);

      // 'Sign out on this device': the bearer's own sign-in only.
      expect((await signOut(p, mac, "this")).body.results.current).toBe(true);
      expect(await works(p, mac)).toBe(401);
      expect(await works(p, p.token)).toBe(200);
    });

    it("a refreshed token stays the same device; sign out everywhere empties the list", async () => {
      const p = await t.register(1);
      const phone = await signInFrom(p, "203.0.113.57", UA_PHONE);
      t.advance(60_000);
      const refreshed = await t.call("GET", "/refresh-token", { token: phone, headers: { "x-client-address": "203.0.113.99" } });
      const fresh = refreshed.body.results.token as string;
      const rows = (await devices(p, fresh)).body.results.devices as Array<{
        userAgent: string;
        address: string;
        current: boolean;
        lastUsedAt: string;
      }>;
      expect(rows.filter((d) => d.userAgent === UA_PHONE)).toEqual([
        {
          id: expect.any(String),
          userAgent: UA_PHONE,
          address: "203.0.113.x",
          current: true,
          signedInAt: START.toISOString(),
          lastUsedAt: t.clock.toISOString(),
        },
      ]);
      t.advance(1000);
      expect((await t.call("POST", "/revoke-token", { token: fresh })).status).toBe(200);
      const again = await signInFrom(p, "203.0.113.57", UA_MAC);
      expect(((await devices(p, again)).body.results.devices as unknown[]).length).toBe(1);
    });

    describe("places by address (GEOIP_DATABASE, docs/decisions/116)", () => {
      const SEVILLE = {
        city: { en: "Seville", es: "Sevilla" },
        region: { en: "Andalusia", es: "Andalucía" },
        country: { en: "Spain", es: "España" },
      };
      const dir = mkdtempSync(path.join(tmpdir(), "geoip-"));
      const cityFile = path.join(dir, "dbip-city-lite.mmdb");
      writeFileSync(
        cityFile,
        writeMmdb(
          [
            { network: "2.136.0.0/13", data: cityRecord({ ...SEVILLE, iso: "ES" }) },
            { network: "10.0.0.0/8", data: cityRecord({ ...SEVILLE, iso: "ES" }) },
            { network: "2a02:9000::/23", data: cityRecord({ ...SEVILLE, iso: "ES" }) },
          ],
          { databaseType: "DBIP-City-Lite", languages: ["en", "es"] },
        ),
      );
      type Row = { userAgent: string | null; address: string | null; place?: unknown };

      it("each device's place from its full address; none for a private, reserved or unknown address", async () => {
        const geo = t.handlerWith({ geoipDatabase: cityFile });
        const p = await t.register(1);
        t.advance(1000);
        const phone = await signInFrom(p, "2.139.20.77", UA_PHONE);
        t.advance(1000);
        await signInFrom(p, "2a02:9000:1::5", UA_MAC);
        t.advance(1000);
        await signInFrom(p, "10.1.2.3", "private");
        t.advance(1000);
        await signInFrom(p, "1.1.1.1", "unknown");
        const answer = await t.call("GET", `/api/pass/${p.medicalRecordId}/devices`, { token: phone }, geo);
        expect(answer.status).toBe(200);
        expect(answer.body.results.places).toBe("db-ip");
        const rows = answer.body.results.devices as Row[];
        expect(rows.map((d) => [d.userAgent, d.address, d.place])).toEqual([
          ["unknown", "1.1.1.x", undefined],
          ["private", "10.1.2.x", undefined],
          [UA_MAC, "2a02:9000:1:…", SEVILLE],
          [UA_PHONE, "2.139.20.x", SEVILLE],
          [null, expect.stringMatching(/^198\.18\.\d+\.x$/), undefined],
        ]);
        expect(rows.filter((d) => !d.place).every((d) => !("place" in d))).toBe(true);
        expect(JSON.stringify(answer.body)).not.toContain("2.139.20.77");
      });

      it("without a database: no places, and the answer says so", async () => {
        const p = await t.register(1);
        const phone = await signInFrom(p, "2.139.20.77", UA_PHONE);
        const answer = await devices(p, phone);
        expect(answer.body.results.places).toBe("none");
        expect((answer.body.results.devices as Row[]).some((d) => "place" in d)).toBe(false);
      });

      it("a file that is not a MaxMind DB, or is missing: one log line, the registry answers without places", async () => {
        const broken = path.join(dir, "broken.mmdb");
        writeFileSync(broken, Buffer.alloc(4096, 7));
        t.logs = [];
        const p = await t.register(1);
        const phone = await signInFrom(p, "2.139.20.77", UA_PHONE);
        for (const file of [broken, path.join(dir, "missing.mmdb")]) {
          const handler = t.handlerWith({ geoipDatabase: file });
          const answer = await t.call("GET", `/api/pass/${p.medicalRecordId}/devices`, { token: phone }, handler);
          expect(answer.status).toBe(200);
          expect(answer.body.results.places).toBe("none");
          expect((answer.body.results.devices as Row[]).map((d) => d.address)).toContain("2.139.20.x");
        }
        expect(t.logs.filter((l) => l.event === "registry.geoip.unreadable").map((l) => l.file)).toEqual([broken, path.join(dir, "missing.mmdb")]);
      });
    });
  });
});
