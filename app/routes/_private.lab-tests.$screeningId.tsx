import type { Route } from "./+types/_private.lab-tests.$screeningId";
import type { RouteHandle } from "~/components/document-title";
import { LabPage, labPageTitle } from "~/features/labs/lab-page";
import { labPageAnswer } from "~/features/labs/lab-pages.server";
import { withTexts } from "~/texts/texts.server";
import { portalContext } from "~/platform/context";

export const handle: RouteHandle = { titleKey: "labPages.tests.title", title: labPageTitle };

/** /lab-tests/{screeningId} (LAB-003): is the lab order approved and ready to download? */
export const loader = withTexts("_private.lab-tests.$screeningId", async function loader({ params, context: routerContext }: Route.LoaderArgs) {
  const context = routerContext.get(portalContext);
  return labPageAnswer(context, "tests", params.screeningId);
});

export default function LabTests({ loaderData }: Route.ComponentProps) {
  return <LabPage data={loaderData} />;
}
