import type { Page } from "@playwright/test";
import { expect, expectAccessible, hydrated, scriptsRun, withPatient as test } from "./fixtures";

/**
 * The JavaScript layer never makes a flow worse than the HTML one (issue 10): error summary links, focus and title
 * after each client-side navigation. Runs with JavaScript on and off.
 */

const APP = "Kidney Transplant Registration";

async function onStep(page: Page, slug: string, title: string) {
  await expect(page).toHaveURL(new RegExp(`/screening/${slug}$`));
  await expect(page).toHaveTitle(`${title} – Screening Questionnaire – ${APP}`);
  // With JavaScript the new page's heading takes focus (a screen reader reads it); without, the page loads anew.
  if (scriptsRun()) await expect(page.getByRole("heading", { level: 1 })).toBeFocused();
}

test("screening: each step's title names it, focus moves to its heading, the error summary's link keeps the page", async ({ page, patient }) => {
  await page.goto("landing");
  await expect(page.getByText(`Welcome, ${patient.firstName}`)).toBeVisible();
  await page.getByRole("button", { name: "Start Screening" }).click();
  await onStep(page, "patient-situation", "Step 1 of 8: Health Status");

  // Continue with nothing chosen, then the summary's link: focus on the first answer, everything else stays.
  await page.getByRole("button", { name: "Continue", exact: true }).click();
  await expect(page).toHaveTitle(`Error: Step 1 of 8: Health Status – Screening Questionnaire – ${APP}`);
  const summary = page.getByRole("alert").filter({ hasText: "There is a problem" });
  await summary.getByRole("link", { name: "Please choose an answer to continue" }).click();
  await expect(page.getByRole("group", { name: "What best describes your situation?" }).getByRole("radio").first()).toBeFocused();
  await expect(summary).toBeVisible();
  await expect(page).toHaveTitle(/^Error: Step 1 of 8/);
  await expect(page.locator(".field-error")).toContainText("Please choose an answer to continue");
  await expectAccessible(page);

  await page.getByLabel("I am on dialysis and need a kidney transplant", { exact: true }).check();
  await page.getByRole("button", { name: "Continue", exact: true }).click();
  await onStep(page, "transplant-center-registration", "Step 2 of 8: Registration");
  await page.getByLabel("No, I have not selected a transplant center", { exact: true }).check();
  await page.getByRole("button", { name: "Continue", exact: true }).click();
  await onStep(page, "donor-situation", "Step 5 of 8: Donor Status");
  await page.getByRole("button", { name: "Previous", exact: true }).click();
  await onStep(page, "transplant-center-registration", "Step 2 of 8: Registration");
});

/** The register or profile form, by the names of its fields (the labels change with the language). */
const field = (page: Page, name: string) => page.locator(`main form [name="${name}"]`).first();

/**
 * The language switch: a link with the enhanced layer (which keeps what was typed); without it, on a page with a
 * form, a submit button of that form that carries the values (docs/decisions/054).
 */
const languageSwitch = (page: Page, name: "English" | "Español") => page.getByRole(scriptsRun() ? "link" : "button", { name });

test.describe("the language switch keeps what was typed (JavaScript on and off)", () => {
  test("on /register, there and back", async ({ page }) => {
    await page.goto("register");
    await hydrated(page);
    await field(page, "firstName").fill("Carmen");
    await field(page, "city").fill("Albany");
    await field(page, "usState").selectOption({ label: "New York" });
    const state = await field(page, "usState").inputValue();
    await field(page, "password").fill("a secret phrase 123");
    await field(page, "agreedToHipaa").check();
    await languageSwitch(page, "Español").click();
    await expect(page.locator("html")).toHaveAttribute("lang", "es");
    await expect(field(page, "firstName")).toHaveValue("Carmen");
    await expect(field(page, "city")).toHaveValue("Albany");
    await expect(field(page, "usState")).toHaveValue(state);
    await expect(field(page, "agreedToHipaa")).toBeChecked();
    // Never a password.
    await expect(field(page, "password")).toHaveValue("");
    if (scriptsRun()) expect(await page.evaluate(() => Object.keys(sessionStorage).filter((k) => k.startsWith("portal:")))).toEqual([]);
    await languageSwitch(page, "English").click();
    await expect(page.locator("html")).toHaveAttribute("lang", "en");
    await expect(field(page, "firstName")).toHaveValue("Carmen");
  });
});

test("on /profile", async ({ page, patient }) => {
  await page.goto("profile");
  await expect(page.getByText(`Welcome, ${patient.firstName}`)).toBeVisible();
  await hydrated(page);
  await field(page, "preferredName").fill("Rosie");
  await field(page, "city").fill("Springfield");
  await languageSwitch(page, "Español").click();
  await expect(page.locator("html")).toHaveAttribute("lang", "es");
  await expect(field(page, "preferredName")).toHaveValue("Rosie");
  await expect(field(page, "city")).toHaveValue("Springfield");
});

test.describe("reflow at 320 px (WCAG 1.4.10)", () => {
  test.use({ viewport: { width: 320, height: 640 } });

  test("/register scrolls only up and down", async ({ page }) => {
    await page.goto("register");
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    await page.waitForLoadState("load");
    const { scrollWidth, innerWidth } = await page.evaluate(() => ({
      scrollWidth: document.documentElement.scrollWidth,
      innerWidth: window.innerWidth,
    }));
    expect(scrollWidth).toBeLessThanOrEqual(innerWidth);
  });
});

/**
 * React hydrates the whole document (app/entry.client.tsx): the hydrated page is still the server's one document,
 * in standards mode, and nothing threw.
 */
test("the hydrated page is the server's document: one <html>, <head> and <body>, the doctype, no error", async ({ page, patient }) => {
  const errors: string[] = [];
  page.on("pageerror", (error) => errors.push(error.message));
  for (const path of ["landing", "profile"]) {
    await page.goto(path);
    await hydrated(page);
    const shape = await page.evaluate(() => ({
      elements: document.querySelectorAll("html, head, body").length,
      doctype: document.doctype?.name,
      mode: document.compatMode,
      top: [...document.children].map((e) => e.localName),
    }));
    expect(shape).toEqual({ elements: 3, doctype: "html", mode: "CSS1Compat", top: ["html"] });
    await expect(page.getByText(`Welcome, ${patient.firstName}`)).toBeVisible();
  }
  expect(errors).toEqual([]);
});
