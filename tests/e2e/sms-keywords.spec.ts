import type { Page } from "@playwright/test";
import {
  confirmContact,
  createPatient,
  expect,
  expectAccessible,
  needsStaffCommands,
  newPatient,
  outbox,
  type Patient,
  registryCommand,
  sqlQuery,
  test as plain,
  withPatient as test,
} from "./fixtures";
import { e164, smsReply } from "./support/sms";

/**
 * Text-message keywords (docs/decisions/106; ACC-040, ACC-041, ACC-042): a patient replies STOP to a text (the staff command
 * `sms-inbound` posts it, signed, to the portal's inbound-text address as the SMS provider would), /profile says so,
 * no text goes to the number any more (a staff step's update, a code on /confirm) but the confirmation, and START
 * resumes them. In English and in Spanish, with JavaScript on and off.
 */

/** The texts sent to the patient's number, oldest first, as the demo outbox shows them. */
async function textsTo(page: Page, p: Patient): Promise<string[]> {
  return (await outbox(page.request))
    .filter((m) => m.channel === "sms" && m.to === e164(p))
    .map((m) => m.text)
    .reverse();
}

/** The send-a-code dialog on /confirm (?confirm=text), for the stored mobile number: answered with why no code is texted. */
async function textCodeRefused(page: Page, names: { send: string; title: string }, why: string) {
  await page.goto("confirm?confirm=text");
  const dialog = page.getByRole("dialog", { name: names.title });
  await dialog.getByRole("button", { name: names.send }).click();
  await expect(page.getByRole("dialog", { name: names.title })).toContainText(why);
  await expectAccessible(page);
}

const STOPPED_EN =
  "National Kidney Registry: you will receive no more text messages from us, not even confirmation codes. Reply START to receive them again.";
const STARTED_EN = "National Kidney Registry: you will receive our text messages again. Reply HELP for help, STOP to stop.";
const UPDATE_EN = "National Kidney Registry: you have completed every step of the program's registration. Sign in to your dashboard for details.";

test("STOP stops every text but its confirmation, /profile says so, START resumes them", async ({ page, patient }) => {
  needsStaffCommands();
  test.slow();
  await confirmContact(page, patient, "text");
  // The patient is in the immune-tolerance program at E-Sign, so the program's staff can record the next stages.
  const [record] = await sqlQuery<{ id: number }>("select id from medical_records where email = $1", [patient.email]);
  await sqlQuery("insert into if_registrations (medical_record_id, current_status, created_at, updated_at) values ($1, 3, now(), now())", [
    record!.id,
  ]);

  await smsReply(patient, "Stop");
  await expect.poll(() => textsTo(page, patient)).toContain(STOPPED_EN);
  await page.goto("profile");
  const texts = page.getByRole("region", { name: "Text messages" });
  await expect(texts).toContainText(/Stopped on \w+ \d{1,2}, \d{4} by replying STOP; reply START to \+1 \(202\) 555-0100 to receive them again\./);
  await expectAccessible(page);

  // A staff step: its email goes, its text does not.
  await registryCommand(["program-stage", "--record", String(record!.id), "--stage", "preworkup-labs"]);
  await expect.poll(async () => (await outbox(page.request)).some((m) => m.to === patient.email && m.subject.includes("pre-workup"))).toBe(true);
  await textCodeRefused(
    page,
    { send: "Send Confirmation Text", title: "Confirm Your Mobile Number" },
    "Text messages to this number are stopped, because STOP was replied to one of our texts. To receive texts again, reply START to any text from us. Until then, you can confirm your email address instead.",
  );
  const afterStop = await textsTo(page, patient);
  expect(afterStop.at(-1)).toBe(STOPPED_EN);

  await smsReply(patient, "START");
  await expect.poll(() => textsTo(page, patient)).toContain(STARTED_EN);
  await page.goto("profile");
  await expect(page.getByRole("heading", { level: 2, name: "Personal Information" })).toBeVisible();
  await expect(page.getByRole("region", { name: "Text messages" })).toHaveCount(0);
  await registryCommand(["program-stage", "--record", String(record!.id), "--stage", "completed"]);
  await expect.poll(async () => (await textsTo(page, patient)).slice(afterStop.length)).toEqual([STARTED_EN, UPDATE_EN]);
});

plain("en español: ALTO, AYUDA y COMENZAR, con las respuestas y el perfil en español", async ({ page }) => {
  const patient = await createPatient(page.request, newPatient("Lucía"), { verified: true, spanish: true });
  await page.goto("language?lng=es&to=%2Fprofile");
  await expect(page.locator("html")).toHaveAttribute("lang", "es");

  await smsReply(patient, "¡Alto!");
  await expect
    .poll(() => textsTo(page, patient))
    .toEqual([
      "National Kidney Registry: ya no recibirá mensajes de texto nuestros, ni siquiera códigos de confirmación. Responda COMENZAR para volver a recibirlos.",
    ]);
  await page.goto("profile");
  await expect(page.getByRole("region", { name: "Mensajes de texto" })).toContainText(
    /Detenidos el \d{1,2} de \p{L}+ de \d{4} al responder ALTO \(STOP\); responda COMENZAR \(START\) al \+1 \(202\) 555-0100 para volver a recibirlos\./u,
  );
  await expectAccessible(page);
  await textCodeRefused(
    page,
    { send: "Enviar mensaje de confirmación", title: "Confirme su número de celular" },
    "Los mensajes de texto a este número están detenidos",
  );

  await smsReply(patient, "ayuda");
  await smsReply(patient, "Comenzar");
  const texts = await textsTo(page, patient);
  expect(texts).toHaveLength(3);
  expect(texts[1]).toContain("Portal de pacientes de National Kidney Registry");
  expect(texts[1]).toContain("Responda ALTO para dejar de recibirlos.");
  expect(texts[2]).toBe(
    "National Kidney Registry: volverá a recibir nuestros mensajes de texto. Responda AYUDA para obtener ayuda, ALTO para dejar de recibirlos.",
  );
  await page.goto("profile");
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  await expect(page.getByRole("region", { name: "Mensajes de texto" })).toHaveCount(0);
});
