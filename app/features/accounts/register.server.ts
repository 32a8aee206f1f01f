import { redirect } from "react-router";
import { signIn } from "~/platform/auth.server";
import { knownDeviceCookie, readKnownDevice } from "./known-device.server";
import { isLive, pendingAddress, withRecommended } from "./pending-address";
import { phoneCheckView } from "./phone-check-rules";
import { submitOutcome, type Reason } from "./register-outcome";
import { PASSWORD_KEPT, REGISTER_FIELDS } from "./registration-field-names";
import { keepPasswords, passwordsToUse } from "./hipaa-passwords";
import { checkRegistrationForm, displayValues } from "./registration-form";
import { translator } from "~/texts/texts.server";
import { notSavedMessageKey } from "~/registry/client.server";
import { reach } from "~/registry/reach.server";
import { botCheckMessage, checkBotFields, HONEYPOT_FIELD, ISSUED_FIELD, issueFormStamp } from "./bot-check.server";
import { formFailure, formKept, linkValue, textFields } from "~/forms/form.server";
import type { FieldErrors, FormMessage } from "~/forms/types";
import { asFieldErrors, withCheckedErrors } from "~/texts/text-key.server";
import type { PortalContext } from "~/platform/context";

/** The registration form's hidden fields, echoed back with the values. */
const HIDDEN = ["entryreferrer", "inviteToken", ISSUED_FIELD] as const;
export const BOT_PURPOSE = "register";

type Values = Record<string, string>;

function hiddenValues(form: FormData): Record<(typeof HIDDEN)[number], string> {
  const v = textFields(form, HIDDEN);
  return { entryreferrer: linkValue(v.entryreferrer, 200), inviteToken: linkValue(v.inviteToken, 500), formIssued: linkValue(v.formIssued, 100) };
}

function fail(values: Values, errors: FieldErrors, message?: FormMessage, status = 400) {
  return formFailure("register", displayValues(values), errors, REGISTER_FIELDS, message, status);
}

function reasonText(context: PortalContext, reason: Reason | undefined): Record<string, string> | undefined {
  if (!reason) return undefined;
  return { message: translator(context.lang)(reason.key) };
}

/**
 * The HIPAA dialog's buttons and its opener without JavaScript (ACC-005): the form comes back with everything
 * typed, the box ticked or not, and the dialog open or closed.
 */
export function hipaaStep(form: FormData, step: string, context: PortalContext) {
  const values: Values = { ...textFields(form, REGISTER_FIELDS), ...hiddenValues(form) };
  if (step === "agree") values.agreedToHipaa = "true";
  if (step === "decline") values.agreedToHipaa = "";
  // The passwords typed so far stay in the encrypted session for the next 'Register' (ACC-039; docs/decisions/105).
  const kept = keepPasswords(
    { password: values.password ?? "", confirmPassword: values.confirmPassword ?? "" },
    context.session.get("hipaaPasswords"),
    Date.now(),
  );
  if (kept) context.session.set("hipaaPasswords", kept);
  else context.session.unset("hipaaPasswords");
  if (kept) values[PASSWORD_KEPT] = "true";
  return formKept("register", displayValues(values), REGISTER_FIELDS, step === "open" ? "hipaa" : undefined);
}

/** POST /register from the form: checks, bot check (ACC-018), phone availability, then the registry. */
export async function registerAction(form: FormData, context: PortalContext, cookieHeader?: string | null) {
  const now = Date.now();
  const hidden = hiddenValues(form);
  // Both password fields left empty after the HIPAA release without JavaScript: the ones kept then (ACC-039).
  const typed = textFields(form, REGISTER_FIELDS);
  const kept = context.session.get("hipaaPasswords");
  if (kept) context.session.unset("hipaaPasswords");
  const fields = { ...typed, ...passwordsToUse(typed, kept, now) };
  const values: Values = { ...fields, ...hidden };
  const { payload, errors } = checkRegistrationForm(fields, { entryreferrer: hidden.entryreferrer });
  if (Object.keys(errors).length) return fail(values, asFieldErrors(errors));

  const bot = checkBotFields(context.formKey, BOT_PURPOSE, { honeypot: String(form.get(HONEYPOT_FIELD) ?? ""), stamp: hidden.formIssued }, now);
  if (bot !== "ok") {
    // A form posted too fast keeps its stamp (it soon becomes old enough); any other gets a fresh one.
    const stamp = bot === "tooFast" ? hidden.formIssued : issueFormStamp(context.formKey, BOT_PURPOSE, now);
    return fail({ ...values, formIssued: stamp }, {}, { key: botCheckMessage(bot) });
  }

  // ACC-015: the phone is checked first (the live check, or this one without JavaScript); only an available number
  // goes on. A registry (or its database) that fails is not the number's fault: the form comes back as typed with
  // "We could not save this just now. Nothing you typed was lost" (docs/decisions/086).
  const checked = await reach(context.registry.validatePhone(payload.phoneNumber, context.clientAddress, payload.country));
  if (!checked.reached) return fail(values, {}, { key: notSavedMessageKey(checked.error) }, 503);
  const phone = phoneCheckView(payload.phoneNumber, withCheckedErrors(checked.answer), payload.country);
  if (phone.limited) return fail(values, {}, { key: phone.key, params: phone.params }, 429);
  if (phone.status !== "valid") return fail(values, { phoneNumber: phone.key });
  return submit(context, values, { addressConfirmed: false }, cookieHeader);
}

