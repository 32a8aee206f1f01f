import { inflateSync } from "node:zlib";
import type { Locator, Page } from "@playwright/test";
import {
  createCandidate,
  createClearedScreening,
  createPatient,
  expect,
  expectAccessible,
  formPoster,
  hydrated,
  needsStaffCommands,
  newPatient,
  selectFirstCenter,
  test,
  withPatient,
} from "./fixtures";
import { answersByPage } from "../../app/features/medical-history/test-answers";

/**
 * Colour schemes (docs/decisions/091). Pico follows the system's dark mode; every colour of the portal's own
 * (notices, error texts, badges, the step tracker, the focus ring) has a dark value too, so axe's contrast checks
 * pass in dark mode as in light. In forced colours (Windows high contrast, here with a light palette) the states are
 * drawn with system colours: a ticked checkbox and a checked radio look ticked, badges and the tracker's steps keep
 * their shapes, the focus ring is drawn in Highlight. JavaScript on and off.
 */

/** Opens a page and checks it with axe (WCAG 2.2 AA, contrast included) as the patient's browser shows it. */
async function visit(page: Page, path: string) {
  await page.goto(path);
  // The page asked for, not the registration page a visitor who is not signed in is sent to.
  const where = path.split("?")[0]!.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
  await expect(page).toHaveURL(new RegExp(`/${where}(\\?|$)`));
  // Without JavaScript, the page behind a dialog the server opened is hidden: its heading then is the dialog's.
  await expect(page.locator("h1:visible, dialog[open] h2:visible").first()).toBeVisible();
  await expectAccessible(page);
}

/** The page really is in dark mode: Pico's and the portal's colours both switched (so axe checked the dark ones). */
async function expectDark(page: Page) {
  const seen = await page.evaluate(() => ({
    scheme: getComputedStyle(document.documentElement).colorScheme,
    background: (getComputedStyle(document.documentElement).backgroundColor.match(/[\d.]+/g) ?? []).slice(0, 3).map(Number),
    meta: document.querySelector('meta[name="color-scheme"]')?.getAttribute("content") ?? "",
  }));
  expect(seen.scheme).toBe("dark");
  expect(Math.max(...seen.background), `the page's background ${seen.background.join(", ")}`).toBeLessThan(64);
  // The page tells the browser it supports both schemes, so the first paint (before the styles) is dark too.
  expect(seen.meta.split(/\s+/)).toContain("dark");
}

