import type { Browser, BrowserContext, Page } from "@playwright/test";
import {
  createCandidate,
  expect,
  expectAccessible,
  latestCode,
  latestMessage,
  needsStaffCommands,
  newPatient,
  scriptsRun,
  withPatient as test,
} from "./fixtures";

/** Issue 11: hostile and careless traffic against the accounts (docs/decisions/023, 024, 025). */

async function signOut(page: Page, firstName: string) {
  await page.goto("landing");
  await page.getByText(`Welcome, ${firstName}`).click();
  await page.getByRole("button", { name: "Logout" }).click();
  await expect(page).toHaveURL(/\/register\?logout=true$/);
}

/** Another browser (JavaScript as in this project), from another address, holding exactly the cookies given. */
async function thiefWith(browser: Browser, baseURL: string, cookies: Awaited<ReturnType<BrowserContext["cookies"]>>) {
  const context = await browser.newContext({
    javaScriptEnabled: scriptsRun(),
    baseURL,
    extraHTTPHeaders: { "X-Forwarded-For": "198.51.100.66" },
  });
  await context.addCookies(cookies);
  return context;
}

test.describe("a copied cookie after sign-out (ACC-032, docs/decisions/023)", () => {
  test("opens no health answers and cannot keep the session alive", async ({ page, browser, baseURL }) => {
    needsStaffCommands();
    // An immune-tolerance candidate (only they have a medical history) starts it: the answers wait in the encrypted
    // session cookie.
    const { patient } = await createCandidate(page.request);
    await page.goto("medical-history");
    await expect(page).toHaveURL(/\/medical-history\/kidney-transplant$/);
    await page.getByLabel("Yes", { exact: true }).check();
    await page.getByRole("button", { name: "Next", exact: true }).click();
    await page.getByLabel("Date of most recent kidney transplant").fill("2019-03-27");
    await page.getByRole("button", { name: "Next", exact: true }).click();
    await page.getByLabel("Anti-rejection medicines (optional)").fill("Tacrolimus 2 mg twice a day");
    await page.getByRole("button", { name: "Next", exact: true }).click();
    await expect(page).toHaveURL(/\/medical-history\/birth-date$/);
    await page.goto("medical-history/anti-rejection-medicines");
    await expect(page.getByLabel("Anti-rejection medicines (optional)")).toHaveValue("Tacrolimus 2 mg twice a day");
    await expectAccessible(page);

    // Someone copies the cookies (and a page's CSRF token); then the patient signs out.
    const cookies = await page.context().cookies();
    const csrf = await page.locator('input[name="_csrf"]').first().inputValue();
    await signOut(page, patient.firstName);
    await expect(page.getByRole("status")).toContainText("You have been signed out.");
    await expectAccessible(page);

    const thief = await thiefWith(browser, baseURL!, cookies);
    try {
      const replay = async () => {
        await thief.clearCookies();
        await thief.addCookies(cookies);
      };
      // 'Stay signed in' is refused: back to /register, no time left handed out.
      await replay();
      const keepAlive = await thief.request.post(`${baseURL}keep-alive`, { form: { _csrf: csrf }, maxRedirects: 0 });
      expect(keepAlive.status()).toBe(302);
      expect(keepAlive.headers()["location"]).toMatch(/\/register\?logout=true$/);
      expect(await keepAlive.text()).not.toContain("msLeft");

      // The question pages and the review give nothing of the answers.
      for (const path of ["medical-history/anti-rejection-medicines", "medical-history/review", "medical-history", "landing"]) {
        await replay();
        const answer = await thief.request.get(`${baseURL}${path}`, { maxRedirects: 0 });
        expect(answer.status(), path).toBe(302);
        expect(answer.headers()["location"], path).toMatch(/\/register\?logout=true$/);
        expect(await answer.text(), path).not.toContain("Tacrolimus");
      }

      // A public page does not greet the patient by name either.
      await replay();
      const thiefPage = await thief.newPage();
      await thiefPage.goto("register");
      await expect(thiefPage.getByRole("button", { name: "Already Registered?" })).toBeVisible();
      await expect(thiefPage.getByText(`Welcome, ${patient.firstName}`)).toHaveCount(0);

      // In a browser: the review lands on /register with a message; the cookie no longer holds the answers.
      await replay();
      await thiefPage.goto("medical-history/review");
      await expect(thiefPage).toHaveURL(/\/register\?logout=true$/);
      await expect(thiefPage.getByRole("status")).toContainText(
        "Your session has ended: you signed out or your password was changed. Please sign in again.",
      );
      await expect(thiefPage.getByText(`Welcome, ${patient.firstName}`)).toHaveCount(0);
      await expect(thiefPage.locator("body")).not.toContainText("Tacrolimus");
      await expectAccessible(thiefPage);
      await thiefPage.goto("medical-history/anti-rejection-medicines");
      await expect(thiefPage).toHaveURL(/\/register\?logout=true$/);
      await expect(thiefPage.locator("body")).not.toContainText("Tacrolimus");
    } finally {
      await thief.close();
    }
  });
});

