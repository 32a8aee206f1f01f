import fs from "node:fs";
import path from "node:path";
import type { Page } from "@playwright/test";
import en from "../../app/locales/en/index";
import { expect, hydrated, test, withPatient } from "./fixtures";
import { buildDir } from "./support/e2e-env";

/**
 * The stylesheets the pages link are the browser build's (docs/decisions/123): compiled for the browsers the portal
 * supports (vite.config.ts CLIENT_TARGET), not for Node, and Pico once. The server build once linked its own copies,
 * compiled for node24: Chrome 85-86 lost `inset` (dialogs, tooltips), Safari the -webkit- prefixes.
 */

/** The stylesheets the browser build's modules refer to (each route module's `?url` imports): file names. */
function browserBuildStylesheets(): Set<string> {
  const dir = path.join(buildDir, "client", "assets");
  const names = new Set<string>();
  for (const file of fs.readdirSync(dir).filter((name) => name.endsWith(".js")))
    for (const match of fs.readFileSync(path.join(dir, file), "utf8").matchAll(/assets\/([\w.-]+\.css)\b/g)) if (match[1]) names.add(match[1]);
  return names;
}

/** The href of every <link> to a stylesheet in the document now (rel stylesheet, preload, prefetch…). */
async function linkedStylesheets(page: Page): Promise<string[]> {
  return page.locator('link[href$=".css"]').evaluateAll((links) => links.map((link) => (link as HTMLLinkElement).href));
}

const fileName = (href: string) => new URL(href).pathname.split("/").pop() ?? "";

async function expectBrowserBuildStylesheets(page: Page, browserBuild: Set<string>) {
  const hrefs = await linkedStylesheets(page);
  expect(hrefs.length).toBeGreaterThan(0);
  expect(
    hrefs.map(fileName).filter((name) => !browserBuild.has(name)),
    `stylesheets of ${page.url()} not from the browser build`,
  ).toEqual([]);
  expect(new Set(hrefs.filter((href) => fileName(href).startsWith("pico."))).size, `Pico links on ${page.url()}`).toBe(1);
}

test.describe("the stylesheets a page links", () => {
  test("are the browser build's, Pico once, compiled for the oldest supported browsers", async ({ page }) => {
    const browserBuild = browserBuildStylesheets();
    expect([...browserBuild].some((name) => name.startsWith("pico."))).toBe(true);
    for (const url of ["register", "register?login=1", "register?forgot=1"]) {
      await page.goto(url);
      await hydrated(page);
      await expectBrowserBuildStylesheets(page, browserBuild);
    }
    // Compiled for Chrome 85, which has no `inset`: Pico's dialog keeps its long-hand top/right/bottom/left.
    const pico = (await linkedStylesheets(page)).find((href) => fileName(href).startsWith("pico."));
    const css = await (await page.request.get(pico!)).text();
    expect(css).toContain("dialog{display:flex;z-index:999;position:fixed;top:0;right:0;bottom:0;left:0;");
    expect(css).not.toMatch(/[{;]inset:/);
    // And app.css carries the fallback for Chromium 85-88 (app/styles/old-chromium.css), which only they apply.
    const app = (await linkedStylesheets(page)).find((href) => fileName(href).startsWith("app-"));
    expect(await (await page.request.get(app!)).text()).toContain("@supports not selector(:is(*))");
  });
});

withPatient.describe("the stylesheets a signed-in page links", () => {
  withPatient("are the browser build's, on a page load and after moving between pages", async ({ page, patient }) => {
    const browserBuild = browserBuildStylesheets();
    const requested: string[] = [];
    page.on("request", (request) => {
      if (request.resourceType() === "stylesheet" || new URL(request.url()).pathname.endsWith(".css")) requested.push(request.url());
    });
    // The dashboard links print.css too (its printed answers, decision 111).
    await page.goto("landing");
    await expect(page.getByText(`Welcome, ${patient.firstName}`)).toBeVisible();
    await hydrated(page);
    await expectBrowserBuildStylesheets(page, browserBuild);
    expect((await linkedStylesheets(page)).some((href) => fileName(href).startsWith("print-"))).toBe(true);
    await page.goto("profile");
    await hydrated(page);
    await expectBrowserBuildStylesheets(page, browserBuild);
    // With the enhanced layer, the logo moves to the dashboard in the page (its print.css comes with it).
    await page.getByRole("link", { name: en.header.logo }).click();
    await expect(page).toHaveURL(/\/landing$/);
    await page.waitForLoadState("networkidle");
    await expectBrowserBuildStylesheets(page, browserBuild);
    expect(requested.map(fileName).filter((name) => !browserBuild.has(name))).toEqual([]);
    expect(new Set(requested.filter((url) => fileName(url).startsWith("pico."))).size).toBe(1);
  });
});
