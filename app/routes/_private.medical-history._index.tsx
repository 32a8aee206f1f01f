import type { Route } from "./+types/_private.medical-history._index";
import { redirect } from "react-router";
import { withPatient } from "~/platform/auth.server";
import { resumePosition } from "~/features/medical-history/navigation";
import { pathOf } from "~/features/medical-history/questions";
import { loadDraft } from "~/features/medical-history/medical-history.server";
import { portalContext } from "~/platform/context";

/**
 * /medical-history (MHX-001, the dashboard's 'Medical History' action): where the patient left the questionnaire,
 * or its first question with a new draft (docs/decisions/015).
 */
export async function loader({ context: routerContext }: Route.LoaderArgs) {
  const context = routerContext.get(portalContext);
  return withPatient(context, async (patient) => {
    const draft = await loadDraft(context, patient);
    return redirect(pathOf(resumePosition(draft.answers, draft.furthest)));
  });
}
