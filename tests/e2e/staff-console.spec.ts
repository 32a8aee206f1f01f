import { STAFF_IDLE_LIMIT_MS } from "../../registry/contract/staff-accounts";
import { createPatient, expect, expectAccessible, latestMessage, needsStaffCommands, newPatient, test } from "./fixtures";
import { expectNoSidewaysScroll } from "./support/reflow";
import {
  ageStaffSession,
  codeFor,
  createAdminLink,
  emailedLink,
  nextCode,
  setUpFromLink,
  staffEmail,
  staffSignIn,
  type StaffPerson,
} from "./support/staff";

/**
 * Issue 34 (docs/decisions/126, 127): staff are people. The first administrator comes from `create-admin`'s link; a
 * password, an authenticator app and ten recovery codes later they are in the console; sign-in takes both factors, a
 * code is accepted once, a recovery code once; administrators invite and disable people; the console's session is its
 * own (never a patient's) and ends after 15 idle minutes. JavaScript on and off (projects js and nojs).
 */
needsStaffCommands();

async function firstAdministrator(page: import("@playwright/test").Page): Promise<StaffPerson> {
  const who = { name: "Ada Admin", email: staffEmail("ada") };
  return setUpFromLink(page, await createAdminLink(who.email, who.name), who);
}

test("the first administrator: create-admin's link, a password, the authenticator, recovery codes, then sign-in with two factors", async ({
  page,
}) => {
  const who = { name: "Ada Admin", email: staffEmail("ada") };
  const link = await createAdminLink(who.email, who.name);
  const admin = await setUpFromLink(page, link, who);
  await expect(page.getByText("Registry administrator")).toBeVisible();
  await expect(page.getByText(`Signed in as ${admin.name}`)).toBeVisible();
  await expectAccessible(page);

  await page.getByRole("button", { name: "Sign out" }).click();
  await expect(page.getByText("You have signed out of the staff console.")).toBeVisible();

  // Sign-in: a wrong password says nothing about the account; the right one asks for the code.
  await page.getByLabel("Work email").fill(admin.email);
  await page.getByLabel("Password", { exact: true }).fill("not the password at all");
  await page.getByRole("button", { name: "Continue" }).click();
  await expect(page.getByText("The email or password is not right, or the account is not active.")).toBeVisible();
  await expectAccessible(page);

  const code = nextCode(admin.key);
  await staffSignIn(page, admin, code);
  await expect(page.getByRole("heading", { level: 1, name: "Staff console" })).toBeVisible();
  await page.getByRole("button", { name: "Sign out" }).click();

  // The same code again: refused (a code is never accepted twice), and the field says so.
  await page.getByLabel("Work email").fill(admin.email);
  await page.getByLabel("Password", { exact: true }).fill(admin.password);
  await page.getByRole("button", { name: "Continue" }).click();
  await page.getByLabel("Code", { exact: true }).fill(code);
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page.getByRole("link", { name: /The code is not right/ })).toBeVisible();
  await expectAccessible(page);

  // A recovery code instead: once.
  const recovery = admin.recoveryCodes[0]!;
  await page.getByLabel("Code", { exact: true }).fill(recovery.toLowerCase());
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Staff console" })).toBeVisible();
  await page.getByRole("button", { name: "Sign out" }).click();
  await page.getByLabel("Work email").fill(admin.email);
  await page.getByLabel("Password", { exact: true }).fill(admin.password);
  await page.getByRole("button", { name: "Continue" }).click();
  await page.getByLabel("Code", { exact: true }).fill(recovery);
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page.getByRole("link", { name: /The code is not right/ })).toBeVisible();

  // The link works once.
  await page.goto(link);
  await expect(page.getByText(/This link is not valid/)).toBeVisible();
  await expect(page.getByLabel("New password", { exact: true })).toHaveCount(0);
});

