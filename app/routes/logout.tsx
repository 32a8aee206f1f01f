import type { Route } from "./+types/logout";
import { redirect, redirectDocument } from "react-router";
import { addFlash, clearSignIn } from "~/platform/auth.server";
import { readForm } from "~/forms/form.server";
import { portalContext } from "~/platform/context";
import { SessionExpiredError } from "~/registry/client.server";

export function loader() {
  return redirect("/register");
}

/** Logout is a POST (CSRF-checked) and real on the server: the registry revokes the token (ACC-032). */
export async function action({ request, context: routerContext }: Route.ActionArgs) {
  const context = routerContext.get(portalContext);
  await readForm(request, context.session);
  const token = context.session.get("token");
  if (token) {
    try {
      await context.registry.revokeToken(token, context.session.get("medicalRecordId") ?? null);
    } catch (error) {
      // A token the registry no longer honours (expired, or ended elsewhere) has nothing left to revoke: a sign-out
      // anyone can send with an old cookie, not a failure of the portal, so no error line (docs/decisions/131).
      if (!(error instanceof SessionExpiredError)) {
        context.log({ level: "error", msg: "token revocation failed", error: error instanceof Error ? error.name : "unknown" });
      }
    }
  }
  clearSignIn(context.session);
  addFlash(context.session, { kind: "status", key: "session.signedOut" });
  // A new document after sign-out, however the form was sent (the header's form reloads the document: 088).
  return redirectDocument("/register?logout=true");
}