test.describe("dark mode", () => {
  test.use({ colorScheme: "dark" });

  test("public pages, registration with its errors, the dialogs", async ({ page }) => {
    test.slow();
    await visit(page, "register");
    await expectDark(page);
    const form = page.locator("form[aria-label]").first();
    // The HIPAA agreement ticked, then the form sent empty: the error summary and the fields' messages.
    await form.getByLabel("I agree to the HIPAA release").check();
    await form.getByRole("button", { name: "Register", exact: true }).click();
    await expect(page).toHaveTitle(/^Error: /);
    await expectAccessible(page);
    // A dialog opened from the page (with JavaScript a modal over the page, without a page of its own).
    await hydrated(page);
    await page.getByRole("link", { name: "Already Registered?" }).first().click();
    const login = page.getByRole("dialog", { name: "Already Registered?" });
    await expect(login).toBeVisible();
    await expectAccessible(page);
    await login.getByLabel("Email").fill(`nobody.${Date.now()}@example.org`);
    await login.getByLabel("Password").fill("not a password anybody has");
    await login.getByRole("button", { name: "Login" }).click();
    await expect(page.getByRole("dialog", { name: "Already Registered?" })).toContainText(
      "We are unable to locate an account with those credentials",
    );
    await expectAccessible(page);
    for (const path of ["register?forgot=1", "register?hipaa=1", "reset-password?h=not-a-real-token", "staff/sign-in"]) await visit(page, path);
  });

  test("a new patient's dashboard (email not confirmed yet)", async ({ page }) => {
    await createPatient(page.request, newPatient("Dora"));
    await visit(page, "landing");
    await expectDark(page);
    await expect(page.getByRole("region", { name: "Account Verification Required" })).toBeVisible();
  });

  withPatient("dashboard, profile with errors and its message, confirm, the screening steps", async ({ page, patient }) => {
    withPatient.slow();
    await visit(page, "landing");
    await expect(page.getByText(`Welcome, ${patient.firstName}`)).toBeVisible();
    await expectDark(page);
    await visit(page, "profile");
    const passwords = page.locator("form").filter({ has: page.getByRole("button", { name: "Update Password" }) });
    await passwords.getByRole("button", { name: "Update Password" }).click();
    await expect(page.getByRole("alert").filter({ hasText: "There is a problem" })).toBeVisible();
    await expectAccessible(page);
    await page.getByLabel("Preferred name").fill("Rosie");
    await page.getByRole("button", { name: "Update Account" }).click();
    await expect(page.getByRole("status").filter({ hasText: "Profile updated successfully" })).toBeVisible();
    await expectAccessible(page);
    for (const path of ["confirm", "confirm?confirm=email"]) await visit(page, path);

    await page.goto("landing");
    await page.getByRole("button", { name: "Start Screening" }).first().click();
    await expect(page).toHaveURL(/\/screening\/patient-situation$/);
    await page.getByRole("button", { name: "Continue", exact: true }).click();
    await expect(page).toHaveTitle(/^Error: /);
    await expectAccessible(page);
    await page.getByLabel("I am on dialysis and need a kidney transplant", { exact: true }).check();
    await page.getByRole("button", { name: "Continue", exact: true }).click();
    await page.getByLabel("No, I have not selected a transplant center", { exact: true }).check();
    await page.getByRole("button", { name: "Continue", exact: true }).click();
    // The tracker with done, current and coming steps.
    await expect(page).toHaveURL(/\/screening\/donor-situation$/);
    await expectAccessible(page);
  });

  withPatient("center selection, the dashboard with a referral and its dialogs, the lab pages", async ({ page, patient }) => {
    withPatient.slow();
    const id = await createClearedScreening(page.request, patient);
    await visit(page, "screening/complete");
    await visit(page, `select-center/${id}`);
    await expectDark(page);
    await selectFirstCenter(page.request, id);
    for (const path of ["landing", `landing?results=${id}`, `landing?change=${id}`, `lab-tests/${id}`, `lab-results/${id}`]) await visit(page, path);
  });

  test("the medical history with an error, its review and the e-sign page", async ({ page }) => {
    needsStaffCommands();
    test.slow();
    const { csrf } = await createCandidate(page.request);
    const post = formPoster(page.request, csrf);
    await visit(page, "landing");
    await visit(page, "medical-history/kidney-transplant");
    await page.getByRole("button", { name: "Next", exact: true }).click();
    await expect(page).toHaveTitle(/^Error: /);
    await expectAccessible(page);
    for (const [slug, fields] of answersByPage) await post(`medical-history/${slug}`, { intent: "next", ...fields });
    await visit(page, "medical-history/review");
    await post("medical-history/review", { intent: "submit" });
    await visit(page, "e-sign");
    await expectDark(page);
  });
});

/** The RGBA pixels of a PNG as Chromium's screenshots write it (8 bits per channel, no interlace). */
function decodePng(png: Buffer): { width: number; height: number; rgba: Uint8Array } {
  let offset = 8;
  let width = 0;
  let height = 0;
  let colourType = 0;
  const data: Buffer[] = [];
  while (offset < png.length) {
    const length = png.readUInt32BE(offset);
    const type = png.toString("latin1", offset + 4, offset + 8);
    const body = png.subarray(offset + 8, offset + 8 + length);
    if (type === "IHDR") {
      width = body.readUInt32BE(0);
      height = body.readUInt32BE(4);
      expect([body[8], body[12]], "8 bits per channel, not interlaced").toEqual([8, 0]);
      colourType = body[9]!;
    } else if (type === "IDAT") data.push(body);
    offset += length + 12;
  }
  const channels = colourType === 6 ? 4 : colourType === 2 ? 3 : 0;
  expect(channels, `PNG colour type ${colourType}`).toBeGreaterThan(0);
  const raw = inflateSync(Buffer.concat(data));
  const stride = width * channels;
  const out = new Uint8Array(stride * height);
  for (let y = 0; y < height; y += 1) {
    const filter = raw[y * (stride + 1)]!;
    for (let x = 0; x < stride; x += 1) {
      const value = raw[y * (stride + 1) + 1 + x]!;
      const a = x >= channels ? out[y * stride + x - channels]! : 0;
      const b = y > 0 ? out[(y - 1) * stride + x]! : 0;
      const c = x >= channels && y > 0 ? out[(y - 1) * stride + x - channels]! : 0;
      const p = a + b - c;
      const predictor =
        filter === 0
          ? 0
          : filter === 1
            ? a
            : filter === 2
              ? b
              : filter === 3
                ? (a + b) >> 1
                : Math.abs(p - a) <= Math.abs(p - b) && Math.abs(p - a) <= Math.abs(p - c)
                  ? a
                  : Math.abs(p - b) <= Math.abs(p - c)
                    ? b
                    : c;
      out[y * stride + x] = (value + predictor) & 255;
    }
  }
  const rgba = new Uint8Array(width * height * 4);
  for (let i = 0; i < width * height; i += 1) {
    for (let k = 0; k < 3; k += 1) rgba[i * 4 + k] = out[i * channels + k]!;
    rgba[i * 4 + 3] = channels === 4 ? out[i * channels + 3]! : 255;
  }
  return { width, height, rgba };
}

