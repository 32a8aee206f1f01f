import { AccountMessage } from "../contract/accounts";
import { checkAddress, type CheckedAddress } from "../domain/address-check";
import type { Ctx } from "../http/context";
import { reply } from "../http/respond";

/**
 * DECISIONS D7 for POST /register and update-medical-record: unless `?addrConfirmed=true`, a US address that the
 * bundled ZIP data does not confirm answers 200 with success false and `addressValidation` (the recommended address,
 * or null when no ZIP matches), so the portal shows its Confirm Address dialog. Null when the call may go on.
 */
export function addressPrompt(ctx: Ctx, address: CheckedAddress): Response | null {
  if (ctx.url.searchParams.get("addrConfirmed") === "true") return null;
  const check = checkAddress(address);
  if (check.ok) return null;
  return reply(200, { success: false, results: null, message: AccountMessage.addressNotValidated, addressValidation: check.recommended });
}
