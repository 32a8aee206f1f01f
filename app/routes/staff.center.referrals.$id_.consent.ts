import type { Route } from "./+types/staff.center.referrals.$id_.consent";
import { centerConsentDownload } from "~/features/staff/center.server";
import { portalContext } from "~/platform/context";

/** GET /staff/center/referrals/{id}/consent: the patient's signed consent as a PDF, through a staff call (docs/decisions/133). */
export async function loader({ params, context: routerContext }: Route.LoaderArgs) {
  return centerConsentDownload(routerContext.get(portalContext), params.id);
}