type Rgb = [number, number, number];

/** What an element (or a box of the page) looks like: its pixels, row by row, as seen on the screen. */
async function pixels(target: Locator | Page, clip?: { x: number; y: number; width: number; height: number }): Promise<Rgb[]> {
  return (await picture(target, clip)).pixels;
}

async function picture(target: Locator | Page, clip?: { x: number; y: number; width: number; height: number }) {
  const png = clip ? await (target as Page).screenshot({ clip, animations: "disabled" }) : await target.screenshot({ animations: "disabled" });
  const { width, height, rgba } = decodePng(png);
  const out: Rgb[] = [];
  for (let i = 0; i < width * height; i += 1) out.push([rgba[i * 4]!, rgba[i * 4 + 1]!, rgba[i * 4 + 2]!]);
  return { width, height, pixels: out };
}

/** The pixels of a picture's outer frame, `thickness` px wide: where a box's border is drawn. */
function frame({ width, height, pixels: shot }: { width: number; height: number; pixels: Rgb[] }, thickness: number): Rgb[] {
  return shot.filter((_, i) => {
    const x = i % width;
    const y = Math.floor(i / width);
    return x < thickness || y < thickness || x >= width - thickness || y >= height - thickness;
  });
}

function distance(a: Rgb, b: Rgb): number {
  return Math.max(Math.abs(a[0] - b[0]), Math.abs(a[1] - b[1]), Math.abs(a[2] - b[2]));
}

/** The share of pixels that are not the page's background (`canvas`). */
function inked(shot: Rgb[], canvas: Rgb): number {
  return shot.filter((p) => distance(p, canvas) > 64).length / shot.length;
}

/** The share of pixels that differ between two pictures of the same box. */
function changed(a: Rgb[], b: Rgb[]): number {
  expect(a.length).toBe(b.length);
  return a.filter((p, i) => distance(p, b[i]!) > 64).length / a.length;
}

/** The system colours of the forced palette, as the browser resolves them. */
async function systemColours(page: Page): Promise<{ canvas: Rgb; canvasText: Rgb; highlight: Rgb }> {
  return page.evaluate(() => {
    const probe = document.createElement("span");
    // As the value is drawn, not as the palette forces an ordinary text's colour.
    probe.style.forcedColorAdjust = "none";
    document.body.append(probe);
    const rgba = (colour: string): number[] => {
      probe.style.color = colour;
      const [r, g, b, a = 1] = getComputedStyle(probe)
        .color.match(/[\d.]+/g)!
        .map(Number);
      return [r!, g!, b!, a];
    };
    // A colour of the palette may be translucent (Chromium's Highlight is): as it shows on the page's Canvas.
    const canvas = rgba("Canvas");
    const rgb = (colour: string): [number, number, number] => {
      const [r, g, b, a] = rgba(colour) as [number, number, number, number];
      const over = (value: number, under: number) => Math.round(value * a + under * (1 - a));
      return [over(r, canvas[0]!), over(g, canvas[1]!), over(b, canvas[2]!)];
    };
    const found = { canvas: rgb("Canvas"), canvasText: rgb("CanvasText"), highlight: rgb("Highlight") };
    probe.remove();
    return found;
  });
}

