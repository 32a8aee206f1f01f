/**
 * ACC-052 (docs/decisions/114): what a patient typed in the profile form and posted after the idle or 12-hour limit
 * had ended the sign-in is kept in the encrypted session for the next sign-in of the same patient, for
 * DRAFT_ACROSS_SIGN_IN_MS at most (as the HIPAA passwords are kept, 105). Never a password. Pure, so it is tested alone.
 */
export const DRAFT_ACROSS_SIGN_IN_MS = 30 * 60 * 1000;

/** Whose sign-in a limit ended, and until when a form posted after it may be kept for them. */
export type LapsedSignIn = { medicalRecordId: number; expiresAt: number };

/** The typed values, bound to the patient whose sign-in had ended. */
export type DraftAcrossSignIn = { medicalRecordId: number; values: Record<string, string>; expiresAt: number };

/** Remembered when a limit ends a sign-in (nothing for a session without a patient). */
export function lapsedSignIn(medicalRecordId: number | undefined, now: number): LapsedSignIn | undefined {
  return typeof medicalRecordId === "number" ? { medicalRecordId, expiresAt: now + DRAFT_ACROSS_SIGN_IN_MS } : undefined;
}

/**
 * The draft to keep for a form posted after the sign-in ended: only while the ended sign-in is remembered, for that
 * patient, and only the fields named (so never a password, a CSRF token or an intent).
 */
export function draftAfterLapse(
  lapsed: LapsedSignIn | undefined,
  typed: Record<string, string>,
  fields: readonly string[],
  now: number,
): DraftAcrossSignIn | undefined {
  if (!lapsed || lapsed.expiresAt <= now) return undefined;
  const values: Record<string, string> = {};
  for (const name of fields) if (typeof typed[name] === "string") values[name] = typed[name];
  return { medicalRecordId: lapsed.medicalRecordId, values, expiresAt: now + DRAFT_ACROSS_SIGN_IN_MS };
}

/** The draft for this patient while it is fresh; any other patient (or a stale draft) gets nothing. */
export function draftFor(draft: DraftAcrossSignIn | undefined, medicalRecordId: number | undefined, now: number): DraftAcrossSignIn | undefined {
  if (!draft || typeof medicalRecordId !== "number" || draft.medicalRecordId !== medicalRecordId || !(draft.expiresAt > now)) return undefined;
  if (!draft.values || typeof draft.values !== "object") return undefined;
  return draft;
}
