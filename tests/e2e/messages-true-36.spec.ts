import type { APIRequestContext, Page } from "@playwright/test";
import { demoCenters } from "../../registry/data/demo-centers";
import {
  confirmContact,
  createCandidate,
  createPatient,
  expect,
  expectAccessible,
  formPoster,
  hiddenValue,
  needsStaffCommands,
  newPatient,
  outbox,
  type Patient,
  patientValidation,
  registryCommand,
  sqlQuery,
  test,
} from "./fixtures";
import { e164, smsReply } from "./support/sms";

/**
 * Issue 36, "What patients read" (docs/decisions/128), JavaScript on and off, English and Spanish:
 * 1. a patient who chose texts for lab news is never told to check their email for it, and the texts say what happened;
 * 2. a participant who completed every program step is not told "You may be eligible… check your email" under a
 *    'Pending' title, and before the screening the dashboard shows one next step;
 * 4. after STOP, /confirm says texts to the mobile number are stopped (ACC-041), as /profile does;
 * 8. a patient in the care of a center is not thanked "for selecting" it.
 */

const memberCenter = demoCenters().find((c) => c.isMemberCenter)!;
const recordId = async (p: Patient) =>
  (await sqlQuery<{ id: number }>("select id from medical_records where lower(email) = lower($1)", [p.email]))[0]!.id;

/** The mobile number counts as confirmed, and the patient chose texts only for lab news (/profile/messages, ACC-047). */
async function labNewsByText(request: APIRequestContext, p: Patient) {
  await sqlQuery("update accounts set is_mobile_verified = true where medical_record_id = $1", [await recordId(p)]);
  const page = await (await request.get("profile/messages")).text();
  const saved = await request.post("profile/messages", {
    form: { _csrf: hiddenValue(page, "_csrf"), "steps-email": "true", "decisions-email": "true", "labs-text": "true" },
    maxRedirects: 0,
  });
  expect(saved.status(), await saved.text()).toBe(302);
}

/** A screening, with the plain posts a browser without JavaScript sends: in the care of a member center, staying there. */
async function screenInCareOfMemberCenter(request: APIRequestContext, p: Patient, spanish: boolean) {
  const post = formPoster(request, hiddenValue(await (await request.get("landing")).text(), "_csrf"));
  await post("landing", { intent: "start-screening" });
  await post("screening/patient-situation", { intent: "continue", kidneyStatus: "1", kidneyStatusOther: "" });
  await post("screening/transplant-center-registration", { intent: "continue", transplantCenterSituation: "1" });
  await post("screening/transplant-center-selection", { intent: "continue", preferredCenterId: String(memberCenter.centerId) });
  await post("screening/donor-situation", { intent: "continue", donorStatus: "1", donorStatusOther: "" });
  await post("screening/primary-goal", { intent: "continue", primaryGoal: "4", primaryGoalOther: "" });
  await post("screening/patient-validation", { ...patientValidation(p), preferredLanguage: spanish ? "2" : "1" });
}

const texts = async (page: Page, p: Patient) =>
  (await outbox(page.request)).filter((m) => m.channel === "sms" && m.to === e164(p)).map((m) => m.text);
const emailSubjects = async (page: Page, p: Patient) =>
  (await outbox(page.request)).filter((m) => m.channel === "email" && m.to.toLowerCase() === p.email.toLowerCase()).map((m) => m.subject);

const EN = {
  complete: "You will be referred to your transplant center after your lab tests. We will send you a text message when your lab order is ready.",
  thankYou: `Thank you for telling us that you are in the care of ${memberCenter.centerName}.`,
  labs: "A simple blood test is needed before we can refer you. We will send you a text message when your lab order is ready.",
  ready: "National Kidney Registry: your lab order is ready. Sign in to your dashboard to download and print it.",
};
const ES = {
  complete:
    "Lo derivaremos a su centro de trasplante después de sus análisis de laboratorio. Le enviaremos un mensaje de texto cuando su orden de laboratorio esté lista.",
  thankYou: `Gracias por indicarnos que usted está bajo el cuidado de ${memberCenter.centerName}.`,
  labs: "Se necesita un sencillo análisis de sangre antes de poder derivarlo. Le enviaremos un mensaje de texto cuando su orden de laboratorio esté lista.",
  ready: "National Kidney Registry: su orden de laboratorio está lista. Inicie sesión en su panel para descargarla e imprimirla.",
};