/**
 * Sends a registration to the registry and acts on the answer (ACC-019, ACC-007). A registration done signs the
 * patient in on this browser, which becomes a known device of the account as a sign-in makes it (docs/decisions/131):
 * `cookieHeader` brings the browser's mark, if it has one, so the new account joins the others it knows.
 */
async function submit(context: PortalContext, values: Values, opts: { addressConfirmed: boolean }, cookieHeader?: string | null) {
  const { payload } = checkRegistrationForm(values as Record<(typeof REGISTER_FIELDS)[number], string>, {
    entryreferrer: values.entryreferrer ?? "",
  });
  const sent = await reach(
    context.registry.register(payload, {
      inviteToken: values.inviteToken || undefined,
      addressConfirmed: opts.addressConfirmed,
      clientAddress: context.clientAddress,
    }),
  );
  if (!sent.reached) return fail(values, {}, { key: notSavedMessageKey(sent.error) }, 503);
  const answer = sent.answer;
  const outcome = submitOutcome(withCheckedErrors(answer), {
    addressConfirmed: opts.addressConfirmed,
    failedKey: "register.failed",
    failedWithKey: "register.failedWithMessage",
  });
  switch (outcome.kind) {
    case "done":
      context.session.unset("pendingRegistration");
      signIn(context.session, answer.results!, { firstName: payload.firstName, preferredLanguage: payload.preferredLanguage });
      return redirect("/landing", {
        headers: {
          "Set-Cookie": knownDeviceCookie(
            readKnownDevice(cookieHeader, context.formKey),
            context.formKey,
            { medicalRecordId: answer.results!.medicalRecordId, email: payload.email },
            { path: context.basePath, secure: context.isSecure },
          ),
        },
      });
    case "confirmAddress":
      context.session.set("pendingRegistration", {
        ...pendingAddress(values, outcome.recommended, Date.now()),
        inviteToken: values.inviteToken ?? "",
      });
      return redirect("/register?address=confirm");
    case "fieldErrors":
      return fail(
        values,
        outcome.errors,
        outcome.reason ? { key: "register.failedWithMessage", params: reasonText(context, outcome.reason) } : undefined,
      );
    case "message":
      return fail(values, {}, { key: outcome.key, params: reasonText(context, outcome.reason) }, answer.status === 429 ? 429 : 400);
  }
}

/**
 * The Confirm Address dialog's buttons (ACC-007): use the recommended address or the submitted one (both
 * resubmit with addrConfirmed=true), or cancel back to the form. The pending registration leaves the session
 * in every case.
 */
export async function addressStep(intent: string, context: PortalContext, cookieHeader?: string | null) {
  const pending = context.session.get("pendingRegistration");
  context.session.unset("pendingRegistration");
  if (!pending) return redirect("/register");
  const values = { ...pending.values, inviteToken: pending.inviteToken };
  if (!isLive(pending, Date.now())) return fail(values, {}, { key: "register.addressExpired" });
  if (intent === "address-cancel") return formKept("register", displayValues(values), REGISTER_FIELDS);
  const chosen = intent === "address-recommended" && pending.recommended ? withRecommended(values, pending.recommended) : values;
  return submit(context, chosen, { addressConfirmed: true }, cookieHeader);
}
