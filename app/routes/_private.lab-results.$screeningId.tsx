import { useLoaderData, type LoaderFunctionArgs } from "react-router";
import type { RouteHandle } from "~/components/document-title";
import { LabPage } from "~/features/labs/lab-page";
import { labPageAnswer } from "~/features/labs/lab-pages.server";
import { withTexts } from "~/texts/texts.server";

export const handle: RouteHandle = { titleKey: "labPages.results.title" };

/** /lab-results/{screeningId} (LAB-004): are the lab results in and ready to download? */
export const loader = withTexts("_private.lab-results.$screeningId", async function loader({ params, context }: LoaderFunctionArgs) {
  return labPageAnswer(context, "results", params.screeningId);
});

export default function LabResults() {
  return <LabPage data={useLoaderData<typeof loader>()} />;
}