test.describe("codes to contacts that are not the account's (docs/decisions/024)", () => {
  test("a 4th new mobile number within 24 hours is refused with a clear message", async ({ page, patient }) => {
    const numbers = [1, 2, 3, 4].map(() => newPatient().phone);
    await page.goto("confirm");
    await expect(page.getByText(`Welcome, ${patient.firstName}`)).toBeVisible();
    const csrf = await page.locator('input[name="_csrf"]').first().inputValue();
    // Three new numbers, as the send dialog posts them.
    for (const value of numbers.slice(0, 3)) {
      const sent = await page.request.post("confirm", { form: { _csrf: csrf, intent: "send-text", value }, maxRedirects: 0 });
      expect(sent.status(), value).toBe(302);
      expect(sent.headers()["location"], value).toMatch(/\/confirm\?code=text$/);
      await latestCode(page.request, value, "sms");
    }

    await page.goto("confirm");
    await page.getByLabel("Mobile number", { exact: true }).fill(numbers[3]!);
    await page.getByRole("button", { name: "Send Confirmation Text" }).click();
    const send = page.getByRole("dialog", { name: "Confirm Your Mobile Number" });
    await expect(send).toBeVisible();
    await send.getByRole("button", { name: "Send Confirmation Text" }).click();
    const refused = page.getByRole("dialog", { name: "Confirm Your Mobile Number" });
    await expect(refused).toContainText(
      "We were unable to send the confirmation code for the following reason: Codes have been sent to 3 new mobile numbers in the last 24 hours. Please try again tomorrow.",
    );
    await expect(page.getByRole("dialog", { name: "Enter Confirmation Code" })).toHaveCount(0);
    await expectAccessible(page);
    const outbox = await (await page.request.get("dev/outbox.json")).json();
    const digits = numbers[3]!.replace(/\D/g, "");
    expect((outbox as Array<{ to: string }>).some((m) => m.to.endsWith(digits))).toBe(false);
  });
});

test.describe("changing the sign-in email (docs/decisions/025)", () => {
  test("needs the current password, and the old address is told", async ({ page, patient }) => {
    const next = newPatient().email;
    await page.goto("confirm");
    // Without JavaScript a confirmed address is changed through its 'Change' link (docs/decisions/047).
    if (!scriptsRun()) await page.getByRole("link", { name: "Change email address" }).click();
    await page.getByLabel("Email", { exact: true }).fill(next);
    await page.getByRole("button", { name: "Send Confirmation Email" }).click();
    const send = () => page.getByRole("dialog", { name: "Confirm Your Email Address" });
    await expect(send()).toContainText(`We will send a confirmation code to ${next}.`);
    await expect(send().getByLabel("Current password")).toBeVisible();
    await expectAccessible(page);

    await send().getByRole("button", { name: "Send Confirmation Email" }).click();
    await expect(send().getByRole("link", { name: "Enter your current password" })).toBeVisible();
    await expect(page).toHaveTitle(/^Error: /);
    await expectAccessible(page);

    await send().getByLabel("Current password").fill("not the password I use");
    await send().getByRole("button", { name: "Send Confirmation Email" }).click();
    await expect(send().getByRole("link", { name: "The current password is not correct" })).toBeVisible();
    await expect(send().getByLabel("Current password")).toHaveValue("");
    await expect(send()).toContainText(`We will send a confirmation code to ${next}.`);

    await send().getByLabel("Current password").fill(patient.password);
    await send().getByRole("button", { name: "Send Confirmation Email" }).click();
    const codeDialog = page.getByRole("dialog", { name: "Enter Confirmation Code" });
    await expect(codeDialog).toContainText(`We emailed a confirmation code to ${next}.`);
    await codeDialog.getByLabel("Confirmation Code").fill(await latestCode(page.request, next, "email"));
    await codeDialog.getByRole("button", { name: "Confirm Code" }).click();
    await expect(page.getByRole("status")).toContainText("Your email address is confirmed.");
    await expectAccessible(page);

    // ASVS 2.2.3: the old (confirmed) address gets a security notice, with the new address masked.
    const notice = await latestMessage(page.request, patient.email, "email");
    expect(notice.subject).toBe("The email address of your account was changed");
    expect(notice.text).toContain(`was changed to ${next[0]}***@example.org`);
    expect(notice.text).not.toContain(next);
  });
});
