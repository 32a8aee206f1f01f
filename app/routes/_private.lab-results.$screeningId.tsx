import type { Route } from "./+types/_private.lab-results.$screeningId";
import type { RouteHandle } from "~/components/document-title";
import { LabPage, labPageTitle } from "~/features/labs/lab-page";
import { labPageAnswer } from "~/features/labs/lab-pages.server";
import { withTexts } from "~/texts/texts.server";
import { portalContext } from "~/platform/context";

export const handle: RouteHandle = { titleKey: "labPages.results.title", title: labPageTitle };

/** /lab-results/{screeningId} (LAB-004): are the lab results in and ready to download? */
export const loader = withTexts("_private.lab-results.$screeningId", async function loader({ params, context: routerContext }: Route.LoaderArgs) {
  const context = routerContext.get(portalContext);
  return labPageAnswer(context, "results", params.screeningId);
});

export default function LabResults({ loaderData }: Route.ComponentProps) {
  return <LabPage data={loaderData} />;
}
