import type { LoaderFunctionArgs } from "@remix-run/node";
import { labDownload } from "~/features/labs/lab-pages.server";

/** GET /lab-results/{screeningId}/download: the lab results PDF as lab-results.pdf (000 §4). */
export async function loader({ params, context }: LoaderFunctionArgs) {
  return labDownload(context, "results", params.screeningId);
}
