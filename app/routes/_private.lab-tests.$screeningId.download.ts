import type { Route } from "./+types/_private.lab-tests.$screeningId.download";
import { labDownload } from "~/features/labs/lab-pages.server";

/** GET /lab-tests/{screeningId}/download: the lab order PDF as lab-tests.pdf (LAB-005). */
export async function loader({ params, context }: Route.LoaderArgs) {
  return labDownload(context, "tests", params.screeningId);
}
