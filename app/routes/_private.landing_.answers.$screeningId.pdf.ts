import type { Route } from "./+types/_private.landing_.answers.$screeningId.pdf";
import { screeningAnswersDownload } from "~/features/screening/answers-pdf.server";

/** GET /landing/answers/{screeningId}/pdf: the answers of 'View My Answers' as screening-answers.pdf (SCR-025). */
export async function loader({ params, context }: Route.LoaderArgs) {
  return screeningAnswersDownload(context, params.screeningId);
}
