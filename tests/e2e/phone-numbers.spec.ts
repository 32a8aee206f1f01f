import {
  createPatient,
  enterConfirmationCode,
  expect,
  expectAccessible,
  fillRegistration,
  humanPause,
  latestMessage,
  newPatient,
  scriptsRun,
  sendTextCode,
  test,
} from "./fixtures";

/**
 * Phone numbers as patients paste them (issue 23, items 0 and 2; docs/decisions/090), with JavaScript on and off: a
 * leading +1 is the country code, no maxlength cuts what was typed, an international number typed before the country
 * is chosen is not read as a US one, and the code goes to the number that was typed. Each test makes its own number
 * (a run registers each one once), written the way the examples are: "+1 303 555 5841", "+44 7911 123456",
 * "+1 (202) 555-0188".
 */

/** The 10 digits of a fresh, possible US number (area code 3N5, exchange 5NN), as newPatient makes them. */
function freshUsDigits(): string {
  return newPatient().phone.replace(/\D/g, "");
}

test.describe("a US number pasted with its country code (issue 23, item 0)", () => {
  test("'+1 303 555 5841' is stored as (303) 555-5841 and the code is texted to +13035555841", async ({ page }) => {
    const patient = newPatient("Paloma");
    const d = freshUsDigits();
    const pasted = `+1 ${d.slice(0, 3)} ${d.slice(3, 6)} ${d.slice(6)}`;
    const shown = `(${d.slice(0, 3)}) ${d.slice(3, 6)}-${d.slice(6)}`;
    const e164 = `+1${d}`;

    const loadedAt = await fillRegistration(page, patient);
    const form = page.locator("form[aria-label]").first();
    const phone = form.getByLabel("Phone number");
    // No maxlength cuts a pasted number (it cut this one to 10 digits that passed the rule, the last one dropped).
    await expect(phone).not.toHaveAttribute("maxlength");
    // What a 14-character field used to keep of it: the "1" is no area code's first digit, and the message says why.
    await phone.fill(`(1${d.slice(0, 2)}) ${d.slice(2, 5)}-${d.slice(5, 9)}`);
    await humanPause(page, loadedAt);
    await form.getByRole("button", { name: "Register", exact: true }).click();
    const summary = page.getByRole("alert").filter({ hasText: "There is a problem" });
    await expect(
      summary.getByRole("link", {
        name: "This is not a valid US or Canadian phone number: the area code (the first 3 of its 10 digits) cannot start with 0 or 1, or be a service code such as 411 or 911",
      }),
    ).toBeVisible();
    await expectAccessible(page);

    const again = page.locator("form[aria-label]").first();
    await again.getByLabel("Phone number").fill(pasted);
    if (scriptsRun()) {
      // Formatted as typed, the country code kept in front, no digit dropped; the live check asks about the right number.
      await expect(again.getByLabel("Phone number")).toHaveValue(`+1 ${shown}`);
      await expect(page.getByText("Phone number is available")).toBeVisible();
    }
    await again.getByLabel("Password", { exact: true }).fill(patient.password);
    await again.getByLabel("Confirm password").fill(patient.password);
    await again.getByRole("button", { name: "Register", exact: true }).click();
    await expect(page).toHaveURL(/\/landing$/);

    // The profile and the confirm screen show the number stored, without its country code.
    await page.goto("profile");
    await expect(page.getByLabel("Phone number")).toHaveValue(shown);
    await page.goto("confirm");
    await expect(page.getByLabel("Mobile number", { exact: true })).toHaveValue(shown);
    await page.getByRole("button", { name: "Send Confirmation Text" }).click();
    await page.getByRole("dialog", { name: "Confirm Your Mobile Number" }).getByRole("button", { name: "Send Confirmation Text" }).click();
    await expect(page.getByRole("dialog", { name: "Enter Confirmation Code" })).toBeVisible();
    expect((await latestMessage(page.request, e164, "sms")).to).toBe(e164);
    await enterConfirmationCode(page, e164, "sms");
    await expect(page.locator("#contacts-phoneNumber-status")).toHaveText("Confirmed");
  });
});