/** A box around an element, `margin` px wider on each side (to see its focus ring). */
async function around(page: Page, target: Locator, margin: number) {
  const box = await target.boundingBox();
  expect(box).not.toBeNull();
  return { x: box!.x - margin, y: box!.y - margin, width: box!.width + 2 * margin, height: box!.height + 2 * margin };
}

test.describe("forced colours, light palette", () => {
  test.use({ forcedColors: "active", colorScheme: "light" });

  test("the HIPAA agreement looks ticked when ticked; the focus ring is drawn in Highlight", async ({ page }) => {
    await page.goto("register");
    const { canvas, highlight } = await systemColours(page);
    const agree = page.locator("form[aria-label]").first().getByLabel("I agree to the HIPAA release");
    await agree.scrollIntoViewIfNeeded();
    const unticked = await pixels(agree);
    await agree.check();
    await page.locator("h1").click();
    const ticked = await pixels(agree);
    expect(changed(unticked, ticked), "a ticked checkbox looks different from an unticked one").toBeGreaterThan(0.15);

    // The ring around a field reached with the keyboard: drawn in the palette's Highlight, outside the field.
    const name = page.locator("form[aria-label]").first().getByLabel("First name", { exact: true });
    await name.focus();
    await page.keyboard.press("Shift+Tab");
    await page.keyboard.press("Tab");
    await expect(name).toBeFocused();
    const ring = await pixels(page, await around(page, name, 5));
    const inHighlight = ring.filter((p) => distance(p, highlight) <= 32).length;
    expect(inHighlight, "pixels of the focus ring in Highlight").toBeGreaterThan(100);
    expect(distance(highlight, canvas)).toBeGreaterThan(64);
  });

  withPatient("a checked radio, the step tracker's states and the dashboard's badges stay visible", async ({ page, patient }) => {
    await page.goto("landing");
    const { canvas } = await systemColours(page);
    // The dashboard's step badge ("Ready to Start"…): a box of its own, not only a word among words.
    const badge = page.locator(".step-card .badge, .step-card__done").first();
    await expect(badge).toBeVisible();
    expect(inked(frame(await picture(badge), 2), canvas), "the badge's box is drawn").toBeGreaterThan(0.6);

    // A radio answer: checked looks different from unchecked.
    await page.getByRole("button", { name: "Start Screening" }).first().click();
    await expect(page).toHaveURL(/\/screening\/patient-situation$/);
    const radio = page.getByLabel("I am on dialysis and need a kidney transplant", { exact: true });
    const unchecked = await pixels(radio);
    await radio.check();
    await page.locator("h1").click();
    const checked = await pixels(radio);
    expect(changed(unchecked, checked), "a checked radio looks different from an unchecked one").toBeGreaterThan(0.15);

    // The tracker: done and current steps are filled (in different colours), the coming ones are rings.
    const csrf = await page.locator('input[name="_csrf"]').first().inputValue();
    const post = formPoster(page.request, csrf);
    await post("screening/patient-situation", { intent: "continue", kidneyStatus: "1", kidneyStatusOther: "" });
    await post("screening/transplant-center-registration", { intent: "continue", transplantCenterSituation: "2" });
    await page.goto("screening/donor-situation");
    const marks = page.locator(".step-tracker__mark");
    const done = await pixels(page.locator(".step-tracker__step--done .step-tracker__mark").first());
    const current = await pixels(page.locator(".step-tracker__step--current .step-tracker__mark"));
    const coming = await pixels(marks.last());
    expect(inked(done, canvas), "a done step's mark is filled").toBeGreaterThan(0.5);
    expect(inked(current, canvas), "the current step's mark is filled").toBeGreaterThan(0.5);
    expect(inked(coming, canvas), "a coming step's mark is a ring").toBeLessThan(0.5);
    const average = (shot: Rgb[]): Rgb => [0, 1, 2].map((k) => shot.reduce((s, p) => s + p[k]!, 0) / shot.length) as Rgb;
    expect(distance(average(done), average(current)), "done and current steps look different").toBeGreaterThan(24);
    expect(patient.firstName).toBeTruthy();
  });
});
