import type { Route } from "./+types/staff.sign-out";
import { redirect, redirectDocument } from "react-router";
import { readForm } from "~/forms/form.server";
import { portalContext } from "~/platform/context";
import { endStaffSignIn } from "~/platform/staff-auth.server";
import { answerOr } from "~/registry/reach.server";

export function loader() {
  return redirect("/staff");
}

/** POST /staff/sign-out: the registry ends the session (the token stops working at once), the cookie forgets it. */
export async function action({ request, context: routerContext }: Route.ActionArgs) {
  const context = routerContext.get(portalContext);
  await readForm(request, context.staffSession);
  const token = context.staffSession.get("token");
  if (token) await answerOr(context.registry.staff.signOut(token), null);
  endStaffSignIn(context.staffSession, { kind: "status", key: "staffConsole.session.signedOut" });
  // A new document: the tab keeps nothing of the console's pages.
  return redirectDocument("/staff/sign-in");
}
