/**
 * The passwords typed before the HIPAA release was opened without JavaScript (ACC-039; docs/decisions/105). The
 * dialog's opener and answers post the registration form, and a page never carries a password back, so they are kept
 * in the encrypted session across those round trips only, for HIPAA_PASSWORDS_MS at most, and used by the next
 * 'Register' when both password fields are left empty.
 */
export const HIPAA_PASSWORDS_MS = 30 * 60 * 1000;

export type Passwords = { password: string; confirmPassword: string };
export type KeptPasswords = Passwords & { expiresAt: number };

const typedAny = (p: Passwords) => p.password !== "" || p.confirmPassword !== "";

/** What to keep after a HIPAA step: what was just typed, else what was kept before while it is fresh; else nothing. */
export function keepPasswords(typed: Passwords, kept: KeptPasswords | undefined, now: number): KeptPasswords | undefined {
  if (typedAny(typed)) return { password: typed.password, confirmPassword: typed.confirmPassword, expiresAt: now + HIPAA_PASSWORDS_MS };
  return kept && kept.expiresAt > now ? kept : undefined;
}

/** The passwords a 'Register' uses: the ones typed, or (both fields left empty) the kept ones while they are fresh. */
export function passwordsToUse(typed: Passwords, kept: KeptPasswords | undefined, now: number): Passwords {
  if (typedAny(typed) || !kept || kept.expiresAt <= now) return typed;
  return { password: kept.password, confirmPassword: kept.confirmPassword };
}
