import { data, redirect } from "react-router";
import type { StaffListItem, StaffOrganisations } from "../../../registry/contract/staff-accounts";
import { addFlash } from "~/platform/auth.server";
import type { PortalContext } from "~/platform/context";
import { requireRole, requireStaffPerson } from "~/platform/staff-auth.server";
import { unavailableMessageKey } from "~/registry/client.server";
import { reach } from "~/registry/reach.server";
import { formFailure, inputFailure, textFields } from "~/forms/form.server";
import type { FieldErrors, FormMessage } from "~/forms/types";
import { GRANT_FIELDS, grantsFromForm, INVITE_FIELDS, inviteFromForm } from "./people-form";

/**
 * The registry administrators' pages (docs/decisions/127): the people list with the invitation form, and one
 * person's roles, disabling and a new link. The registry checks the administrator's role on every call.
 */
export type PeopleData = { unavailable: true } | { unavailable: false; people: StaffListItem[]; organisations: StaffOrganisations; me: number };

export async function peopleData(context: PortalContext): Promise<PeopleData> {
  const { token, person } = await requireStaffPerson(context);
  requireRole(person, "administrator");
  const [people, organisations] = await Promise.all([
    reach(context.registry.staff.people(token)),
    reach(context.registry.staff.organisations(token)),
  ]);
  if (!people.reached || !organisations.reached) return { unavailable: true };
  if (people.answer.status === 403 || organisations.answer.status === 403) throw new Response("not found", { status: 404 });
  if (!people.answer.results || !organisations.answer.results) return { unavailable: true };
  return { unavailable: false, people: people.answer.results, organisations: organisations.answer.results, me: person.id };
}

/** POST /staff/people: invite a person with one role. */
export async function inviteAction(form: FormData, context: PortalContext) {
  const { token, person } = await requireStaffPerson(context);
  requireRole(person, "administrator");
  const values = textFields(form, INVITE_FIELDS);
  const refused = inputFailure("staff-invite", values, INVITE_FIELDS);
  if (refused) return refused;
  const fail = (errors: FieldErrors, message?: FormMessage, status = 400) =>
    formFailure("staff-invite", values, errors, INVITE_FIELDS, message, status);
  const invite = inviteFromForm(values);
  if (!invite.ok) return fail(invite.errors);
  const sent = await reach(context.registry.staff.invite(token, invite.body));
  if (!sent.reached) return fail({}, { key: unavailableMessageKey(sent.error) }, 503);
  const answer = sent.answer;
  if (answer.errors?.form === "staffAccount.emailTaken") return fail({ email: "staffConsole.people.emailTaken" }, undefined, 409);
  if (!answer.success) return fail({}, { key: "staffConsole.failed" }, answer.status >= 400 ? answer.status : 400);
  addFlash(context.staffSession, { kind: "status", key: "staffConsole.people.invited", params: { email: invite.body.email } });
  return redirect("/staff/people");
}

/** One person of the list (404 for a number nobody has). */
export function personOf(people: readonly StaffListItem[], id: string | undefined): StaffListItem {
  const found = people.find((p) => String(p.id) === id);
  if (!found) throw data({ message: "staffConsole.people.notFound" }, { status: 404 });
  return found;
}

/** POST /staff/people/{id}: save the roles, disable the account, or send a new link (`intent`). */
export async function personAction(form: FormData, context: PortalContext, idParam: string | undefined) {
  const { token, person } = await requireStaffPerson(context);
  requireRole(person, "administrator");
  const id = /^[1-9]\d{0,9}$/.test(idParam ?? "") ? Number(idParam) : null;
  if (!id) throw data({ message: "staffConsole.people.notFound" }, { status: 404 });
  const here = `/staff/people/${id}`;
  const intent = form.get("intent");
  const values = textFields(form, GRANT_FIELDS);
  const fail = (errors: FieldErrors, message?: FormMessage, status = 400) =>
    formFailure("staff-grants", values, errors, GRANT_FIELDS, message, status);
  const done = (key: "staffConsole.people.rolesSaved" | "staffConsole.people.disabled" | "staffConsole.people.linkSent") => {
    addFlash(context.staffSession, { kind: "status", key });
    return redirect(here);
  };
  const problem = (answer: { status: number; errors?: Record<string, string> }) => {
    if (answer.errors?.form === "staffAccount.ownAccount") return { key: "staffConsole.people.ownAccount" as const };
    if (answer.status === 404) throw data({ message: "staffConsole.people.notFound" }, { status: 404 });
    return { key: "staffConsole.failed" as const };
  };
  if (intent === "grants") {
    const refused = inputFailure("staff-grants", values, GRANT_FIELDS);
    if (refused) return refused;
    const grants = grantsFromForm(values);
    if (!grants.ok) return fail(grants.errors);
    const sent = await reach(context.registry.staff.setGrants(token, id, grants.grants));
    if (!sent.reached) return fail({}, { key: unavailableMessageKey(sent.error) }, 503);
    return sent.answer.success ? done("staffConsole.people.rolesSaved") : fail({}, problem(sent.answer), 409);
  }
  // Anything else (a missing or unknown intent) asks for nothing: a new link resets the person's factors.
  if (intent !== "disable" && intent !== "link") throw data({ message: "errors.forbidden" }, { status: 400 });
  const sent = await reach(intent === "disable" ? context.registry.staff.disable(token, id) : context.registry.staff.newLink(token, id));
  if (!sent.reached) {
    addFlash(context.staffSession, { kind: "alert", key: unavailableMessageKey(sent.error) });
    return redirect(here);
  }
  if (sent.answer.success) return done(intent === "disable" ? "staffConsole.people.disabled" : "staffConsole.people.linkSent");
  addFlash(context.staffSession, { kind: "alert", key: problem(sent.answer).key });
  return redirect(here);
}
