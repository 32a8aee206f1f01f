import {
  confirmContact,
  createPatient,
  expect,
  expectAccessible,
  latestCode,
  MAIN_JOURNEY,
  needsStaffCommands,
  newPatient,
  register,
  sqlQuery,
  test,
} from "./fixtures";

test.describe("confirm email and mobile (ACC-025, ACC-026, ACC-027, ACC-028, ACC-035)", () => {
  test("a new patient confirms both contacts with codes from the outbox and is ready to start", { tag: MAIN_JOURNEY }, async ({ page }) => {
    test.slow();
    const patient = newPatient("Sofia");
    await register(page, patient);
    await expect(page).toHaveURL(/\/landing$/);
    await expect(page.getByText("Pending Verification")).toBeVisible();
    await page.getByRole("button", { name: "Confirm Email or Mobile Number" }).click();

    await expect(page).toHaveURL(/\/confirm$/);
    await expect(page.getByRole("heading", { level: 1, name: "Confirm Email or Mobile Number" })).toBeVisible();
    await expect(page.getByText("Not Confirmed")).toHaveCount(2);
    await expect(page.getByRole("button", { name: "Continue" })).toBeDisabled();
    await expect(page.getByRole("button", { name: "Return to Dashboard" })).toBeVisible();
    await expectAccessible(page);

    // Email: send, a wrong code, a new code, the right one.
    await page.getByRole("button", { name: "Send Confirmation Email" }).click();
    const send = page.getByRole("dialog", { name: "Confirm Your Email Address" });
    await expect(send).toContainText(`We will send a confirmation code to ${patient.email}.`);
    await expect(send).toContainText("The code is good for 30 minutes.");
    await expectAccessible(page);
    await send.getByRole("button", { name: "Send Confirmation Email" }).click();

    const codeDialog = page.getByRole("dialog", { name: "Enter Confirmation Code" });
    await expect(codeDialog).toContainText(`We emailed a confirmation code to ${patient.email}.`);
    const input = codeDialog.getByLabel("Confirmation Code");
    await expect(input).toHaveAttribute("autocomplete", "one-time-code");
    await expect(input).toHaveAttribute("inputmode", "numeric");
    await expectAccessible(page);
    const first = await latestCode(page.request, patient.email, "email");
    const wrong = first === "000000" ? "111111" : "000000";
    await input.fill(wrong);
    await codeDialog.getByRole("button", { name: "Confirm Code" }).click();
    await expect(page.getByRole("dialog", { name: "Enter Confirmation Code" })).toContainText(
      "The code you entered doesn't match the code we sent, please try again...",
    );
    await expect(page.getByRole("dialog").getByLabel("Confirmation Code")).toHaveValue(wrong);
    await expectAccessible(page);

    await page.getByRole("dialog").getByRole("button", { name: "Send a new code" }).click();
    await expect(page.getByRole("status")).toContainText("We sent you a new code.");
    await expect.poll(() => latestCode(page.request, patient.email, "email")).not.toBe(first);
    const fresh = await latestCode(page.request, patient.email, "email");
    await page
      .getByRole("dialog", { name: "Enter Confirmation Code" })
      .getByLabel("Confirmation Code")
      .fill(`${fresh.slice(0, 3)} ${fresh.slice(3)}`);
    await page.getByRole("dialog").getByRole("button", { name: "Confirm Code" }).click();
    await expect(page.getByRole("status")).toContainText("Your email address is confirmed.");
    await expect(page.getByText("Confirmed", { exact: true })).toHaveCount(1);
    await expect(page.getByRole("button", { name: "Continue" })).toBeEnabled();
    await expectAccessible(page);

    // Mobile, with the shared step later journeys use.
    await confirmContact(page, patient, "text");
    await expect(page.getByText("Confirmed", { exact: true })).toHaveCount(2);

    await page.getByRole("button", { name: "Return to Dashboard" }).click();
    await expect(page).toHaveURL(/\/landing$/);
    await expect(page.getByText("Ready to Start")).toBeVisible();
    await expect(page.getByRole("button", { name: "Start Screening" })).toBeVisible();
    await expect(page.getByText("Account Verification Required")).toHaveCount(0);
    await expectAccessible(page);
  });

  test("a contact that is not valid gets the alert and keeps what was typed", async ({ page }) => {
    await createPatient(page.request, newPatient("Ines"));
    await page.goto("confirm");
    const email = page.getByLabel("Email", { exact: true });
    await email.fill("ines@");
    await page.getByRole("button", { name: "Send Confirmation Email" }).click();
    await expect(page.getByRole("alert").filter({ hasText: "There is a problem" })).toContainText("Please enter a valid email address...");
    await expect(page.getByLabel("Email", { exact: true })).toHaveValue("ines@");
    await page.getByLabel("Mobile number", { exact: true }).fill("555-01");
    await page.getByRole("button", { name: "Send Confirmation Text" }).click();
    await expect(page.getByRole("alert").filter({ hasText: "There is a problem" })).toContainText("Please enter a valid US mobile number...");
    await expect(page.getByLabel("Mobile number", { exact: true })).toHaveValue(/555\D*01/);
    await expectAccessible(page);
  });

  test("the send dialog opens from the URL and warns when the email was already confirmed", async ({ page }) => {
    await createPatient(page.request, newPatient("Olga"), { verified: true });
    await page.goto("confirm?confirm=email");
    const dialog = page.getByRole("dialog", { name: "Confirm Your Email Address" });
    await expect(dialog).toContainText(
      "Your email was already confirmed, so we cannot change it until you confirm the new email address. Are you sure you want to change it?",
    );
    await expectAccessible(page);
    await dialog.getByRole("button", { name: "Cancel" }).click();
    await expect(page.getByRole("dialog")).toHaveCount(0);
  });

  test("after 5 wrong tries the code is locked (not 'expired'); 'Send a new code' gives one that confirms (docs/decisions/039)", async ({ page }) => {
    const patient = await createPatient(page.request, newPatient("Irene"));
    await page.goto("confirm");
    await page.getByRole("button", { name: "Send Confirmation Email" }).click();
    await page.getByRole("dialog", { name: "Confirm Your Email Address" }).getByRole("button", { name: "Send Confirmation Email" }).click();
    await expect(page.getByRole("dialog", { name: "Enter Confirmation Code" })).toContainText(`We emailed a confirmation code to ${patient.email}.`);
    const code = await latestCode(page.request, patient.email, "email");
    const wrong = code === "000000" ? "111111" : "000000";
    for (let i = 0; i < 5; i++) {
      const dialog = page.getByRole("dialog", { name: "Enter Confirmation Code" });
      await dialog.getByLabel("Confirmation Code").fill(wrong);
      // Each wrong try answered before the next (the alert of the previous one is already on the page).
      const answered = page.waitForResponse((r) => r.request().method() === "POST" && new URL(r.url()).pathname.includes("confirm"));
      await dialog.getByRole("button", { name: "Confirm Code" }).click();
      await answered;
      await expect(
        page.getByRole("dialog", { name: "Enter Confirmation Code" }).getByRole("alert").filter({ hasText: "There is a problem" }),
      ).toContainText("The code you entered doesn't match");
    }
    const dialog = page.getByRole("dialog", { name: "Enter Confirmation Code" });
    await dialog.getByLabel("Confirmation Code").fill(code);
    await dialog.getByRole("button", { name: "Confirm Code" }).click();
    const locked = page.getByRole("dialog", { name: "Enter Confirmation Code" });
    await expect(locked.getByRole("alert").filter({ hasText: "There is a problem" })).toContainText(
      "That code was entered wrongly too many times, so it is locked. Select 'Send a new code' and enter the new code.",
    );
    await expect(locked.getByText("The code you entered has expired")).toHaveCount(0);
    await expect(locked.getByLabel("Confirmation Code")).toHaveAttribute("aria-invalid", "true");
    await expectAccessible(page);

    await locked.getByRole("button", { name: "Send a new code" }).click();
    await expect(page.getByRole("status")).toContainText("We sent you a new code.");
    await expect.poll(() => latestCode(page.request, patient.email, "email")).not.toBe(code);
    const fresh = await latestCode(page.request, patient.email, "email");
    const reopened = page.getByRole("dialog", { name: "Enter Confirmation Code" });
    await reopened.getByLabel("Confirmation Code").fill(fresh);
    await reopened.getByRole("button", { name: "Confirm Code" }).click();
    await expect(page.getByRole("status")).toContainText("Your email address is confirmed.");
    await expect(page.getByText("Confirmed", { exact: true })).toHaveCount(1);
  });

  test("an email code past its 30 minutes reads 'The code you entered has expired'; a fresh code confirms", async ({ page }) => {
    needsStaffCommands();
    const patient = await createPatient(page.request, newPatient("Teresa"));
    await page.goto("confirm");
    await page.getByRole("button", { name: "Send Confirmation Email" }).click();
    await page.getByRole("dialog", { name: "Confirm Your Email Address" }).getByRole("button", { name: "Send Confirmation Email" }).click();
    const codeDialog = page.getByRole("dialog", { name: "Enter Confirmation Code" });
    await expect(codeDialog).toContainText(`We emailed a confirmation code to ${patient.email}.`);
    const old = await latestCode(page.request, patient.email, "email");

    // 31 minutes pass (ACC-027: a code is good for 30 minutes): the code row is backdated in the registry.
    const moved = await sqlQuery(
      `update confirmation_codes set sent_at = sent_at - interval '31 minutes', expires_at = expires_at - interval '31 minutes',
         series_started_at = series_started_at - interval '31 minutes'
       where confirmation_type = 1 and target = $1 returning id`,
      [patient.email.toLowerCase()],
    );
    expect(moved).toHaveLength(1);

    await codeDialog.getByLabel("Confirmation Code").fill(old);
    await codeDialog.getByRole("button", { name: "Confirm Code" }).click();
    const expired = page.getByRole("dialog", { name: "Enter Confirmation Code" });
    // ACC-027; the code stays as typed (as after a wrong code), in the summary and at the field.
    await expect(expired.getByRole("alert").filter({ hasText: "There is a problem" })).toContainText("The code you entered has expired");
    await expect(expired.getByLabel("Confirmation Code")).toHaveValue(old);
    await expect(expired.getByLabel("Confirmation Code")).toHaveAttribute("aria-invalid", "true");
    await expect(page).toHaveTitle(/^Error: /);
    await expect(page.getByText("Not Confirmed")).toHaveCount(2);
    await expectAccessible(page);

    // A new code: the dialog opens again with the box empty (ACC-026), and it works.
    await expired.getByRole("button", { name: "Send a new code" }).click();
    await expect(page.getByRole("status")).toContainText("We sent you a new code.");
    const reopened = page.getByRole("dialog", { name: "Enter Confirmation Code" });
    await expect(reopened.getByLabel("Confirmation Code")).toHaveValue("");
    await expect(reopened.getByText("The code you entered has expired")).toHaveCount(0);
    await expect.poll(() => latestCode(page.request, patient.email, "email")).not.toBe(old);
    const fresh = await latestCode(page.request, patient.email, "email");
    await reopened.getByLabel("Confirmation Code").fill(fresh);
    await reopened.getByRole("button", { name: "Confirm Code" }).click();
    await expect(page.getByRole("status")).toContainText("Your email address is confirmed.");
    await expect(page.getByRole("dialog")).toHaveCount(0);
    await expect(page.getByText("Confirmed", { exact: true })).toHaveCount(1);
    await expectAccessible(page);
  });
});
