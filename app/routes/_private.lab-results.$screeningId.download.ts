import type { Route } from "./+types/_private.lab-results.$screeningId.download";
import { labDownload } from "~/features/labs/lab-pages.server";
import { portalContext } from "~/platform/context";

/** GET /lab-results/{screeningId}/download: the lab results PDF as lab-results.pdf (LAB-005). */
export async function loader({ params, context: routerContext }: Route.LoaderArgs) {
  const context = routerContext.get(portalContext);
  return labDownload(context, "results", params.screeningId);
}
