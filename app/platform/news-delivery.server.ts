import type { MessageChoices } from "../../registry/contract/message-choices";
import { answerOr } from "~/registry/reach.server";
import type { PortalContext } from "~/platform/context";

/**
 * By which channels each kind of news reaches the patient now (docs/decisions/109, 128): the registry's `delivery`,
 * the patient's choice with the email instead of a text no number can take. Null when the registry cannot say: the
 * pages then keep the specification's texts.
 */
export async function newsDelivery(context: PortalContext, patient: { token: string; medicalRecordId: number }): Promise<MessageChoices | null> {
  const answer = await answerOr(context.registry.messageChoices(patient.token, patient.medicalRecordId), null);
  return answer?.success && answer.results ? answer.results.delivery : null;
}