for (const lang of ["en", "es"] as const) {
  const t = lang === "en" ? EN : ES;
  const emailHint = lang === "en" ? /check your email/i : /revise su correo/i;
  const selecting = lang === "en" ? `for selecting ${memberCenter.centerName}` : `por elegir ${memberCenter.centerName}`;

  test(`items 1 and 8 (${lang}): lab news by text only, in the care of a member center: no page says to check email, the text carries its news`, async ({
    page,
  }) => {
    needsStaffCommands();
    test.slow();
    const p = await createPatient(page.request, newPatient("Tomas"), { verified: true, spanish: lang === "es" });
    await labNewsByText(page.request, p);
    await screenInCareOfMemberCenter(page.request, p, lang === "es");

    // The Complete page.
    await page.goto("screening/complete");
    await expect(page.getByText(t.complete, { exact: true })).toBeVisible();
    await expect(page.getByText(emailHint)).toHaveCount(0);
    await expectAccessible(page);

    // The dashboard: what the patient told, and that the lab order's news comes by text.
    await page.goto("landing");
    await expect(page.getByText(t.thankYou, { exact: true })).toBeVisible();
    await expect(page.getByText(t.labs, { exact: true })).toBeVisible();
    await expect(page.getByText(selecting, { exact: false })).toHaveCount(0);
    await expect(page.getByText(emailHint)).toHaveCount(0);
    await expectAccessible(page);

    // Staff approve the order: the text says the order is ready; no 'lab order is ready' email.
    const before = (await emailSubjects(page, p)).length;
    const [screening] = await sqlQuery<{ id: number }>("select id from screenings where medical_record_id = $1", [await recordId(p)]);
    await registryCommand(["approve-labs", "--screening", String(screening!.id)]);
    await expect.poll(() => texts(page, p)).toContain(t.ready);
    for (const text of await texts(page, p)) expect(text).not.toMatch(/email|correo/i);
    expect((await emailSubjects(page, p)).length).toBe(before);
  });
}

test("item 2: before the screening one next step; a participant who completed every step is not 'Pending' nor 'may be eligible'", async ({
  page,
}) => {
  needsStaffCommands();
  test.slow();
  // An invited participant before the screening: the program waits for it.
  const invited = newPatient("Ines");
  const created = await registryCommand([
    "create-invite",
    "--first-name",
    invited.firstName,
    "--last-name",
    invited.lastName,
    "--email",
    invited.email,
  ]);
  const token = decodeURIComponent(/\/register\?token=([^\s&]+)/.exec(created)![1]!);
  await createPatient(page.request, invited, { verified: true, inviteToken: token });
  await page.goto("landing");
  await expect(
    page.getByText("Your first step is the screening questionnaire below. The medical history questionnaire comes after it."),
  ).toBeVisible();
  await expect(page.getByText("Please complete the medical history questionnaire.")).toHaveCount(0);
  await expect(page.getByRole("button", { name: "Medical History" })).toHaveCount(0);
  await expect(page.getByRole("button", { name: "Start Screening" })).toBeVisible();
  await expectAccessible(page);
  await page.context().clearCookies();

  // A candidate the program's staff took through every stage.
  const { patient } = await createCandidate(page.request, newPatient("Olga"));
  const id = await recordId(patient);
  await page.goto("landing");
  await expect(page.getByText("You may be eligible for the ImmunoFree program. Please check your email for updates.")).toBeVisible();
  await sqlQuery("update if_registrations set current_status = 4 where medical_record_id = $1", [id]);
  await registryCommand(["program-stage", "--record", String(id), "--stage", "completed"]);
  await page.goto("landing");
  const card = page.getByRole("article");
  await expect(card.getByRole("heading", { level: 3 })).toHaveText("ImmunoFree Registration Complete");
  await expect(card.getByText("The program's team and a participating transplant center will contact you about what follows.")).toBeVisible();
  await expect(card.getByText("You have completed every step of the program's registration. Thank you.")).toBeVisible();
  await expect(page.getByText("You may be eligible", { exact: false })).toHaveCount(0);
  await expect(page.getByText("check your email", { exact: false })).toHaveCount(0);
  await expect(page.getByRole("heading", { name: "Pending", exact: true })).toHaveCount(0);
  await expectAccessible(page);
});

test("item 4: after STOP, /confirm says texts to the mobile number are stopped, in English and in Spanish", async ({ page }) => {
  test.slow();
  const p = await createPatient(page.request, newPatient("Marta"), { verified: true });
  await confirmContact(page, p, "text");
  await smsReply(p, "STOP");

  await page.goto("confirm");
  const mobileStatus = page.locator(".contact-status").nth(1);
  await expect(mobileStatus).toHaveText("Confirmed Text messages to this number are stopped.");
  const region = page.getByRole("region", { name: "Text messages" });
  await expect(region).toContainText(
    /Stopped on \w+ \d{1,2}, \d{4} by replying STOP; reply START to \+1 \(\d{3}\) \d{3}-\d{4} to receive them again\./,
  );
  await expect(region).toContainText("Until then, we send your confirmation codes and updates by email only.");
  await expectAccessible(page);

  await page.goto("language?lng=es&to=%2Fconfirm");
  await expect(page.locator(".contact-status").nth(1)).toHaveText("Confirmado Los mensajes de texto a este número están detenidos.");
  await expect(page.getByRole("region", { name: "Mensajes de texto" })).toContainText("Detenidos el");
  await expectAccessible(page);

  await smsReply(p, "START");
  await page.goto("confirm");
  await expect(page.locator(".contact-status").nth(1)).toHaveText("Confirmado");
  await expect(page.getByRole("region", { name: "Mensajes de texto" })).toHaveCount(0);
});
