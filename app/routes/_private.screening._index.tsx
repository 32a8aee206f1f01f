import type { Route } from "./+types/_private.screening._index";
import { redirect } from "react-router";
import { furthestStep } from "~/features/screening/draft";
import { stepPath } from "~/features/screening/steps";
import { readDraft } from "~/features/screening/screening.server";
import { portalContext } from "~/platform/context";

/** The bare /screening (SCR-001): the furthest step the draft has reached. */
export async function loader({ context: routerContext }: Route.LoaderArgs) {
  const context = routerContext.get(portalContext);
  return redirect(stepPath(furthestStep(readDraft(context.session))));
}
