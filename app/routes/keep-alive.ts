import type { Route } from "./+types/keep-alive";
import { redirect } from "react-router";
import { requirePatient } from "~/platform/auth.server";
import { readForm } from "~/forms/form.server";
import { idleMsLeft } from "~/platform/session-limits";
import { portalContext } from "~/platform/context";

export function loader() {
  return redirect("/landing");
}

/**
 * 'Stay signed in' of the idle warning (PLT-012, WCAG 2.2.1): a CSRF-checked POST that counts as activity
 * (server.ts moves lastSeenAt) and refreshes the registry token when it nears its end.
 */
export async function action({ request, context: routerContext }: Route.ActionArgs) {
  const context = routerContext.get(portalContext);
  await readForm(request, context.session);
  await requirePatient(context);
  return { msLeft: idleMsLeft(context.session.data, Date.now()) };
}
