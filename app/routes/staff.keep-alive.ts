import type { Route } from "./+types/staff.keep-alive";
import { redirect } from "react-router";
import { readForm } from "~/forms/form.server";
import { portalContext } from "~/platform/context";
import { LAST_SEEN_RESOLUTION_MS } from "~/platform/session-limits";
import { requireStaffPerson } from "~/platform/staff-auth.server";
import { staffIdleMsLeft } from "~/platform/staff-session";

export function loader() {
  return redirect("/staff");
}

/**
 * 'Stay signed in' of the staff console's idle warning (WCAG 2.2.1): a CSRF-checked POST that counts as activity in
 * the portal (server.ts) and in the registry (requireStaffPerson asks it, which renews its own idle count).
 */
export async function action({ request, context: routerContext }: Route.ActionArgs) {
  const context = routerContext.get(portalContext);
  await readForm(request, context.staffSession);
  await requireStaffPerson(context);
  return { msLeft: staffIdleMsLeft(context.staffSession.data, Date.now(), LAST_SEEN_RESOLUTION_MS) };
}
