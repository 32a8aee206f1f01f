import type { Page } from "@playwright/test";
import es from "../../app/locales/es/index";
import { demoCenters } from "../../registry/data/demo-centers";
import {
  createPatient,
  expect,
  expectAccessible,
  newPatient,
  outbox,
  test as base,
  withPatient as test,
  type OutboxEntry,
  type Patient,
} from "./fixtures";
import { answer, continueTo } from "./support/wizard";

/**
 * Decision 095, JavaScript on and off: what the Complete page, the dashboard and the
 * email after the screening say agree, and are true for the patient. A patient staying with a non-member center is
 * told so everywhere (the email used to say "we are unable to continue your registration"); a patient whose primary
 * goal is Other reads one explanation for that goal (it used to read "you are already registered with a transplant
 * center" to a patient registered nowhere, and that they need a willing donor to one who has one).
 */

const nonMemberCenter = demoCenters().find((c) => !c.isMemberCenter)!.centerName;

const OTHER_GOAL =
  "You described a goal of your own (Other), so we will not refer you to a transplant center now: we refer patients only for the goals our programs serve (finding a transplant center, the Standard Voucher program, a Microsite center or a Kidney for Life center). If one of these goals fits you, choose My Situation has Changed on your dashboard and choose it.";
const OTHER_GOAL_ALERT =
  "We are unable to continue because you described a goal of your own (Other), and we refer patients only for the goals our programs serve (finding a transplant center, the Standard Voucher program, a Microsite center or a Kidney for Life center). You can update your preferences later.";
const STAYS_COMPLETE =
  "We are glad you are satisfied with your current transplant center and do not wish to transfer your care. You may return to the dashboard.";
const staysCard = (center: string) =>
  `You are staying with ${center}, which is not a member center of the registry: no lab tests or referral are needed. If you would like to transfer your care to a member center, choose Change Center.`;
const staysEmail = (center: string) =>
  `We are glad you are satisfied with your current transplant center, ${center}, and do not wish to transfer your care. ${center} is not a member center of the registry: no lab tests or referral are needed. If you would like to transfer your care to a member center, choose Change Center on your dashboard.`;

/** What the old texts told these patients, false for them or contradicting the screens. */
const FALSE_FOR_THEM = [
  "already registered with a transplant center",
  "unable to continue your registration",
  "have a willing living donor",
  "ya está registrado",
  "no podemos continuar con su registro",
  "tengan un donante vivo dispuesto",
];

/** The email the screening's save sent to the patient (the demo outbox, PLT-015). */
async function screeningEmail(page: Page, p: Patient, subject: string): Promise<OutboxEntry> {
  let found: OutboxEntry | undefined;
  await expect
    .poll(async () => {
      found = (await outbox(page.request)).find(
        (e) => e.channel === "email" && e.to.toLowerCase() === p.email.toLowerCase() && e.subject === subject,
      );
      return !!found;
    })
    .toBe(true);
  return found!;
}

async function expectNoFalseClaim(page: Page, text?: string) {
  for (const claim of FALSE_FOR_THEM) {
    await expect(page.getByText(claim, { exact: false })).toHaveCount(0);
    if (text !== undefined) expect(text.toLowerCase()).not.toContain(claim.toLowerCase());
  }
}

async function startScreening(page: Page, firstName: string, button = "Start Screening") {
  await page.goto("landing");
  await expect(page.getByText(firstName, { exact: false }).first()).toBeVisible();
  await page.getByRole("button", { name: button }).click();
  await expect(page).toHaveURL(/\/screening\/patient-situation$/);
}

