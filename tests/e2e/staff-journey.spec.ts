import type { APIRequestContext, Browser, Page } from "@playwright/test";
import { answersByPage } from "../../app/features/medical-history/test-answers";
import {
  createCandidate,
  createClearedScreening,
  createPatient,
  expect,
  expectAccessible,
  formPoster,
  hiddenValue,
  newPatient,
  outbox,
  sqlQuery,
  needsStaffCommands,
  test,
  type Patient,
} from "./fixtures";
import { createAdminLink, emailedLink, projectUse, setUpFromLink, staffEmail, staffSignIn, type StaffPerson } from "./support/staff";
import { portalText, registryText, type Lang } from "./support/texts";

/**
 * Issue 34's "Done means", walked end to end by every role (docs/decisions/126, 127, 133): the operator's
 * `create-admin` (node build/registry.js) → its link → password and authenticator → sign-in with a code → the
 * administrator invites a center person, a lab person and a program person → each sets up from the emailed link and
 * signs in → a patient registers and chooses that center → the lab person approves the order and records the results →
 * the center person approves the referral → the patient's dashboard, emails and texts (demo outbox) show each step;
 * the program person moves a participant through every stage they may, and the participant is told each time.
 *
 * One language per project: Spanish with JavaScript on (js), English with it off (nojs). Every staff person's language
 * is chosen at invitation (their emails) and their browser asks for it (their pages); the patients chose it when they
 * registered.
 */
needsStaffCommands();

// A member center near the fixtures' postal code 10118 (staff-center.spec.ts).
const CENTER = "Ironbound Kidney Center";
const LAB = "Registry laboratory";

/** A browser of its own for one person, asking for `lang` (Accept-Language), as the test's project browses. */
async function browserFor(browser: Browser, lang: Lang, extraHTTPHeaders: Record<string, string> | undefined): Promise<Page> {
  const context = await browser.newContext({ ...projectUse(), extraHTTPHeaders, locale: lang === "es" ? "es-ES" : "en-US" });
  return context.newPage();
}

const e164 = (p: Patient) => `+1${p.phone.replace(/\D/g, "")}`;
const emailsTo = async (request: APIRequestContext, p: Patient) =>
  (await outbox(request)).filter((m) => m.channel === "email" && m.to.toLowerCase() === p.email.toLowerCase());
const textsTo = async (request: APIRequestContext, p: Patient) =>
  (await outbox(request)).filter((m) => m.channel === "sms" && m.to === e164(p)).map((m) => m.text);

/** The patient's news by email and text both (a confirmed mobile; /profile/messages, ACC-047). */
async function newsByEmailAndText(request: APIRequestContext, p: Patient) {
  await sqlQuery(
    "update accounts set is_mobile_verified = true where medical_record_id = (select id from medical_records where lower(email) = lower($1))",
    [p.email],
  );
  const page = await (await request.get("profile/messages")).text();
  const choices = Object.fromEntries(["steps", "decisions", "labs"].flatMap((k) => [`${k}-email`, `${k}-text`]).map((f) => [f, "true"]));
  const saved = await request.post("profile/messages", { form: { _csrf: hiddenValue(page, "_csrf"), ...choices }, maxRedirects: 0 });
  expect(saved.status(), await saved.text()).toBe(302);
}

