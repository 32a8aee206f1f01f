import type { Page } from "@playwright/test";
import { createClearedScreening, expect, expectAccessible, hydrated, latestCode, scriptsRun, tabStaysIn, test, withPatient } from "./fixtures";

/**
 * Issue 24 item 5, focus and dialogs (docs/decisions/092): focus never falls to <body> when a dialog closes or changes,
 * a must-answer dialog with a destructive button opens on its heading and Escape cancels it, and without JavaScript
 * and without CSS :has() the page behind an open dialog cannot be reached with Tab.
 */

/** What has focus now: "body", or the element's tag and text (the start of it). */
async function focused(page: Page): Promise<string> {
  return page.evaluate(() => {
    const el = document.activeElement;
    if (!el || el === document.body) return "body";
    return `${el.tagName.toLowerCase()}: ${(el.textContent ?? "").trim().slice(0, 80)}`;
  });
}

withPatient.describe("the code dialog on /confirm (JavaScript)", () => {
  withPatient.skip(() => !scriptsRun(), "focus is moved by the JavaScript layer; without it each answer is a new page");

  /** Opens 'Enter Confirmation Code' for the mobile number the way a patient does: the page's button, then Send. */
  async function openCodeDialog(page: Page) {
    await page.goto("confirm");
    await hydrated(page);
    await page.getByRole("main").getByRole("button", { name: "Send Confirmation Text" }).click();
    await page.getByRole("dialog", { name: "Confirm Your Mobile Number" }).getByRole("button", { name: "Send Confirmation Text" }).click();
    const dialog = page.getByRole("dialog", { name: "Enter Confirmation Code" });
    await expect(dialog).toBeVisible();
    return dialog;
  }

  withPatient("a correct code: focus goes to the message that the number is confirmed", async ({ page, patient }) => {
    const dialog = await openCodeDialog(page);
    await dialog.getByLabel("Confirmation Code").fill(await latestCode(page.request, patient.phone, "sms"));
    await dialog.getByRole("button", { name: "Confirm Code" }).click();
    const status = page.getByRole("main").getByRole("status");
    await expect(status).toContainText("Your mobile number is confirmed.");
    await expect(page.getByRole("dialog")).toHaveCount(0);
    // Before: <body>.
    await expect(status.getByText("Your mobile number is confirmed.")).toBeFocused();
    await expectAccessible(page);
  });

  withPatient("Cancel: focus goes back to the button that opened it", async ({ page, patient }) => {
    const dialog = await openCodeDialog(page);
    await expect(dialog).toContainText(patient.phone.slice(-4));
    await dialog.getByRole("button", { name: "Cancel" }).click();
    await expect(page.getByRole("dialog")).toHaveCount(0);
    // Before: <body>.
    await expect(page.getByRole("main").getByRole("button", { name: "Send Confirmation Text" })).toBeFocused();
  });
});

test.describe("'Forgot your password?' in the sign-in dialog (JavaScript)", () => {
  test.skip(() => !scriptsRun(), "without JavaScript the link loads the page with the dialog open");

  test("focus goes into the Forgot Password dialog, on its first field; Escape gives it back to the page's opener", async ({ page }) => {
    await page.goto("register");
    await hydrated(page);
    const opener = page.getByRole("link", { name: "Already Registered?" }).first();
    await opener.click();
    await page.getByRole("dialog", { name: "Already Registered?" }).getByRole("link", { name: "Forgot your password?" }).click();
    const forgot = page.getByRole("dialog", { name: "Forgot Password" });
    await expect(forgot).toBeVisible();
    // Before: <body>, and the dialog (the same element, renamed) was never announced.
    const email = forgot.getByLabel("Email");
    await expect(email).toBeFocused();
    await expect(forgot).toHaveAttribute("aria-labelledby", "login-dialog-title");
    // The field stays a tab stop: on to the button and back.
    await page.keyboard.press("Tab");
    await expect(forgot.getByRole("button", { name: "Submit Request" })).toBeFocused();
    await page.keyboard.press("Shift+Tab");
    await expect(email).toBeFocused();
    await page.keyboard.press("Escape");
    await expect(page.getByRole("dialog")).toHaveCount(0);
    await expect(opener).toBeFocused();
  });
});

