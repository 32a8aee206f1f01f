import type { Route } from "./+types/_private.medical-history.review_.pdf";
import { medicalHistoryAnswersDownload } from "~/features/medical-history/answers-pdf.server";
import { portalContext } from "~/platform/context";

/** GET /medical-history/review/pdf: the review's answers as medical-history-answers.pdf (MHX-010). */
export async function loader({ context: routerContext }: Route.LoaderArgs) {
  const context = routerContext.get(portalContext);
  return medicalHistoryAnswersDownload(context);
}
