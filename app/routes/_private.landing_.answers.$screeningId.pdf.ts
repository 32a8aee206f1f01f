import type { Route } from "./+types/_private.landing_.answers.$screeningId.pdf";
import { screeningAnswersDownload } from "~/features/screening/answers-pdf.server";
import { portalContext } from "~/platform/context";

/** GET /landing/answers/{screeningId}/pdf: the answers of 'View My Answers' as screening-answers.pdf (SCR-025). */
export async function loader({ params, context: routerContext }: Route.LoaderArgs) {
  const context = routerContext.get(portalContext);
  return screeningAnswersDownload(context, params.screeningId);
}