test("an administrator invites a center person, who sets up and signs in; disabled, their open session ends at the next request", async ({
  page,
  browser,
}) => {
  await firstAdministrator(page);
  await page.getByRole("link", { name: "Staff accounts" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Staff accounts" })).toBeVisible();
  await expectAccessible(page);

  // The invitation form refuses what is missing, keeping what was typed.
  const coraEmail = staffEmail("cora");
  const invitee = { name: `Cora ${coraEmail.split("@")[0]!.split(".")[1]}`, email: coraEmail };
  await page.getByLabel("Name", { exact: true }).fill(invitee.name);
  await page.getByLabel("Role").selectOption("center");
  await page.getByRole("button", { name: "Send invitation" }).click();
  await expect(page.getByRole("link", { name: "Enter the work email" })).toBeVisible();
  await expect(page.getByLabel("Name", { exact: true })).toHaveValue(invitee.name);
  await expectAccessible(page);
  await page.getByLabel("Work email").fill(invitee.email);
  await page.getByLabel("Transplant center").selectOption({ index: 1 });
  await page.getByRole("button", { name: "Send invitation" }).click();
  await expect(page.getByText(`The invitation was sent to ${invitee.email}.`)).toBeVisible();
  const row = page.getByRole("row", { name: new RegExp(invitee.name) });
  await expect(row).toContainText("Invited");

  // The invitee, in their own browser, from the email.
  const invitation = await latestMessage(page.request, invitee.email, "email");
  expect(invitation.text).toContain("/staff/welcome?token=");
  const use = test.info().project.use;
  const theirs = await browser.newContext({ baseURL: use.baseURL, javaScriptEnabled: use.javaScriptEnabled, extraHTTPHeaders: use.extraHTTPHeaders });
  const them = await theirs.newPage();
  const cora = await setUpFromLink(them, await emailedLink(page.request, invitee.email), invitee);
  await expect(them.getByText(/Transplant center: /)).toBeVisible();
  expect(cora.recoveryCodes).toHaveLength(10);

  // Disabled by the administrator: Cora's open session ends at her next request.
  await page.goto("staff/people");
  await page.getByRole("link", { name: `Manage ${invitee.name}` }).click();
  await expectAccessible(page);
  await page.getByRole("button", { name: "Disable account" }).click();
  await expect(page.getByText("The account was disabled.")).toBeVisible();
  await them.goto("staff");
  await expect(them.getByRole("heading", { level: 1, name: "Staff sign in" })).toBeVisible();
  await expect(them.getByText("Your staff session has ended. Please sign in again.")).toBeVisible();
  // And she cannot sign in again.
  await them.getByLabel("Work email").fill(cora.email);
  await them.getByLabel("Password", { exact: true }).fill(cora.password);
  await them.getByRole("button", { name: "Continue" }).click();
  await expect(them.getByText("The email or password is not right, or the account is not active.")).toBeVisible();
  await theirs.close();
});

test("the console's session is its own: a patient's never opens it, and it ends after 15 idle minutes", async ({ page }) => {
  const patient = await createPatient(page.request, newPatient("Staffless"), { verified: true });
  await page.goto("landing");
  await expect(page.getByText(`Welcome, ${patient.firstName}`)).toBeVisible();
  await page.goto("staff");
  await expect(page.getByRole("heading", { level: 1, name: "Staff sign in" })).toBeVisible();
  await expect(page.getByText(`Welcome, ${patient.firstName}`)).toHaveCount(0);

  const admin = await firstAdministrator(page);
  await page.goto("staff");
  await expect(page.getByRole("heading", { level: 1, name: "Staff console" })).toBeVisible();
  await ageStaffSession(page, (data, now) => {
    data.lastSeenAt = now - STAFF_IDLE_LIMIT_MS - 60_000;
  });
  await page.goto("staff/people");
  await expect(page.getByRole("heading", { level: 1, name: "Staff sign in" })).toBeVisible();
  await expect(page.getByText("You were signed out of the staff console after 15 minutes without activity.")).toBeVisible();
  await expectAccessible(page);
  // Signed in again, the console opens; a patient's page does not know the person.
  await staffSignIn(page, admin);
  await expect(page.getByRole("heading", { level: 1, name: "Staff console" })).toBeVisible();
  await page.goto("landing");
  await expect(page.getByText(`Signed in as ${admin.name}`)).toHaveCount(0);
});

test("every console page reflows at 320 px (WCAG 1.4.10) and passes axe in dark mode", async ({ page }) => {
  await page.setViewportSize({ width: 320, height: 720 });
  await page.emulateMedia({ colorScheme: "dark" });
  const check = async (what: string) => {
    await expectAccessible(page);
    await expectNoSidewaysScroll(page, what);
  };
  await page.goto("staff/sign-in");
  await check("/staff/sign-in");
  const dana = staffEmail("dana");
  const who = { name: `Dana ${dana.split("@")[0]!.split(".")[1]}`, email: dana };
  const admin = await setUpFromLink(page, await createAdminLink(who.email, who.name), who, (what) => expectNoSidewaysScroll(page, what));
  await check("/staff");
  await page.getByRole("link", { name: "Staff accounts" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Staff accounts" })).toBeVisible();
  await check("/staff/people");
  await page.getByRole("link", { name: `Manage ${admin.name}` }).click();
  await expect(page.getByRole("heading", { level: 1, name: `Staff account: ${admin.name}` })).toBeVisible();
  await check("/staff/people/{id}");
  await page.getByRole("button", { name: "Sign out" }).click();
  await page.getByLabel("Work email").fill(admin.email);
  await page.getByLabel("Password", { exact: true }).fill(admin.password);
  await page.getByRole("button", { name: "Continue" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Enter your code" })).toBeVisible();
  await check("/staff/code");
});

test("in Spanish: the link, the password, the authenticator, the recovery codes and the console", async ({ page }) => {
  await page.goto("staff/sign-in");
  await page.getByRole("link", { name: "Español" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Inicio de sesión del personal" })).toBeVisible();
  await expect(page.locator("html")).toHaveAttribute("lang", "es");
  await expectAccessible(page);
  const email = staffEmail("lucia");
  await page.goto(await createAdminLink(email, "Lucía Admin"));
  await expect(page.getByRole("heading", { level: 1, name: "Configure su cuenta del personal" })).toBeVisible();
  await expectAccessible(page);
  await page.getByLabel("Contraseña nueva", { exact: true }).fill("una contraseña larga del personal");
  await page.getByLabel("Confirme la contraseña nueva").fill("otra contraseña distinta del personal");
  await page.getByRole("button", { name: "Guardar la contraseña" }).click();
  await expect(page.getByRole("link", { name: "Las contraseñas no coinciden" })).toBeVisible();
  await expectAccessible(page);
  await page.getByLabel("Contraseña nueva", { exact: true }).fill("una contraseña larga del personal");
  await page.getByLabel("Confirme la contraseña nueva").fill("una contraseña larga del personal");
  await page.getByRole("button", { name: "Guardar la contraseña" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Configure su aplicación de autenticación" })).toBeVisible();
  await expectAccessible(page);
  const key = (await page.locator(".staff-key").innerText()).replace(/\s+/g, "");
  await page.getByLabel("Código", { exact: true }).fill("000000");
  await page.getByRole("button", { name: "Terminar la configuración" }).click();
  await expect(page.getByRole("link", { name: /El código no es correcto/ })).toBeVisible();
  await page.getByLabel("Código", { exact: true }).fill(codeFor(key));
  await page.getByRole("button", { name: "Terminar la configuración" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Guarde sus códigos de recuperación" })).toBeVisible();
  await expectAccessible(page);
  await page.getByRole("button", { name: "Ya guardé mis códigos de recuperación" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Consola del personal" })).toBeVisible();
  await expect(page.getByText("Administrador del registro")).toBeVisible();
  await expect(page.getByText("Sesión iniciada como Lucía Admin")).toBeVisible();
  await expectAccessible(page);
});
