import type { LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import type { RouteHandle } from "~/components/document-title";
import { LabPage } from "~/components/lab-page";
import { labPageAnswer } from "~/forms/lab-pages.server";

export const handle: RouteHandle = { titleKey: "labPages.results.title" };

/** /lab-results/{screeningId} (000 §2.12): are the lab results in and ready to download? */
export async function loader({ params, context }: LoaderFunctionArgs) {
  return labPageAnswer(context, "results", params.screeningId);
}

export default function LabResults() {
  return <LabPage data={useLoaderData<typeof loader>()} />;
}
