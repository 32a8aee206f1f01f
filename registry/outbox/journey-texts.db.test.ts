import { describe, expect, it } from "vitest";
import { Country, ImmunoFreeStatus, ReferralStatus } from "../contract/enums";
import { insertIfRegistration } from "../data/if-registrations";
import { upsertCenters } from "../data/centers";
import { testDatabases } from "../db/test-databases";
import { CENTER_A, CENTERS, clearedBody, selectCenter } from "../areas/labs-fixtures";
import { START, TEST_SETTINGS, useRegistry } from "../testing/harness";

/**
 * Every text along the journey goes to the number the confirmation code went to (docs/decisions/090):
 * the staff steps' update texts (a center approves the referral, the program records its stages) used to go to "+1"
 * and the stored digits (an Icelandic patient's to +1354…, a stranger's North American number) or, for UK and
 * Canadian (+1, 11 digits) numbers, nowhere.
 */
const PATIENTS = [
  { who: "a US patient who typed the country code", phone: "+1 303 555 5841", country: Country.UnitedStates, to: "+13035555841" },
  { who: "a Canadian patient (+1, 11 digits)", phone: "+1 613 555 0100", country: Country.Other, to: "+16135550100" },
  { who: "an Icelandic patient", phone: "+354 611 5034", country: Country.Other, to: "+3546115034" },
  { who: "a UK patient", phone: "+44 7911 123456", country: Country.Other, to: "+447911123456" },
] as const;

const DAY = 24 * 60 * 60 * 1000;

describe.each(testDatabases())("journey texts go where the code went, on $name", (target) => {
  // The shared-key staff calls answer only with STAFF_SHARED_KEYS=on (docs/decisions/133).
  const t = useRegistry(target, { ...TEST_SETTINGS, staffSharedKeys: true });

  type Sms = { to_address: string; text_body: string };
  const texts = (after: Date) =>
    t.db.query<Sms>("select to_address, text_body from outbox where channel = 'sms' and created_at >= $1 order by id", [after]);

  it.each(PATIENTS)("$who: the code, the referral's update and both program stages, all to $to", async ({ phone, country, to }) => {
    await upsertCenters(t.db, CENTERS, START);
    const abroad = country === Country.Other ? { usState: 0, province: "Region", postalCode: "101" } : {};
    const p = { ...(await t.register(1, { phoneNumber: phone, country, preferredLanguage: 1, ...abroad })), screeningId: 0 };

    // The patient confirms the registered mobile: the code goes to its E.164 number.
    const sent = await t.call("POST", "/api/mfa/send-confirmation-text", {
      token: p.token,
      body: { medicalRecordId: p.medicalRecordId, phoneNumber: phone },
    });
    expect(sent.status, JSON.stringify(sent.body)).toBe(200);
    const [codeText] = await texts(START);
    expect(codeText?.to_address).toBe(to);
    const code = /\b(\d{6})\b/.exec(codeText!.text_body)![1]!;
    const confirmed = await t.call("POST", `/api/mfa/update-confirmation?medicalRecordId=${p.medicalRecordId}`, {
      token: p.token,
      body: { code, value: phone, isEmail: false },
    });
    expect(confirmed.body.results).toBe(1);

    // A screening and a center: the center approves the referral (a staff step with a text).
    const screening = await t.call("POST", `/api/pass/${p.medicalRecordId}/screening`, { token: p.token, body: clearedBody() });
    expect(screening.status, JSON.stringify(screening.body)).toBe(200);
    p.screeningId = screening.body.results.id as number;
    expect((await selectCenter(t, p, CENTER_A)).status).toBe(200);
    const [referral] = await t.db.query<{ id: number }>("select id from center_referrals where screening_id = $1", [p.screeningId]);
    t.advance(DAY);
    const stepsFrom = t.clock;
    const approved = await t.call("POST", `/api/staff/referrals/${referral!.id}/status`, {
      body: { statusId: ReferralStatus.CenterApproved },
      headers: { "x-center-staff-key": TEST_SETTINGS.centerStaffKey! },
    });
    expect(approved.status, JSON.stringify(approved.body)).toBe(200);

    // The immune-tolerance program's staff record its stages (each a staff step with a text).
    await insertIfRegistration(t.db, p.medicalRecordId, ImmunoFreeStatus.ESign, t.clock);
    for (const stage of [ImmunoFreeStatus.Preworkuplab, ImmunoFreeStatus.Completed]) {
      t.advance(DAY);
      const moved = await t.call("POST", `/api/staff/program/${p.medicalRecordId}/stage`, {
        body: { stage },
        headers: { "x-program-staff-key": TEST_SETTINGS.programStaffKey! },
      });
      expect(moved.status, JSON.stringify(moved.body)).toBe(200);
    }

    const updates = await texts(stepsFrom);
    expect(updates.map((m) => m.to_address)).toEqual([to, to, to]);
    expect(updates.map((m) => m.text_body)).toEqual([
      "National Kidney Registry: your transplant center approved your referral. Sign in to your dashboard for details.",
      "National Kidney Registry: the program's team recorded your pre-workup lab tests. Sign in to your dashboard for details.",
      "National Kidney Registry: you have completed every step of the program's registration. Sign in to your dashboard for details.",
    ]);
    // Nothing was texted anywhere else, ever.
    expect(new Set((await texts(START)).map((m) => m.to_address))).toEqual(new Set([to]));
  });
});
