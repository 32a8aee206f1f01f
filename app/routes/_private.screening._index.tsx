import { redirect, type LoaderFunctionArgs } from "react-router";
import { furthestStep } from "~/features/screening/draft";
import { stepPath } from "~/features/screening/steps";
import { readDraft } from "~/features/screening/screening.server";

/** The bare /screening (SCR-001): the furthest step the draft has reached. */
export async function loader({ context }: LoaderFunctionArgs) {
  return redirect(stepPath(furthestStep(readDraft(context.session))));
}
