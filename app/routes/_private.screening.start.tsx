import type { ActionFunctionArgs } from "@remix-run/node";
import { redirect } from "@remix-run/node";
import { readPassRecord } from "~/auth.server";
import { draftFromScreening } from "~/domain/screening/draft";
import { stepPath, Step } from "~/domain/screening/steps";
import { readForm } from "~/forms/form.server";
import { resetScreeningDraft, writeDraft } from "~/forms/screening.server";

/** Nothing to show: a GET goes to the wizard's current step. */
export async function loader() {
  return redirect("/screening");
}

/**
 * 'My Situation has Changed' (000 §4, 001 §4.6): the draft is filled from the saved screening, keeping its id, so
 * the next save updates the same screening, and the wizard starts again at the first question. Without a
 * screening id it starts a fresh draft.
 */
export async function action({ request, context }: ActionFunctionArgs) {
  const form = await readForm(request, context.session);
  const screeningId = Number(form.get("screeningId"));
  if (!Number.isInteger(screeningId) || screeningId <= 0) {
    resetScreeningDraft(context.session);
    return redirect(stepPath(Step.PatientSituation));
  }
  const record = await readPassRecord(context);
  const screening = record?.screeningList.find((s) => s.id === screeningId) ?? null;
  if (!screening) return redirect("/landing");
  writeDraft(context.session, draftFromScreening(screening));
  return redirect(stepPath(Step.PatientSituation));
}
