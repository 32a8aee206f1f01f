import { redirect } from "react-router";
import { readKnownDevice, renewedKnownDeviceCookie } from "./known-device.server";
import { Language } from "../../../registry/contract/enums";
import { addFlash, toRegister, withPatient } from "~/platform/auth.server";
import { draftAfterLapse, draftFor } from "~/platform/draft-across-sign-in";
import { sessionCookieBytes, WRITE_LIMIT } from "~/platform/session.server";
import { SIGN_IN_AGAIN_FIELD } from "~/platform/session-limits";
import { passwordUpdateErrors } from "./password-form";
import { isLive, pendingAddress, withRecommended } from "./pending-address";
import { checkProfileForm, PROFILE_FIELDS, type ProfileField } from "./profile-form";
import { submitOutcome } from "./register-outcome";
import { displayValues } from "./registration-form";
import { notSavedMessageKey } from "~/registry/client.server";
import { reach } from "~/registry/reach.server";
import { formAnswer, formFailure, formKept, inputFailure, textFields } from "~/forms/form.server";
import type { FieldErrors } from "~/forms/types";
import type { TextKey } from "~/texts/texts";
import { asFieldErrors, textKey, withCheckedErrors } from "~/texts/text-key.server";
import type { PortalContext } from "~/platform/context";

const PASSWORD_FIELDS = ["currentPassword", "password", "confirmPassword"] as const;

function fail(values: Record<string, string>, errors: FieldErrors, key?: TextKey, status = 400) {
  return formFailure("profile", displayValues(values), errors, PROFILE_FIELDS, key ? { key } : undefined, status);
}

/**
 * ACC-052 (docs/decisions/114): 'Update Account' posted after the idle or 12-hour limit ended the sign-in. What was
 * typed is kept in the encrypted session for the same patient's next sign-in (when the cookie keeps room), the sign-in
 * page says so, and the patient goes there. While the patient is still signed in: nothing, except for the idle
 * dialog's 'Sign in again' (the tab thought the sign-in over), which saves nothing and gives the form back as typed.
 */
export function keepProfileAfterLapse(form: FormData, context: PortalContext, now = Date.now()) {
  const { session } = context;
  if (session.get("token")) {
    if (form.get(SIGN_IN_AGAIN_FIELD) !== "1") return undefined;
    return formKept("profile", displayValues(textFields(form, PROFILE_FIELDS)), PROFILE_FIELDS);
  }
  const draft = draftAfterLapse(session.get("lapsedSignIn"), textFields(form, PROFILE_FIELDS), PROFILE_FIELDS, now);
  if (draft && sessionCookieBytes({ ...session.data, profileDraft: draft }, context.basePath) <= WRITE_LIMIT) {
    session.set("profileDraft", draft);
    addFlash(session, { kind: "status", key: "profile.draftKept" });
  }
  return toRegister(session, { kind: "status", key: "session.signInRequired" });
}

/**
 * ACC-052: the profile draft kept across the sign-in, for this patient only, once (it leaves the session here): the
 * form shows it as typed, with no error, and the page says it is not saved yet.
 */
export function takeProfileDraft(context: PortalContext, stored: Record<ProfileField, string>, now = Date.now()) {
  const draft = draftFor(context.session.get("profileDraft"), context.session.get("medicalRecordId"), now);
  context.session.unset("profileDraft");
  if (!draft) return undefined;
  // Email and phone are read-only here: the record's own, whatever the draft holds.
  const values = { ...stored, ...draft.values, email: stored.email, phoneNumber: stored.phoneNumber };
  return formAnswer("profile", displayValues(values), {}, PROFILE_FIELDS, { attempt: `draft-${draft.expiresAt}` });
}

/** 'Update Account' (ACC-029, ACC-031): saves when valid; the address may need confirming (ACC-007). */
export async function profileAction(form: FormData, context: PortalContext) {
  const values = textFields(form, PROFILE_FIELDS);
  const refused = inputFailure("profile", displayValues(values), PROFILE_FIELDS);
  if (refused) return refused;
  const { errors } = checkProfileForm(values);
  if (Object.keys(errors).length) return fail(values, asFieldErrors(errors));
  return saveProfile(context, values, false);
}

