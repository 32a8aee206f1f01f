import type { Route } from "./+types/_private.lab-tests.$screeningId.download";
import { labDownload } from "~/features/labs/lab-pages.server";
import { portalContext } from "~/platform/context";

/** GET /lab-tests/{screeningId}/download: the lab order PDF as lab-tests.pdf (LAB-005). */
export async function loader({ params, context: routerContext }: Route.LoaderArgs) {
  const context = routerContext.get(portalContext);
  return labDownload(context, "tests", params.screeningId);
}
