import type { TextKey } from "~/texts/texts";
import { data, redirect } from "react-router";
import { addFlash, withPatient } from "~/platform/auth.server";
import { labPagePath, labPageState, LabPageStatus, type LabKind, type LabPageState } from "./lab-page-model";
import { parseRegistryId } from "~/forms/registry-id";
import { LabFormReason } from "../../../registry/contract/labs";
import { answerOr } from "~/registry/reach.server";
import { attachment } from "~/platform/attachment.server";
import type { PortalContext } from "~/platform/context";

/**
 * /lab-tests/{screeningId} and /lab-results/{screeningId} (LAB-003, LAB-004, LAB-005) and their PDF
 * downloads. The registry checks that the screening is the signed-in patient's (PLT-013); a refused token
 * sends the patient to /register (withPatient).
 */

export type LabPageData = {
  kind: LabKind;
  screeningId: number | null;
  /** null: the registry could not be reached (the page says so). */
  state: LabPageState | null;
};

export async function labPageData(context: PortalContext, kind: LabKind, param: string | undefined): Promise<LabPageData> {
  const screeningId = parseRegistryId(param);
  if (screeningId === null) return { kind, screeningId, state: { status: LabPageStatus.Issues, messages: [], messageKeys: ["labPages.notFound"] } };
  return withPatient(context, async ({ token }) => {
    const answer = await answerOr(
      kind === "tests"
        ? context.registry.labTestsReady(token, screeningId, context.lang)
        : context.registry.labResultsReady(token, screeningId, context.lang),
      null,
    );
    return { kind, screeningId, state: answer && labPageState(answer) };
  });
}

/** The lab page's loader answer: a screening id that is not one (garbage in the URL) is a 404 page saying so. */
export async function labPageAnswer(context: PortalContext, kind: LabKind, param: string | undefined) {
  const page = await labPageData(context, kind, param);
  return data(page, { status: page.screeningId === null ? 404 : 200 });
}

/** What the lab page says when a download is not there yet: the order awaiting approval, the results not yet in. */
const NOT_YET: Partial<Record<string, TextKey>> = {
  [LabFormReason.orderNotApproved]: "labActions.orderPending",
  [LabFormReason.resultsPending]: "labPages.results.pending",
};

/**
 * The PDF as an attachment named lab-tests.pdf / lab-results.pdf (LAB-005). When there is nothing to download (or
 * the registry cannot answer), the lab page shows again with a message instead of a broken download: an order
 * awaiting approval, or results not yet in, say so; anything else 'could not download just now'.
 */
export async function labDownload(context: PortalContext, kind: LabKind, param: string | undefined): Promise<Response> {
  const screeningId = parseRegistryId(param);
  if (screeningId === null) return redirect("/landing");
  const back = (notYet?: TextKey) => {
    addFlash(context.session, notYet ? { kind: "status", key: notYet } : { kind: "alert", key: "labPages.downloadFailed" });
    return redirect(labPagePath(kind, screeningId));
  };
  return withPatient(context, async ({ token }) => {
    const answer = await answerOr(
      kind === "tests" ? context.registry.labTestsPdf(token, screeningId) : context.registry.labResultsPdf(token, screeningId),
      null,
    );
    if (!answer) return back();
    if (!answer.success) return back(NOT_YET[answer.errors?.form ?? ""]);
    return attachment(answer.pdf, "application/pdf", answer.fileName);
  });
}