withPatient.describe("the opt-out dialog (JavaScript)", () => {
  withPatient.skip(() => !scriptsRun(), "Escape and focus belong to the JavaScript layer");

  withPatient("opens on its heading, not on 'Opt Out'; Escape cancels it and focus goes back to the link", async ({ page, patient }) => {
    await page.goto("landing");
    await expect(page.getByText(`Welcome, ${patient.firstName}`)).toBeVisible();
    await hydrated(page);
    const opener = page.getByRole("link", { name: "Opt Out" });
    await opener.click();
    const dialog = page.getByRole("dialog", { name: "Confirm Registration Opt Out" });
    await expect(dialog).toBeVisible();
    // Before: the destructive 'Opt Out' button had focus (Enter or Space opted out).
    await expect(dialog.getByRole("heading", { name: "Confirm Registration Opt Out" })).toBeFocused();
    await page.keyboard.press("Escape");
    // Before: Escape did nothing.
    await expect(page.getByRole("dialog")).toHaveCount(0);
    await expect(page).toHaveURL(/\/landing$/);
    await expect(opener).toBeFocused();
    // Nothing was sent: the patient is not opted out.
    await expect(page.getByText("If you wish to continue with the registration process, you may opt in.")).toHaveCount(0);
  });
});

/**
 * A browser without CSS :has() (Safari before 15.4, Firefox before 121, Chrome before 105) drops every rule whose
 * selector has it: here every style sheet the portal sends has those rules made invalid on the way, as such a browser
 * would read them.
 */
async function withoutHas(page: Page) {
  await page.route(/\.css(\?|$)/, async (route) => {
    const response = await route.fetch();
    const css = (await response.text()).replaceAll(":has(", ":not-a-selector-in-this-browser(");
    await route.fulfill({ response, body: css });
  });
}

test.describe("without JavaScript and without :has()", () => {
  test.skip(() => scriptsRun(), "the server's open dialog, as HTML");

  test("the sign-in dialog on /register: Tab stays inside", async ({ page }) => {
    await withoutHas(page);
    await page.goto("register?login=1");
    // Before: 11-12 of the 14 stops were the page behind the dialog.
    await tabStaysIn(page, "Already Registered?");
    await expectAccessible(page);
  });

  withPatient("the select-center confirmation: Tab stays inside, and the page is whole again once it closes", async ({ page, patient }) => {
    await withoutHas(page);
    const id = await createClearedScreening(page.request, patient);
    await page.goto(`select-center/${id}`);
    await page
      .getByRole("table", { name: "Kidney for Life Centers" })
      .getByRole("button", { name: /^Select / })
      .first()
      .click();
    await tabStaysIn(page, "Select Center Confirmation");
    await page.getByRole("dialog").getByRole("button", { name: "Choose Another Center" }).click();
    await expect(page.getByRole("dialog")).toHaveCount(0);
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    await page.keyboard.press("Tab");
    expect(await focused(page)).not.toBe("body");
  });
});

test.describe("a dialog the server opened, in use before the page's code runs", () => {
  test.skip(() => !scriptsRun(), "the JavaScript layer takes the dialog over as it hydrates");

  test("the patient typing in the sign-in dialog's password keeps typing there as the page hydrates", async ({ page }) => {
    // The page's code held back until the patient is typing, as on a slow phone.
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route(/\/assets\/shell-[^/]+\.js$/, async (route) => {
      await held;
      await route.continue();
    });
    // Not waiting for the load event, which waits for the held code.
    await page.goto("register?login=1", { waitUntil: "commit" });
    const dialog = page.getByRole("dialog", { name: "Already Registered?" });
    await dialog.getByLabel("Email").fill("someone@example.org");
    const password = dialog.getByLabel("Password", { exact: true });
    await password.click();
    await page.keyboard.type("first half ");
    release();
    await hydrated(page);
    await page.keyboard.type("second half");
    await expect(password).toHaveValue("first half second half");
    await expect(password).toBeFocused();
    await expect(dialog.getByLabel("Email")).toHaveValue("someone@example.org");
  });
});