test.describe("Decision 095: the Complete page, the dashboard and the email agree", () => {
  test("goal Other, registered nowhere, with a willing donor: one true explanation on every screen and in the email", async ({ page, patient }) => {
    await startScreening(page, patient.firstName);
    await answer(page, "I am on dialysis and need a kidney transplant", "transplant-center-registration");
    await answer(page, "No, I have not selected a transplant center", "donor-situation");
    await answer(page, "I already have a willing donor", "primary-goal");
    await page.getByLabel("Other", { exact: true }).check();
    await page.getByLabel("Your goal").fill("I would like a second opinion on my care");
    await continueTo(page, "patient-validation");
    await page.getByRole("button", { name: "Confirm & Validate Information" }).click();
    await expect(page).toHaveURL(/\/screening\/complete$/);

    // The Complete page.
    await expect(page.getByRole("heading", { level: 1, name: "You have completed the questionnaire" })).toBeVisible();
    await expect(page.getByText(OTHER_GOAL, { exact: true })).toBeVisible();
    await expectNoFalseClaim(page);
    await expectAccessible(page);

    // Its Screening Results dialog says the same.
    await page.getByRole("button", { name: "Show Results" }).click();
    const dialog = page.getByRole("dialog", { name: "Screening Questionnaire" });
    await expect(dialog.getByText("I would like a second opinion on my care.")).toBeVisible();
    await expect(dialog.getByText(OTHER_GOAL, { exact: true })).toBeVisible();
    await expectAccessible(page);
    await dialog.getByRole("button", { name: "Return to Dashboard" }).click();

    // The dashboard.
    await expect(page).toHaveURL(/\/landing$/);
    await expect(page.getByText(OTHER_GOAL_ALERT, { exact: true })).toBeVisible();
    await expect(page.getByRole("button", { name: "My Situation has Changed" })).toBeVisible();
    await expectNoFalseClaim(page);
    await expectAccessible(page);

    // The email.
    const mail = await screeningEmail(page, patient, "We received your screening questionnaire");
    expect(mail.text.split("\n\n")).toContain(OTHER_GOAL);
    await expectNoFalseClaim(page, mail.text);
  });

  test("registered with a non-member center, staying: the email says they stay and may choose Change Center", async ({ page, patient }) => {
    await startScreening(page, patient.firstName);
    await answer(page, "I will need a transplant in the next two years but am not on dialysis", "transplant-center-registration");
    await answer(page, "Yes, I am currently in the care of a transplant center", "transplant-center-selection");
    await page.getByLabel("Which transplant center are you registered with?").selectOption({ label: nonMemberCenter });
    await continueTo(page, "transplant-center-transfer");
    await answer(page, "No, I would like to stay with my current center", "complete");

    // The Complete page (SCR-013's text for a non-member center).
    await expect(page.getByRole("heading", { level: 1, name: "You have completed the questionnaire" })).toBeVisible();
    await expect(page.getByText(STAYS_COMPLETE, { exact: true })).toBeVisible();
    await page.getByRole("button", { name: "Return to Dashboard" }).click();

    // The dashboard: staying with the center, Change Center to transfer, no "unable to continue".
    await expect(page).toHaveURL(/\/landing$/);
    await expect(page.getByText(staysCard(nonMemberCenter), { exact: true })).toBeVisible();
    await expect(page.getByRole("button", { name: "Change Center" })).toBeVisible();
    await expect(page.getByText("We are unable to continue", { exact: false })).toHaveCount(0);
    await expectAccessible(page);

    // The email says the same.
    const mail = await screeningEmail(page, patient, "We received your screening questionnaire");
    expect(mail.text.split("\n\n")).toContain(staysEmail(nonMemberCenter));
    await expectNoFalseClaim(page, mail.text);
  });
});

