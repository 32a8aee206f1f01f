import type { Route } from "./+types/_private.screening.start";
import { redirect } from "react-router";
import { readPassRecord } from "~/platform/auth.server";
import { showsNotClearedView } from "~/components/registration-views";
import { resetDraft } from "~/features/screening/draft";
import { stepPath, Step } from "~/features/screening/steps";
import { readForm } from "~/forms/form.server";
import { resetScreeningDraft, writeDraft } from "~/features/screening/screening.server";
import { portalContext } from "~/platform/context";

/** Nothing to show: a GET goes to the wizard's current step. */
export async function loader() {
  return redirect("/screening");
}

/**
 * 'My Situation has Changed' (DSH-009): the screening form is reset, keeping the screening's id, so the
 * next save updates the same screening; the wizard starts again at the first question with nothing chosen. It is
 * offered only on a not-cleared registration: any other screening (one a center holds, say) goes back to the
 * dashboard unchanged (docs/decisions/033). Without a screening id it starts a fresh draft.
 */
export async function action({ request, context: routerContext }: Route.ActionArgs) {
  const context = routerContext.get(portalContext);
  const form = await readForm(request, context.session);
  const screeningId = Number(form.get("screeningId"));
  if (!Number.isInteger(screeningId) || screeningId <= 0) {
    resetScreeningDraft(context.session);
    return redirect(stepPath(Step.PatientSituation));
  }
  const record = await readPassRecord(context);
  const screening = record?.screeningList.find((s) => s.id === screeningId) ?? null;
  if (!screening || !showsNotClearedView(screening)) return redirect("/landing");
  writeDraft(context.session, resetDraft(screening.id));
  return redirect(stepPath(Step.PatientSituation));
}
