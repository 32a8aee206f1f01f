import type { LoaderFunctionArgs } from "react-router";
import { labDownload } from "~/features/labs/lab-pages.server";

/** GET /lab-results/{screeningId}/download: the lab results PDF as lab-results.pdf (LAB-005). */
export async function loader({ params, context }: LoaderFunctionArgs) {
  return labDownload(context, "results", params.screeningId);
}
