import type { TextKey } from "~/texts/texts";
import type { DraftAcrossSignIn, LapsedSignIn } from "./draft-across-sign-in";
/**
 * What the encrypted cookie session holds (PLT-010). Plain module: routes and server modules both import it. It sits
 * below the features and imports none of them: a feature's draft is stored as it is written and read back through
 * the feature's own check (`draftFromUnknown`), which starts over on anything malformed.
 */
export type FlashMessage = {
  kind: "status" | "alert";
  key: TextKey;
  params?: Record<string, string>;
};

export type SessionData = {
  /** Registry sign-in token and its expiry (ISO). */
  token?: string;
  tokenExpires?: string;
  medicalRecordId?: number;
  firstName?: string;
  /** The signed-in patient's preferred language ("en" | "es"). */
  lang?: string;
  /** Times in ms since the epoch, for the idle and absolute limits. */
  signedInAt?: number;
  lastSeenAt?: number;
  csrf?: string;
  flash?: FlashMessage[];
  /**
   * A registration waiting for the patient's answer in the Confirm Address dialog (ACC-007), password included,
   * so the dialog's buttons can resubmit it without JavaScript and without the password in the page.
   * Kept only while the dialog is open, at most PENDING_ADDRESS_MS (docs/decisions/005).
   */
  pendingRegistration?: PendingAddress & { inviteToken: string };
  /**
   * The registration's passwords across the HIPAA release's round trips without JavaScript (ACC-039), for the next
   * 'Register' only, at most HIPAA_PASSWORDS_MS (docs/decisions/105). Never in a page or a URL.
   */
  hipaaPasswords?: { password: string; confirmPassword: string; expiresAt: number };
  /** The same for a profile update waiting in the Confirm Address dialog (ACC-029, ACC-007). */
  pendingProfile?: PendingAddress;
  /**
   * Whose sign-in the idle or 12-hour limit ended (ACC-052), so that the profile form posted after it is kept for
   * that patient only, for DRAFT_ACROSS_SIGN_IN_MS at most (docs/decisions/114).
   */
  lapsedSignIn?: LapsedSignIn;
  /**
   * The profile form posted after the sign-in had ended (ACC-052; never a password), for the next sign-in of the same
   * patient, who finds it on /profile not yet saved; for DRAFT_ACROSS_SIGN_IN_MS at most (docs/decisions/114).
   */
  profileDraft?: DraftAcrossSignIn;
  /** The outcome of a password reset, shown once after the redirect that drops the token from the URL. */
  resetOutcome?: { statusId: number };
  /** Where the last confirmation code went (ACC-026), for the Enter Confirmation Code dialog. */
  pendingCode?: { kind: ContactKind; value: string };
  /**
   * The screening wizard's draft (SCR-021, PLT-010; SCR-001): answers, outcome flags, step and
   * trail. Read back with `draftFromUnknown` (anything malformed starts over). Free texts are capped at
   * SCREENING_TEXT_MAX, so the draft stays well under the cookie's 4 KB.
   */
  screeningDraft?: unknown;
  /**
   * The medical history answers until they are submitted (MHX-001, PLT-010; docs/decisions/015), with the
   * record they belong to. Written only by app/features/medical-history/medical-history.server.ts, which refuses an answer that would
   * push the cookie over its size limit.
   */
  medicalHistoryDraft?: unknown;
  /**
   * The Additional Center Registration answer (CEN-009, PLT-010),
   * sent with the next center selection of that screening, for an hour at most (docs/decisions/013).
   */
  cancelCenter?: { screeningId: number; reason: number; other: string; expiresAt: number };
  /**
   * What was typed in a page's form when the language switch was pressed without JavaScript (never a password),
   * for the page in the other language, once, for CARRIED_FORM_MS at most (docs/decisions/054).
   */
  carriedForm?: { form: string; values: Record<string, string>; expiresAt: number };
  /** A random value of this browser, which the sign-in surge's challenges are bound to (docs/decisions/135). */
  surgeBrowser?: string;
};

export type ContactKind = "email" | "text";

/** The address the registry recommends (ACC-007, PLT-019), or null when it found none. */
export type RecommendedAddress = { address1: string; address2: string; city: string; state: string; zip5: string };

export type PendingAddress = {
  /** The form's values as posted (for a registration: with the password). */
  values: Record<string, string>;
  recommended: RecommendedAddress | null;
  /** ms since the epoch after which the pending form is dropped. */
  expiresAt: number;
};

/** How long a form may wait in the Confirm Address dialog (docs/decisions/005). */
export const PENDING_ADDRESS_MS = 15 * 60 * 1000;

/** Session limits of PLT-011, PLT-012. */
export const IDLE_LIMIT_MS = 30 * 60 * 1000;
export const ABSOLUTE_LIMIT_MS = 12 * 60 * 60 * 1000;
/** With JavaScript, the idle warning shows this long before the idle limit (PLT-012, WCAG 2.2.1). */
export const IDLE_WARNING_MS = 2 * 60 * 1000;
/** Refresh the registry token when less than this is left. */
export const TOKEN_REFRESH_MARGIN_MS = 20 * 60 * 1000;
