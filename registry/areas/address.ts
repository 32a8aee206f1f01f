import { z } from "zod";
import { AccountMessage } from "../contract/accounts";
import { checkAddress, sameAddress, type CheckedAddress } from "../domain/address-check";
import type { Ctx } from "../http/context";
import { reply } from "../http/respond";

/** The query of the calls that check an address. */
export const addressQuery = z.object({
  addrConfirmed: z.literal("true").optional().describe("The patient kept the address as typed: it is not checked again (ACC-007)."),
});

/**
 * ACC-007, ACC-008 for POST /register and update-medical-record: unless `?addrConfirmed=true`, a US address that the
 * bundled ZIP data does not confirm answers 200 with success false and `addressValidation` (the recommended address,
 * or null when no ZIP matches), so the portal shows its Confirm Address dialog. Null when the call may go on.
 * `kept`: the address the record holds (profile updates); sent again unchanged, it is not questioned again, since
 * the patient already kept it in the dialog (docs/decisions/048).
 */
export function addressPrompt(ctx: Ctx, address: CheckedAddress, kept?: CheckedAddress): Response | null {
  if (ctx.url.searchParams.get("addrConfirmed") === "true") return null;
  if (kept && sameAddress(kept, address)) return null;
  const check = checkAddress(address);
  if (check.ok) return null;
  return reply(200, { success: false, results: null, message: AccountMessage.addressNotValidated, addressValidation: check.recommended });
}
