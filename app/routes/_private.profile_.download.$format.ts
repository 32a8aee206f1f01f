import type { Route } from "./+types/_private.profile_.download.$format";
import { recordDownload } from "~/features/accounts/my-record.server";

/** GET /profile/download/{pdf|json}: the patient's own record as a file (ACC-043, ACC-044). */
export async function loader({ params, context }: Route.LoaderArgs) {
  return recordDownload(context, params.format);
}