base.describe("Decision 095 in Spanish", () => {
  base("a Spanish-speaking patient: goal Other, then staying with a non-member center, on the screens and in the emails", async ({ page }) => {
    const p = await createPatient(page.request, newPatient("Lucia"), { verified: true, spanish: true });
    const s = es.screening;
    const answerEs = async (label: string, next: string) => {
      await page.getByLabel(label, { exact: true }).check();
      await continueTo(page, next, s.continue);
    };

    await startScreening(page, p.firstName, es.landing.startScreening);
    await answerEs(s.patientSituation.dialysisNow, "transplant-center-registration");
    await answerEs(s.centerRegistration.no, "donor-situation");
    await answerEs(s.donorSituation.hasDonor, "primary-goal");
    await page.getByLabel(s.primaryGoal.other, { exact: true }).check();
    await page.getByLabel(s.primaryGoal.otherLabel).fill("Quiero una segunda opinión");
    await continueTo(page, "patient-validation", s.continue);
    await page.getByRole("button", { name: s.validation.confirm }).click();
    await expect(page).toHaveURL(/\/screening\/complete$/);
    const otherGoal =
      "Usted describió un objetivo propio (Otro), por lo que no lo derivaremos a un centro de trasplante por ahora: solo derivamos pacientes para los objetivos que atienden nuestros programas (encontrar un centro de trasplante, el programa Standard Voucher, un centro con micrositios o un centro Kidney for Life). Si uno de estos objetivos corresponde a su caso, elija Mi situación ha cambiado en su panel y elíjalo.";
    await expect(page.getByText(otherGoal, { exact: true })).toBeVisible();
    await expectNoFalseClaim(page);
    await expectAccessible(page);

    await page.goto("landing");
    await expect(
      page.getByText(
        "No podemos continuar porque usted describió un objetivo propio (Otro), y solo derivamos pacientes para los objetivos que atienden nuestros programas (encontrar un centro de trasplante, el programa Standard Voucher, un centro con micrositios o un centro Kidney for Life). Puede actualizar sus preferencias más adelante.",
        { exact: true },
      ),
    ).toBeVisible();
    await expectNoFalseClaim(page);
    await expectAccessible(page);
    const subject = "Su cuestionario de evaluación fue recibido";
    const first = await screeningEmail(page, p, subject);
    expect(first.text.split("\n\n")).toContain(otherGoal);

    // My Situation has Changed: now registered with a non-member center and staying there.
    await page.getByRole("button", { name: es.landing.notCleared.situationChanged }).click();
    await expect(page).toHaveURL(/\/screening\/patient-situation$/);
    await answerEs(s.patientSituation.dialysisNow, "transplant-center-registration");
    await answerEs(s.centerRegistration.yes, "transplant-center-selection");
    await page.getByLabel(s.centerSelection.question).selectOption({ label: nonMemberCenter });
    await continueTo(page, "transplant-center-transfer", s.continue);
    await answerEs(s.centerTransfer.no, "complete");
    await expect(
      page.getByText(
        "Nos alegra que esté satisfecho con su centro de trasplante actual y que no desee trasladar su atención. Puede volver al panel.",
        {
          exact: true,
        },
      ),
    ).toBeVisible();
    await page.goto("landing");
    await expect(
      page.getByText(
        `Usted seguirá con ${nonMemberCenter}, que no es un centro miembro del registro: no se necesitan análisis de laboratorio ni derivación. Si desea transferir su atención a un centro miembro, elija Cambiar de centro.`,
        { exact: true },
      ),
    ).toBeVisible();
    await expectAccessible(page);
    let second: OutboxEntry | undefined;
    await expect
      .poll(async () => {
        second = (await outbox(page.request)).find((e) => e.to.toLowerCase() === p.email.toLowerCase() && e.subject === subject);
        return second?.text !== first.text;
      })
      .toBe(true);
    expect(second!.text.split("\n\n")).toContain(
      `Nos alegra que esté satisfecho con su centro de trasplante actual, ${nonMemberCenter}, y que no desee trasladar su atención. ${nonMemberCenter} no es un centro miembro del registro: no se necesitan análisis de laboratorio ni derivación. Si desea transferir su atención a un centro miembro, elija Cambiar de centro en su panel.`,
    );
    await expectNoFalseClaim(page, second!.text);
  });
});
