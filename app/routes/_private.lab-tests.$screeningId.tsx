import { useLoaderData, type LoaderFunctionArgs } from "react-router";
import type { RouteHandle } from "~/components/document-title";
import { LabPage } from "~/features/labs/lab-page";
import { labPageAnswer } from "~/features/labs/lab-pages.server";
import { withTexts } from "~/texts/texts.server";

export const handle: RouteHandle = { titleKey: "labPages.tests.title" };

/** /lab-tests/{screeningId} (LAB-003): is the lab order approved and ready to download? */
export const loader = withTexts("_private.lab-tests.$screeningId", async function loader({ params, context }: LoaderFunctionArgs) {
  return labPageAnswer(context, "tests", params.screeningId);
});

export default function LabTests() {
  return <LabPage data={useLoaderData<typeof loader>()} />;
}
