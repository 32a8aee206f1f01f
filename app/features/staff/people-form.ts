import { isValidEmail } from "../../../registry/contract/registration-rules";
import { STAFF_EMAIL_MAX, STAFF_NAME_MAX, type StaffGrant, type StaffInviteBody } from "../../../registry/contract/staff-accounts";
import type { FieldErrors } from "~/forms/types";

/**
 * The administrators' forms (docs/decisions/127): inviting a person with one role, and the roles of a person as
 * checkboxes (a lab's and a center's with their organisation). Pure: the actions and the unit tests use them.
 */
export const INVITE_FIELDS = ["name", "email", "lang", "role", "labId", "centerId"] as const;
export const GRANT_FIELDS = ["administrator", "program", "lab", "labId", "center", "centerId"] as const;

type Values<K extends string> = Record<K, string>;

/** A positive whole number from a select's value, or null. */
function organisationId(value: string): number | null {
  return /^[1-9]\d{0,9}$/.test(value) && Number(value) <= 2_147_483_647 ? Number(value) : null;
}

/** The grant of a role and the organisation fields beside it, or the field to blame. */
function grantOf(
  role: string,
  labId: string,
  centerId: string,
): StaffGrant | { error: keyof FieldErrors & string; key: "staffConsole.people.labRequired" | "staffConsole.people.centerRequired" } | null {
  if (role === "administrator" || role === "program") return { role };
  if (role === "lab") {
    const id = organisationId(labId);
    return id ? { role, labId: id } : { error: "labId", key: "staffConsole.people.labRequired" };
  }
  if (role === "center") {
    const id = organisationId(centerId);
    return id ? { role, centerId: id } : { error: "centerId", key: "staffConsole.people.centerRequired" };
  }
  return null;
}

export function inviteFromForm(
  values: Values<(typeof INVITE_FIELDS)[number]>,
): { ok: true; body: StaffInviteBody } | { ok: false; errors: FieldErrors } {
  const errors: FieldErrors = {};
  const name = values.name.trim();
  const email = values.email.trim().toLowerCase();
  if (!name) errors.name = "staffConsole.people.nameRequired";
  else if ([...name].length > STAFF_NAME_MAX) errors.name = "validation.invalidValue";
  if (!email) errors.email = "staffConsole.people.emailRequired";
  else if (email.length > STAFF_EMAIL_MAX || !isValidEmail(email)) errors.email = "staffConsole.people.emailInvalid";
  const grant = grantOf(values.role, values.labId, values.centerId);
  if (!grant) errors.role = "staffConsole.people.roleRequired";
  else if ("error" in grant) errors[grant.error] = grant.key;
  if (Object.keys(errors).length || !grant || "error" in grant) return { ok: false, errors };
  return { ok: true, body: { name, email, lang: values.lang === "es" ? "es" : "en", grants: [grant] } };
}

/** The ticked roles (a ticked lab or center needs its organisation chosen). */
export function grantsFromForm(
  values: Values<(typeof GRANT_FIELDS)[number]>,
): { ok: true; grants: StaffGrant[] } | { ok: false; errors: FieldErrors } {
  const errors: FieldErrors = {};
  const grants: StaffGrant[] = [];
  const ticked = (v: string) => v === "true" || v === "on";
  if (ticked(values.administrator)) grants.push({ role: "administrator" });
  if (ticked(values.program)) grants.push({ role: "program" });
  for (const role of ["lab", "center"] as const) {
    if (!ticked(values[role])) continue;
    const grant = grantOf(role, values.labId, values.centerId);
    if (grant && "error" in grant) errors[grant.error] = grant.key;
    else if (grant) grants.push(grant);
  }
  if (!grants.length && !Object.keys(errors).length) errors.administrator = "staffConsole.people.roleRequired";
  return Object.keys(errors).length ? { ok: false, errors } : { ok: true, grants };
}

/** The form's values for a person's grants as they are (the page's checkboxes ticked). */
export function grantValues(grants: readonly StaffGrant[]): Values<(typeof GRANT_FIELDS)[number]> {
  const lab = grants.find((g) => g.role === "lab");
  const center = grants.find((g) => g.role === "center");
  return {
    administrator: grants.some((g) => g.role === "administrator") ? "true" : "",
    program: grants.some((g) => g.role === "program") ? "true" : "",
    lab: lab ? "true" : "",
    labId: lab && "labId" in lab ? String(lab.labId) : "",
    center: center ? "true" : "",
    centerId: center && "centerId" in center ? String(center.centerId) : "",
  };
}
