import { describe, expect, it } from "vitest";
import { textAddress } from "../contract/phone";
import { stopNumber } from "../data/sms-stops";
import { testDatabases } from "../db/test-databases";
import { approveOne, CENTER_A, patientWithScreening, selectCenter } from "../areas/labs-fixtures";
import { TEST_SETTINGS, useRegistry, type TestRegistry } from "../testing/harness";

/**
 * A patient who chose texts instead of emails (docs/decisions/109, 128; ACC-047, ACC-048) gets texts that say what
 * happened (the center selection received, the lab order ready, the lab results received), with nothing medical and
 * no pointer to an email that was never sent; an email that announces the lab order's news says it comes by text; a
 * number that replied STOP gets the email instead of nothing.
 */
const TEXT_ONLY = { email: false, text: true };
const EMAIL_ONLY = { email: true, text: false };
const DAY = 24 * 60 * 60 * 1000;
const LAB_KEY = { "x-lab-staff-key": TEST_SETTINGS.labStaffKey! };

const TEXTS = {
  en: [
    "National Kidney Registry: we received your transplant center selection. Sign in to your dashboard to see what comes next.",
    "National Kidney Registry: your lab order is ready. Sign in to your dashboard to download and print it.",
    "National Kidney Registry: your lab results were received and sent to your transplant center. Sign in to your dashboard for details.",
  ],
  es: [
    "National Kidney Registry: recibimos su selección de centro de trasplante. Inicie sesión en su panel para ver lo que sigue.",
    "National Kidney Registry: su orden de laboratorio está lista. Inicie sesión en su panel para descargarla e imprimirla.",
    "National Kidney Registry: recibimos sus resultados de laboratorio y los enviamos a su centro de trasplante. Inicie sesión en su panel para ver los detalles.",
  ],
} as const;

type Sent = { channel: string; to_address: string; subject: string; text_body: string };

describe.each(testDatabases())("the texts a patient chose carry their news, on $name", (target) => {
  const t = useRegistry(target);
  const sentSince = (after: Date) =>
    t.db.query<Sent>("select channel, to_address, subject, text_body from outbox where created_at >= $1 order by id", [after]);

  /** Patient n in `lang` with a screening, a confirmed mobile and the given choices; answers it with its E.164 number. */
  async function patient(tr: TestRegistry, n: number, lang: "en" | "es", choices: Record<string, { email: boolean; text: boolean }>) {
    const p = await patientWithScreening(tr, n);
    await tr.db.query("update medical_records set preferred_language = $2 where id = $1", [p.medicalRecordId, lang === "es" ? 2 : 1]);
    await tr.db.query("update accounts set is_mobile_verified = true where medical_record_id = $1", [p.medicalRecordId]);
    const saved = await tr.call("POST", `/api/pass/${p.medicalRecordId}/message-choices`, { token: p.token, body: choices });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    tr.advance(1000);
    const [row] = await tr.db.query<{ phone_number: string }>("select phone_number from medical_records where id = $1", [p.medicalRecordId]);
    return { ...p, to: textAddress(row!.phone_number)! };
  }

  it.each(["en", "es"] as const)("texts only (%s): each text names its news and no email is sent or mentioned", async (lang) => {
    const p = await patient(t, 1, lang, { steps: TEXT_ONLY, decisions: TEXT_ONLY, labs: TEXT_ONLY });
    const from = t.clock;
    expect((await selectCenter(t, p, CENTER_A)).status).toBe(200);
    t.advance(DAY);
    const { requisition } = await approveOne(t);
    t.advance(DAY);
    expect((await t.call("GET", `/api/pass/update-lab-requisition/${requisition}`, { headers: LAB_KEY })).status).toBe(200);
    expect((await t.call("GET", `/api/pass/process-lab-results/${requisition}`, { headers: LAB_KEY })).body.success).toBe(true);

    const sent = await sentSince(from);
    expect(sent.filter((m) => m.channel === "email")).toEqual([]);
    expect(sent.map((m) => [m.to_address, m.text_body])).toEqual(TEXTS[lang].map((text) => [p.to, text]));
    for (const m of sent) expect(m.text_body).not.toMatch(/email|correo/i);
  });

  it("lab news by text only: the center selection's email says the lab order's news comes by text", async () => {
    const p = await patient(t, 1, "en", { steps: EMAIL_ONLY, decisions: EMAIL_ONLY, labs: TEXT_ONLY });
    const from = t.clock;
    expect((await selectCenter(t, p, CENTER_A)).status).toBe(200);
    const [mail] = (await sentSince(from)).filter((m) => m.channel === "email");
    expect(mail!.text_body).toContain(
      "A simple blood test is needed before the center can evaluate you. We will send you a text message when your lab order is ready.",
    );
    expect(mail!.text_body).not.toContain("We will email you");
  });

  it("texts only, but the number replied STOP: the email goes instead, and the choices say so", async () => {
    const p = await patient(t, 1, "en", { steps: TEXT_ONLY, decisions: TEXT_ONLY, labs: TEXT_ONLY });
    await stopNumber(t.db, p.to, "STOP", t.clock);
    const from = t.clock;
    expect((await selectCenter(t, p, CENTER_A)).status).toBe(200);
    const sent = await sentSince(from);
    expect(sent.map((m) => [m.channel, m.to_address])).toEqual([["email", p.email]]);
    const read = await t.call("GET", `/api/pass/${p.medicalRecordId}/message-choices`, { token: p.token });
    expect(read.body.results).toMatchObject({
      choices: { steps: TEXT_ONLY, decisions: TEXT_ONLY, labs: TEXT_ONLY },
      mobileConfirmed: true,
      delivery: { steps: EMAIL_ONLY, decisions: EMAIL_ONLY, labs: EMAIL_ONLY },
    });
  });
});
