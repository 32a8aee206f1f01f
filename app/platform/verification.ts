import { AuthPreference } from "../../registry/contract/enums";
import type { Account } from "../../registry/contract/schemas";

/**
 * The verification gate of DSH-001 and ACC-028: the email must be verified, and the mobile too when the
 * authentication preference is phone.
 */
export function isVerified(account: Account | null): boolean {
  if (!account) return false;
  if (!account.isEmailVerified) return false;
  if (account.authenticationPreference === AuthPreference.Phone && !account.isMobileVerified) return false;
  return true;
}