async function saveProfile(context: PortalContext, values: Record<ProfileField, string>, addressConfirmed: boolean) {
  const { payload } = checkProfileForm(values);
  const sent = await reach(
    withPatient(context, ({ token, medicalRecordId }) => context.registry.updateMedicalRecord(token, medicalRecordId, payload, { addressConfirmed })),
  );
  if (!sent.reached) return fail(values, {}, notSavedMessageKey(sent.error), 503);
  const answer = sent.answer;
  const outcome = submitOutcome(withCheckedErrors(answer), {
    addressConfirmed,
    failedKey: "profile.updateFailed",
    failedWithKey: "profile.updateFailed",
  });
  switch (outcome.kind) {
    case "done":
      context.session.unset("pendingProfile");
      context.session.set("firstName", String(payload.firstName));
      context.session.set("lang", payload.preferredLanguage === Language.Spanish ? "es" : "en");
      addFlash(context.session, { kind: "status", key: "profile.updated" });
      return redirect("/profile");
    case "confirmAddress":
      context.session.set("pendingProfile", pendingAddress(values, outcome.recommended, Date.now()));
      return redirect("/profile?address=confirm");
    case "fieldErrors":
      return fail(values, outcome.errors, "profile.updateFailed");
    case "message":
      return fail(values, {}, outcome.key === "register.tooManyAttempts" ? outcome.key : "profile.updateFailed", 400);
  }
}

/** The Confirm Address dialog's buttons on the profile. */
export async function profileAddressStep(intent: string, context: PortalContext) {
  const pending = context.session.get("pendingProfile");
  context.session.unset("pendingProfile");
  if (!pending) return redirect("/profile");
  const values = pending.values as Record<ProfileField, string>;
  if (!isLive(pending, Date.now()) || intent === "address-cancel") return formKept("profile", displayValues(values), PROFILE_FIELDS);
  const chosen = intent === "address-recommended" && pending.recommended ? withRecommended(values, pending.recommended) : values;
  return saveProfile(context, chosen as Record<ProfileField, string>, true);
}

/**
 * 'Update Password' (ACC-030): the current password is required and checked by the
 * registry (a wrong one is a field error; docs/decisions/025); the registry revokes every earlier session and
 * answers a fresh token, which this session keeps, so the patient stays signed in here only.
 */
export async function passwordAction(form: FormData, context: PortalContext, request?: Request) {
  const values = textFields(form, PASSWORD_FIELDS);
  const refused = inputFailure("password", values, PASSWORD_FIELDS);
  if (refused) return refused;
  const fail = (errors: FieldErrors, key?: TextKey, status = 400) =>
    formFailure("password", values, errors, PASSWORD_FIELDS, key ? { key } : undefined, status);
  const errors = passwordUpdateErrors(values);
  if (Object.keys(errors).length) return fail(errors);
  const sent = await reach(withPatient(context, ({ token, medicalRecordId }) => context.registry.updatePassword(token, medicalRecordId, values)));
  if (!sent.reached) return fail({}, notSavedMessageKey(sent.error), 503);
  const answer = sent.answer;
  if (!answer.success || !answer.results) {
    const { form: reason, ...fieldErrors } = answer.errors ?? {};
    if (Object.keys(fieldErrors).length) return fail(asFieldErrors(fieldErrors));
    return fail({}, (reason && textKey(reason)) || "profile.passwordFailed");
  }
  context.session.set("token", answer.results.token);
  context.session.set("tokenExpires", answer.results.expires);
  addFlash(context.session, { kind: "status", key: "profile.passwordUpdated" });
  // docs/decisions/132: the change retires every known-device mark of the account but this browser's, written again.
  const device = readKnownDevice(request?.headers.get("cookie"), context.formKey, context.hostPrefixedCookie);
  const medicalRecordId = context.session.get("medicalRecordId");
  const cookie = { path: context.basePath, secure: context.isSecure, hostPrefixed: context.hostPrefixedCookie };
  const mark = medicalRecordId ? renewedKnownDeviceCookie(device, context.formKey, medicalRecordId, cookie) : null;
  return redirect("/profile", mark ? { headers: { "Set-Cookie": mark } } : undefined);
}
