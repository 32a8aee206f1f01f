import { formatUsPhone } from "../../../registry/contract/phone";
import { answerOr } from "~/registry/reach.server";
import type { TextMessagesView } from "./text-messages-status";
import type { PortalContext } from "~/platform/context";

/**
 * Whether texts to the patient's mobile number are stopped (docs/decisions/106, ACC-042), for /profile: when it
 * replied STOP and the number to reply START to (a North American one as +1 (202) 555-0100, any other as E.164). Null when texts are not stopped, or when the registry cannot say
 * (the rest of the page still shows).
 */
export async function textMessagesView(
  context: PortalContext,
  patient: { token: string; medicalRecordId: number },
): Promise<TextMessagesView | null> {
  const answer = await answerOr(context.registry.textMessages(patient.token, patient.medicalRecordId), null);
  const state = answer?.success ? answer.results : null;
  if (!state?.stoppedAt) return null;
  return { stoppedAt: state.stoppedAt, replyTo: formatUsPhone(state.replyTo) };
}
