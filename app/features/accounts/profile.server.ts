import { redirect, type AppLoadContext } from "react-router";
import { Language } from "../../../registry/contract/enums";
import { addFlash, withPatient } from "~/platform/auth.server";
import { passwordUpdateErrors } from "./password-form";
import { isLive, pendingAddress, withRecommended } from "./pending-address";
import { checkProfileForm, PROFILE_FIELDS, type ProfileField } from "./profile-form";
import { submitOutcome } from "./register-outcome";
import { displayValues } from "./registration-form";
import { notSavedMessageKey } from "~/registry/client.server";
import { reach } from "~/registry/reach.server";
import { formFailure, formKept, inputFailure, textFields } from "~/forms/form.server";
import type { FieldErrors } from "~/forms/types";
import type { TextKey } from "~/texts/texts";
import { asFieldErrors, textKey, withCheckedErrors } from "~/texts/text-key.server";

const PASSWORD_FIELDS = ["currentPassword", "password", "confirmPassword"] as const;

function fail(values: Record<string, string>, errors: FieldErrors, key?: TextKey, status = 400) {
  return formFailure("profile", displayValues(values), errors, PROFILE_FIELDS, key ? { key } : undefined, status);
}

/** 'Update Account' (ACC-029, ACC-031): saves when valid; the address may need confirming (ACC-007). */
export async function profileAction(form: FormData, context: AppLoadContext) {
  const values = textFields(form, PROFILE_FIELDS);
  const refused = inputFailure("profile", displayValues(values), PROFILE_FIELDS);
  if (refused) return refused;
  const { errors } = checkProfileForm(values);
  if (Object.keys(errors).length) return fail(values, asFieldErrors(errors));
  return saveProfile(context, values, false);
}

async function saveProfile(context: AppLoadContext, values: Record<ProfileField, string>, addressConfirmed: boolean) {
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
export async function profileAddressStep(intent: string, context: AppLoadContext) {
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
export async function passwordAction(form: FormData, context: AppLoadContext) {
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
  return redirect("/profile");
}
