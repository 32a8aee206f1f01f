import { AccountMessage } from "../../registry/contract/accounts";
import { RegistryMessage } from "../../registry/contract/envelope";
import type { TextKey } from "./texts";

/**
 * The registry's English `message` texts the portal knows, each as the locale text a patient reads (ACC-036). A
 * registry message is never put on a page as it came: it is written in English only and may name internal fields, so
 * one that is not listed here is shown as the caller's generic text instead (docs/decisions/104).
 */
const MESSAGE_KEYS: ReadonlyMap<string, TextKey> = new Map<string, TextKey>([
  [AccountMessage.addressNotValidated, "register.addressNotFound"],
  [AccountMessage.phoneDuplicate, "validation.phoneTaken"],
  [AccountMessage.phoneInvalid, "validation.phoneInvalidUs"],
  [AccountMessage.phoneInvalidOther, "validation.phoneInvalid"],
  [AccountMessage.inviteInvalid, "register.inviteInvalid"],
  [AccountMessage.tooManyAttempts, "register.tooManyAttempts"],
  [AccountMessage.tooManySends, "mfa.tooManySends"],
  [AccountMessage.contactTaken, "mfa.contactTaken"],
  [AccountMessage.tooManyNewEmails, "mfa.tooManyNewEmails"],
  [AccountMessage.tooManyNewMobiles, "mfa.tooManyNewMobiles"],
  [AccountMessage.emailInvalid, "mfa.emailInvalid"],
  [AccountMessage.mobileInvalid, "mfa.mobileInvalid"],
  [AccountMessage.mobileInvalidOther, "mfa.mobileInvalidOther"],
  [AccountMessage.codeLocked, "mfa.codeLocked"],
  [AccountMessage.tooManyFromConnection, "limits.tooManyFromConnection"],
  [AccountMessage.busy, "limits.busy"],
  [RegistryMessage.emailTaken, "validation.emailTaken"],
  [RegistryMessage.lockedOut, "login.lockedOut"],
  [RegistryMessage.unavailable, "errors.registryDown"],
]);

/** The locale key of a registry `message`, or undefined when the portal has no text for it (then say something generic). */
export function registryMessageKey(message: string | null | undefined): TextKey | undefined {
  return message ? MESSAGE_KEYS.get(message.trim()) : undefined;
}
