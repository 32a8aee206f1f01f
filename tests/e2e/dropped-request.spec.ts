import type { Page, Route } from "@playwright/test";
import { expect, expectAccessible, fillRegistrationFields, humanPause, hydrated, newPatient, scriptsRun, test, withPatient } from "./fixtures";

/**
 * A dropped request never loses what was typed (docs/decisions/089). With JavaScript, when a navigation's data request
 * (`<page>.data`) or its route discovery (`/__manifest`) fails on the network, the navigation is finished the plain
 * HTML way: the form sent natively, or a full page load of the page asked for. Before, the page was replaced by
 * "Something went wrong on our side", Back showed the form empty and the title read "register.title".
 */

const APP = "Kidney Transplant Registration";

/** Aborts the first request matching `url` (and `method`) from now on, as a flaky connection drops it; counts the aborts. */
async function dropFirst(page: Page, url: RegExp, method: string): Promise<{ dropped: () => number }> {
  let dropped = 0;
  await page.route(url, async (route: Route) => {
    if (route.request().method() === method && dropped === 0) {
      dropped += 1;
      await route.abort("internetdisconnected");
      return;
    }
    await route.fallback();
  });
  return { dropped: () => dropped };
}

/** The document requests the browser itself sent (full page loads and native form posts), as "METHOD /path". */
function documentRequests(page: Page): string[] {
  const seen: string[] = [];
  page.on("request", (request) => {
    if (request.isNavigationRequest()) seen.push(`${request.method()} ${new URL(request.url()).pathname}`);
  });
  return seen;
}

async function hydratedPage(page: Page, path: string) {
  await page.goto(path);
  await hydrated(page);
  // React Router's route discovery for the page's links is done: what follows is the navigation's own.
  await page.waitForLoadState("networkidle");
}

/** A real title: no text key ("register.title") in it, and the product's name at its end. */
async function expectRealTitle(page: Page, title: RegExp) {
  await expect(page).toHaveTitle(title);
  expect(await page.title()).not.toMatch(/(^|\s)[a-z][A-Za-z]*\.[a-z][A-Za-z.]*(\s|$)/);
}

test.describe("a dropped data request (JavaScript)", () => {
  test.skip(() => !scriptsRun(), "React Router's data requests exist only with the enhanced layer");

  test("the first POST /register.data is dropped: the form is sent natively and the patient is registered", async ({ page }) => {
    const patient = newPatient("Dora");
    await hydratedPage(page, "register");
    const loadedAt = Date.now();
    const form = page.locator("form[aria-label]").first();
    await fillRegistrationFields(form, patient);
    await humanPause(page, loadedAt);
    const documents = documentRequests(page);
    const post = await dropFirst(page, /\/register\.data(\?|$)/, "POST");
    await form.getByRole("button", { name: "Register", exact: true }).click();
    await expect(page).toHaveURL(/\/landing$/);
    await expect(page.getByText(`Welcome, ${patient.firstName}`)).toBeVisible();
    expect(post.dropped()).toBe(1);
    // The browser's own POST carried the 15 fields the patient filled.
    expect(documents).toContain("POST /register");
    await expect(page.getByText("Something went wrong on our side")).toHaveCount(0);
    await expectRealTitle(page, new RegExp(`^Welcome – ${APP}$`));
  });

  test("a 502 from a gateway in front of the portal is answered the same way", async ({ page }) => {
    const patient = newPatient("Edna");
    await hydratedPage(page, "register");
    const loadedAt = Date.now();
    const form = page.locator("form[aria-label]").first();
    await fillRegistrationFields(form, patient);
    await humanPause(page, loadedAt);
    let answered = 0;
    await page.route(/\/register\.data(\?|$)/, async (route) => {
      if (route.request().method() !== "POST" || answered > 0) return route.fallback();
      answered += 1;
      await route.fulfill({ status: 502, contentType: "text/html", body: "<h1>502 Bad Gateway</h1>" });
    });
    await form.getByRole("button", { name: "Register", exact: true }).click();
    await expect(page).toHaveURL(/\/landing$/);
    await expect(page.getByText(`Welcome, ${patient.firstName}`)).toBeVisible();
    expect(answered).toBe(1);
  });

  test("the first /__manifest of a navigation is dropped: the page asked for loads in full", async ({ page }) => {
    const patient = newPatient("Flor");
    await hydratedPage(page, "register");
    const loadedAt = Date.now();
    const form = page.locator("form[aria-label]").first();
    await fillRegistrationFields(form, patient);
    await humanPause(page, loadedAt);
    const manifest = await dropFirst(page, /\/__manifest\?/, "GET");
    await form.getByRole("button", { name: "Register", exact: true }).click();
    await expect(page).toHaveURL(/\/landing$/);
    await expect(page.getByText(`Welcome, ${patient.firstName}`)).toBeVisible();
    // The dashboard's route was not known yet: its discovery was the request dropped.
    expect(manifest.dropped()).toBe(1);
    await expect(page.getByText("Something went wrong on our side")).toHaveCount(0);
    await expectRealTitle(page, new RegExp(`^Welcome – ${APP}$`));
  });

  test("an answer the portal did not write (a 403 in place of the data): the error page, with a real title", async ({ page }) => {
    await hydratedPage(page, "register");
    const form = page.locator("form[aria-label]").first();
    await form.getByLabel("First name", { exact: true }).fill("Gala");
    let answered = 0;
    await page.route(/\/register\.data(\?|$)/, async (route) => {
      if (route.request().method() !== "POST" || answered > 0) return route.fallback();
      answered += 1;
      await route.fulfill({ status: 403, contentType: "text/plain", body: "Forbidden" });
    });
    await form.getByRole("button", { name: "Register", exact: true }).click();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Something went wrong");
    expect(answered).toBe(1);
    // Before 089: "register.title – Kidney Transplant Registration"; the error page is titled as it is headed (093).
    await expectRealTitle(page, new RegExp(`^Something went wrong – ${APP}$`));
    await expectAccessible(page);
  });
});

