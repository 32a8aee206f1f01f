import type { Route } from "./+types/_private.profile_.download.$format";
import { recordDownload } from "~/features/accounts/my-record.server";
import { portalContext } from "~/platform/context";

/** GET /profile/download/{pdf|json}: the patient's own record as a file (ACC-043, ACC-044). */
export async function loader({ params, context: routerContext }: Route.LoaderArgs) {
  const context = routerContext.get(portalContext);
  return recordDownload(context, params.format);
}