test.describe("an international number is kept whole (issue 23, items 0 and 2)", () => {
  test("'+44 7911 123456' typed before the country is chosen stays as typed and is stored whole in E.164", async ({ page }) => {
    const patient = newPatient("Harriet");
    const six = freshUsDigits().slice(-6);
    const typed = `+44 7911 ${six}`;
    const e164 = `+447911${six}`;

    const loadedAt = await fillRegistration(page, { ...patient, phone: typed });
    const form = page.locator("form[aria-label]").first();
    const phone = form.getByLabel("Phone number");
    // Typed before the country (the form's order): not read as "(447) 911-…", and not cut at 14 characters.
    await expect(phone).not.toHaveAttribute("maxlength");
    await expect(phone).toHaveValue(typed);
    await form.getByLabel("Country").selectOption({ label: "Other" });
    await form.getByLabel("Province").fill("Kent");
    await form.getByLabel("Postal code").fill("CT1 2EH");
    await expect(phone).toHaveValue(typed);
    if (scriptsRun()) await expect(page.getByText("Phone number is available")).toBeVisible();
    await humanPause(page, loadedAt);
    await form.getByRole("button", { name: "Register", exact: true }).click();
    await expect(page).toHaveURL(/\/landing$/);

    await page.goto("confirm");
    await expect(page.getByLabel("Mobile number", { exact: true })).toHaveValue(e164);
    await sendTextCode(page, e164);
  });

  test("with the United States as the country, another country's number is refused with a word about the country", async ({ page }) => {
    const patient = newPatient("Agnes");
    const typed = `+44 7911 ${freshUsDigits().slice(-6)}`;
    const loadedAt = await fillRegistration(page, { ...patient, phone: typed });
    await humanPause(page, loadedAt);
    await page.locator("form[aria-label]").first().getByRole("button", { name: "Register", exact: true }).click();
    const summary = page.getByRole("alert").filter({ hasText: "There is a problem" });
    await expect(
      summary.getByRole("link", {
        name: "Please enter a valid 10-digit US phone number, or choose Other as the country for a number outside the United States",
      }),
    ).toBeVisible();
    await expect(page.getByLabel("Phone number")).toHaveValue(typed);
  });
});

test.describe("the confirm screen's new mobile number with its country code (issue 23, item 0)", () => {
  test("'+1 (202) 555-0188' becomes the confirmed (202) 555-0188, its code texted to +12025550188", async ({ page }) => {
    await createPatient(page.request, newPatient("Camila"), { verified: true });
    const d = freshUsDigits();
    const typed = `+1 (${d.slice(0, 3)}) ${d.slice(3, 6)}-${d.slice(6)}`;
    const shown = `(${d.slice(0, 3)}) ${d.slice(3, 6)}-${d.slice(6)}`;
    const e164 = `+1${d}`;

    await page.goto("confirm");
    const mobile = page.getByLabel("Mobile number", { exact: true });
    await expect(mobile).not.toHaveAttribute("maxlength");
    await mobile.fill(typed);
    // With JavaScript the formatter keeps it as typed (it made "(120) 255-5018" of it).
    await expect(mobile).toHaveValue(typed);
    await page.getByRole("button", { name: "Send Confirmation Text" }).click();
    const send = page.getByRole("dialog", { name: "Confirm Your Mobile Number" });
    await expect(send).toContainText(`We will text a numeric confirmation code to ${typed}.`);
    await send.getByRole("button", { name: "Send Confirmation Text" }).click();
    await expect(page.getByRole("dialog", { name: "Enter Confirmation Code" })).toBeVisible();
    expect((await latestMessage(page.request, e164, "sms")).to).toBe(e164);
    await enterConfirmationCode(page, e164, "sms");
    await expect(page.getByLabel("Mobile number", { exact: true })).toHaveValue(shown);
    await expect(page.locator("#contacts-phoneNumber-status")).toHaveText("Confirmed");
    await expectAccessible(page);
  });
});