withPatient.describe("a dropped data request in the questionnaire (JavaScript)", () => {
  withPatient.skip(() => !scriptsRun(), "React Router's data requests exist only with the enhanced layer");

  withPatient("a dropped step page and a dropped answer: the step loads in full, the answer is sent natively and kept", async ({ page, patient }) => {
    await hydratedPage(page, "landing");
    await expect(page.getByText(`Welcome, ${patient.firstName}`)).toBeVisible();
    const documents = documentRequests(page);
    // Start Screening posts, then the first step's data comes by GET: that GET is dropped.
    const stepPage = await dropFirst(page, /\/screening\/[^/?]+\.data(\?|$)/, "GET");
    await page.getByRole("button", { name: "Start Screening" }).click();
    await expect(page).toHaveURL(/\/screening\/patient-situation$/);
    await expect(page.getByRole("heading", { level: 1, name: "What best describes your situation?" })).toBeVisible();
    expect(stepPage.dropped()).toBe(1);
    expect(documents).toContain("GET /screening/patient-situation");
    await expectRealTitle(page, new RegExp(`^Step 1 of 8: .+ – ${APP}$`));

    // The page loaded in full is enhanced again; now the answer's POST is dropped.
    await hydrated(page);
    await page.waitForLoadState("networkidle");
    const answer = await dropFirst(page, /\/screening\/patient-situation\.data(\?|$)/, "POST");
    await page.getByLabel("I am on dialysis and need a kidney transplant", { exact: true }).check();
    await page.getByRole("button", { name: "Continue", exact: true }).click();
    await expect(page).toHaveURL(/\/screening\/transplant-center-registration$/);
    await expect(page.getByRole("heading", { level: 1, name: "Are you currently registered with a transplant center?" })).toBeVisible();
    expect(answer.dropped()).toBe(1);
    expect(documents).toContain("POST /screening/patient-situation");
    await expectRealTitle(page, new RegExp(`^Step 2 of 8: .+ – ${APP}$`));

    // Previous: the first step with the answer the patient gave.
    await page.getByRole("button", { name: "Previous" }).click();
    await expect(page).toHaveURL(/\/screening\/patient-situation$/);
    await expect(page.getByLabel("I am on dialysis and need a kidney transplant", { exact: true })).toBeChecked();
  });

  withPatient("Back to a page whose data request is dropped: the page loads in full", async ({ page, patient }) => {
    await hydratedPage(page, "landing");
    await expect(page.getByText(`Welcome, ${patient.firstName}`)).toBeVisible();
    await page.getByText(`Welcome, ${patient.firstName}`).click();
    await page.getByRole("link", { name: "Profile", exact: true }).click();
    await expect(page).toHaveURL(/\/profile$/);
    await page.waitForLoadState("networkidle");
    const documents = documentRequests(page);
    const back = await dropFirst(page, /\/landing\.data(\?|$)/, "GET");
    await page.goBack();
    await expect(page).toHaveURL(/\/landing$/);
    await expect(page.getByRole("heading", { level: 1, name: "Dashboard" })).toBeVisible();
    expect(back.dropped()).toBe(1);
    expect(documents).toContain("GET /landing");
    await expect(page.getByText("Something went wrong on our side")).toHaveCount(0);
    await expectRealTitle(page, new RegExp(`^Welcome – ${APP}$`));
  });
});