test("every role, one journey: create-admin, invitations, the lab, the center, the program; the patients see and receive each step", async ({
  page,
  browser,
  extraHTTPHeaders,
}) => {
  test.setTimeout(480_000);
  const lang: Lang = test.info().project.name === "js" ? "es" : "en";
  const ui = (key: string, vars?: Record<string, string>) => portalText(lang, key, vars);
  const sc = (key: string, vars?: Record<string, string>) => ui(`staffConsole.${key}`, vars);
  const mail = (key: string, vars?: Record<string, string>) => registryText(lang, key, vars);
  const open = (who: Lang = lang) => browserFor(browser, who, extraHTTPHeaders);

  // 1. The operator runs `create-admin`; the administrator follows the printed link, chooses a password, sets up the
  //    authenticator from the key shown as text, signs out, and signs in again with the password and a code.
  const admin = await open();
  const adminWho = { name: "Ada Admin", email: staffEmail("ada"), lang };
  const ada = await setUpFromLink(admin, await createAdminLink(adminWho.email, adminWho.name, lang), adminWho);
  await expect(admin.getByText(sc("roles.administrator"))).toBeVisible();
  await expect(admin.getByText(sc("signedInAs", { name: ada.name }))).toBeVisible();
  await admin.getByRole("button", { name: sc("signOut") }).click();
  await expect(admin.getByText(sc("session.signedOut"))).toBeVisible();
  await staffSignIn(admin, ada);
  await expect(admin.getByRole("heading", { level: 1, name: sc("home.title") })).toBeVisible();
  await expectAccessible(admin);

  // 2. The administrator invites a center person (the center the patient will choose), a lab person and a program
  //    person, each with their language; each invitation is emailed in it.
  async function invite(name: string, role: "center" | "lab" | "program"): Promise<{ name: string; email: string; lang: Lang }> {
    const email = staffEmail(role);
    // Other specs invite people of these names into the same database: the address's stamp tells them apart.
    const who = { name: `${name} ${email.split("@")[0]!.split(".")[1]}`, email, lang };
    await admin.goto("staff/people");
    await admin.getByLabel(sc("people.name"), { exact: true }).fill(who.name);
    await admin.getByLabel(sc("people.email")).fill(who.email);
    await admin.getByRole("radio", { name: ui(`language.${lang}`) }).check();
    await admin.getByLabel(sc("people.role")).selectOption(role);
    if (role === "lab") await admin.getByRole("combobox", { name: new RegExp(`^${sc("people.lab")}\\b`) }).selectOption({ label: LAB });
    if (role === "center") await admin.getByLabel(sc("people.center")).selectOption({ label: CENTER });
    await admin.getByRole("button", { name: sc("people.inviteSubmit") }).click();
    await expect(admin.getByText(sc("people.invited", { email: who.email }))).toBeVisible();
    await expect(admin.getByRole("row", { name: new RegExp(who.name) })).toContainText(sc("people.statusInvited"));
    const invitation = (await outbox(admin.request)).find((m) => m.channel === "email" && m.to === who.email);
    expect(invitation?.subject).toBe(mail("staffLinkEmail.subject"));
    expect(invitation?.text).toContain(mail("staffLinkEmail.greeting", { name: who.name }));
    return who;
  }
  const centerWho = await invite("Cora Center", "center");
  const labWho = await invite("Lou Lab", "lab");
  const programWho = await invite("Priya Program", "program");
  await expectAccessible(admin);

  // 3. Each accepts in their own browser: the emailed link, a password, the authenticator; then signs in with a code.
  async function accept(who: { name: string; email: string; lang: Lang }, roleText: string): Promise<{ person: StaffPerson; page: Page }> {
    const own = await open(who.lang);
    const person = await setUpFromLink(own, await emailedLink(admin.request, who.email), who);
    await own.getByRole("button", { name: sc("signOut") }).click();
    await staffSignIn(own, person);
    await expect(own.getByRole("heading", { level: 1, name: sc("home.title") })).toBeVisible();
    await expect(own.getByText(roleText).first()).toBeVisible();
    await expectAccessible(own);
    return { person, page: own };
  }
  const center = await accept(centerWho, sc("roles.withOrganisation", { role: sc("roles.center"), organisation: CENTER }));
  const lab = await accept(labWho, sc("roles.withOrganisation", { role: sc("roles.lab"), organisation: LAB }));
  const program = await accept(programWho, sc("roles.program"));
  await admin.goto("staff/people");
  for (const who of [centerWho, labWho, programWho]) {
    await expect(admin.getByRole("row", { name: new RegExp(who.name) })).toContainText(sc("people.statusActive"));
  }

  // 4. A patient registers (in the journey's language), takes news by email and text, is screened, and chooses the
  //    center on /select-center.
  // A name of their own: the center's list shows names, and other journeys refer patients to the same center.
  const letters = Array.from({ length: 6 }, () => String.fromCharCode(97 + Math.floor(Math.random() * 26))).join("");
  const patient = await createPatient(page.request, newPatient(`Jour${letters}`), { verified: true, spanish: lang === "es" });
  const patientName = `${patient.firstName} ${patient.lastName}`;
  await newsByEmailAndText(page.request, patient);
  const screeningId = await createClearedScreening(page.request, patient, { spanish: lang === "es" });
  await page.goto(`select-center/${screeningId}`);
  await page.getByRole("button", { name: `${ui("selectCenter.select")} ${CENTER}` }).click();
  await page
    .getByRole("dialog", { name: ui("selectCenter.confirm.title") })
    .getByRole("button", { name: ui("selectCenter.confirm.labsButton") })
    .click();
  await expect(page.getByText(ui("selectCenter.saved", { center: CENTER }))).toBeVisible();
  await expect
    .poll(async () => (await emailsTo(page.request, patient)).find((m) => m.subject === mail("journey.centerSelected.subject"))?.text)
    .toContain(mail("journey.centerSelected.intro", { center: CENTER }));
  await expect.poll(() => textsTo(page.request, patient)).toContain(mail("journey.texts.centerSelected"));

  const card = page.locator("article.registration-card").first();
  const stepCard = (title: string) => card.locator("li.step-card").filter({ has: page.getByRole("heading", { name: title }) });
  const dashboard = async () => {
    await page.goto("landing");
    await expect(page.getByRole("heading", { level: 1, name: ui("landing.heading") })).toBeVisible();
  };
  await dashboard();
  await expect(stepCard(ui("landing.stepLabTests")).getByText(ui("landing.labs.labOrderRequested"))).toBeVisible();
  await expect(card).toContainText(ui("landing.card.referralStatusName.pendingCenter"));
  await expectAccessible(page);

  // 5. The lab person: the order waits on their list; they approve it, record values, then the results.
  const [order] = await sqlQuery<{ id: number }>(
    "select o.id from lab_orders o join screenings s on s.id = o.screening_id where s.id = $1 and o.superseded_at is null",
    [screeningId],
  );
  expect(order, "the lab order placed with the center choice").toBeTruthy();
  const lt = (key: string, vars?: Record<string, string>) => ui(`staffLab.${key}`, vars);
  await lab.page.getByRole("link", { name: lt("area") }).click();
  await expect(lab.page.getByRole("heading", { level: 1, name: lt("title") })).toBeVisible();
  await expect(lab.page.getByRole("link", { name: lt("lists.waiting") })).toHaveAttribute("aria-current", "page");
  const [waiting] = await sqlQuery<{ before: number }>(
    "select count(*)::int as before from lab_orders where approved_at is null and superseded_at is null and declined_at is null and id < $1",
    [order!.id],
  );
  // Oldest first, 100 at most: the order is listed unless the suite's database holds 100 waiting before it.
  if (waiting!.before < 100) await lab.page.getByRole("link", { name: lt("openOrder", { id: String(order!.id) }) }).click();
  else await lab.page.goto(`staff/lab/orders/${order!.id}`);
  await expect(lab.page.getByRole("heading", { level: 1, name: lt("orderTitle", { id: String(order!.id) }) })).toBeVisible();
  await expect(lab.page.getByRole("row", { name: new RegExp(lt("patient")) }).first()).toContainText(patientName);
  await lab.page.getByRole("button", { name: lt("approveSubmit") }).click();
  await expect(lab.page.getByText(lt("approved"))).toBeVisible();
  await expect(lab.page.getByRole("row", { name: new RegExp(`^${lt("state")}`) })).toContainText(lt("states.approved"));
  await expectAccessible(lab.page);

  await dashboard();
  await expect(stepCard(ui("landing.stepLabTests")).getByRole("button", { name: ui("landing.labs.downloadLabs") })).toBeVisible();
  expect((await emailsTo(page.request, patient)).map((m) => m.subject)).toContain(mail("labs.approvedEmail.subject"));
  await expect.poll(() => textsTo(page.request, patient)).toContain(mail("journey.texts.labOrderReady"));

  const first = lab.page.getByRole("group", { name: lt("valueRow", { n: "1" }) });
  await first.getByLabel(lt("valueName")).fill("Creatinine");
  await first.getByLabel(lt("valueValue")).fill("1.1");
  await first.getByLabel(lt("valueUnit")).fill("mg/dL");
  await lab.page.getByRole("button", { name: lt("valuesSubmit") }).click();
  await expect(lab.page.getByText(lt("valuesRecorded"))).toBeVisible();
  await lab.page.getByRole("button", { name: lt("resultsSubmit") }).click();
  await expect(lab.page.getByText(lt("resultsRecorded"))).toBeVisible();
  await expect(lab.page.getByRole("row", { name: new RegExp(`^${lt("state")}`) })).toContainText(lt("states.results"));
  await expectAccessible(lab.page);

  await dashboard();
  await expect(stepCard(ui("landing.stepLabTests")).getByRole("button", { name: ui("landing.labs.downloadResults") })).toBeVisible();
  expect((await emailsTo(page.request, patient)).map((m) => m.subject)).toContain(mail("labs.resultsEmail.subject"));
  await expect.poll(() => textsTo(page.request, patient)).toContain(mail("journey.texts.labResults"));

  // 6. The center person: the referral is on their list with the lab's results; they approve it.
  const ct = (key: string, vars?: Record<string, string>) => ui(`staffCenter.${key}`, vars);
  await center.page.getByRole("link", { name: ct("home.title") }).click();
  await expect(center.page.getByRole("heading", { level: 1, name: ct("list.title") })).toBeVisible();
  const row = center.page.getByRole("table", { name: ct("list.caption", { centers: CENTER }) }).getByRole("row", { name: new RegExp(patientName) });
  await expect(row).toContainText(ct("statusNames.1"));
  await row.getByRole("link", { name: patientName }).click();
  await expect(center.page.getByRole("heading", { level: 1, name: ct("referral.title", { name: patientName }) })).toBeVisible();
  await expect(center.page.getByText(patient.email)).toBeVisible();
  await expect(center.page.getByText(ct("referral.lab.resultsReceived")).first()).toBeVisible();
  await center.page.getByRole("button", { name: ct("referral.approveSubmit") }).click();
  await expect(center.page.getByText(ct("referral.done.approve"))).toBeVisible();
  await expect(center.page.getByText(ct("statusNames.2"))).toBeVisible();
  await expectAccessible(center.page);

  await dashboard();
  await expect(card).toContainText(ui("landing.card.referralStatusName.centerApproved"));
  await expect(card.getByRole("note").filter({ hasText: ui("landing.card.centerApprovedText", { center: CENTER }) })).toBeVisible();
  await expectAccessible(page);
  const approved = (await emailsTo(page.request, patient)).find((m) => m.subject === mail("journey.referralApproved.subject"));
  expect(approved?.text).toContain(mail("journey.referralApproved.intro", { center: CENTER }));
  await expect.poll(() => textsTo(page.request, patient)).toContain(mail("journey.texts.referralApproved"));
  // The patient's news in the order it happened, by email and by text: nothing missing, nothing twice.
  const subjects = [
    "journey.centerSelected.subject",
    "labs.approvedEmail.subject",
    "labs.resultsEmail.subject",
    "journey.referralApproved.subject",
  ].map((k) => mail(k));
  const emailed = (await emailsTo(page.request, patient)).map((m) => m.subject).reverse();
  expect(emailed.filter((subject) => subjects.includes(subject))).toEqual(subjects);
  const news = ["centerSelected", "labOrderReady", "labResults", "referralApproved"].map((k) => mail(`journey.texts.${k}`));
  const texted = (await textsTo(page.request, patient)).reverse();
  expect(texted.filter((text) => news.includes(text))).toEqual(news);

  // 7. The program: a participant (invited by the registry, registered in the journey's language) answers the medical
  //    history and signs the consent; the program person moves them to every stage a person may, with a note, and
  //    the participant's dashboard, emails and texts follow.
  const participantPage = await open();
  const { patient: participant, csrf } = await createCandidate(participantPage.request, newPatient("Ijourney"), { spanish: lang === "es" });
  const post = formPoster(participantPage.request, csrf);
  for (const [slug, fields] of answersByPage) await post(`medical-history/${slug}`, { intent: "next", ...fields });
  await post("medical-history/review", { intent: "submit" });
  await newsByEmailAndText(participantPage.request, participant);
  const fullName = `${participant.firstName} ${participant.lastName}`;
  await participantPage.goto("e-sign");
  await participantPage.getByLabel(ui("eSign.nameLabel")).fill(fullName);
  await participantPage.getByRole("button", { name: ui("eSign.continue") }).click();
  await expect(participantPage.getByText(ui("eSign.signed"))).toBeVisible();
  const [record] = await sqlQuery<{ id: number }>("select id from medical_records where lower(email) = lower($1)", [participant.email]);

  const pt = (key: string, vars?: Record<string, string>) => ui(`staffProgram.${key}`, vars);
  await program.page.getByRole("link", { name: pt("home.program") }).click();
  await expect(program.page.getByRole("heading", { level: 1, name: pt("participants.title") })).toBeVisible();
  const atESign = program.page
    .getByRole("table", { name: pt("participants.caption", { stage: pt("stages.eSign") }) })
    .getByRole("row")
    .filter({ has: program.page.getByRole("cell", { name: String(record!.id), exact: true }) });
  await expect(atESign).toContainText(fullName);
  await expectAccessible(program.page);
  await atESign.getByRole("link", { name: fullName }).click();
  await expect(program.page.getByRole("heading", { level: 1, name: pt("participant.heading", { name: fullName }) })).toBeVisible();
  await expect(program.page.getByRole("table", { name: pt("participant.historyCaption") })).toBeVisible();

  const programRegion = participantPage.getByRole("region", { name: ui("landing.card.immuneToleranceTitle") });
  const moves = [
    { stage: "preWorkupLabs", note: "Pre-workup labs drawn.", news: "preWorkupLabs", dashboard: "medical.stages.nextCompletion" },
    { stage: "completed", note: "Handed to the clinical team.", news: "programCompleted", dashboard: "medical.stages.nextNone" },
  ] as const;
  for (const move of moves) {
    const stage = pt(`stages.${move.stage}`);
    await program.page.getByLabel(pt("participant.note"), { exact: true }).fill(move.note);
    await program.page.getByRole("button", { name: pt("participant.moveSubmit", { stage }) }).click();
    await expect(program.page.getByText(pt("participant.moved"))).toBeVisible();
    await expect(program.page.getByRole("table", { name: pt("participant.notesCaption") })).toContainText(move.note);
    await expectAccessible(program.page);
    await participantPage.goto("landing");
    await expect(programRegion.getByText(ui(move.dashboard))).toBeVisible();
    const told = (await emailsTo(participantPage.request, participant))[0];
    expect(told?.subject).toBe(mail(`journey.${move.news}.subject`));
    expect(told?.text).not.toContain(move.note);
    await expect.poll(async () => (await textsTo(participantPage.request, participant))[0]).toBe(mail(`journey.texts.${move.news}`));
  }
  // Completed is the last stage: no move is offered any more.
  await expect(program.page.getByLabel(pt("participant.note"), { exact: true })).toHaveCount(0);
  await expectAccessible(participantPage);
  await program.page.goto("staff/program");
  await expect(program.page.getByRole("table", { name: pt("participants.caption", { stage: pt("stages.completed") }) })).toContainText(fullName);
});
