import type { Route } from "./+types/staff.program.$id_.consent[.pdf]";
import { consentDownload } from "~/features/staff/program.server";
import { portalContext } from "~/platform/context";

/** GET /staff/program/{id}/consent.pdf (docs/decisions/133): the participant's signed consent; the registry audits the reading. */
export async function loader({ params, context: routerContext }: Route.LoaderArgs) {
  return consentDownload(routerContext.get(portalContext), params.id);
}
