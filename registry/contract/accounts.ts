import { z } from "zod";
import { ADDRESS_FIELDS, NAME_FIELDS } from "./registration-rules";

/**
 * Shapes of the account-side calls of PLT-019 (beyond register/authenticate in schemas.ts).
 * Refusals use the envelope: `success: false`, a human `message` (English), and `errors`:
 * field -> locale key for field problems, and `form` -> locale key for a reason about the whole request.
 */

/** POST /validate-phone { phoneNumber } -> results { isValid, status }, message (ACC-015). */
/** `country`: the address's country, whose phone rule applies (docs/decisions/049); the US rule when absent. */
export const validatePhoneRequest = z.object({ phoneNumber: z.string().max(40), country: z.number().int().optional() });
export const PhoneCheckStatus = { Valid: "valid", Invalid: "invalid", Duplicate: "duplicate" } as const;
export const phoneCheck = z.object({ isValid: z.boolean(), status: z.enum(["valid", "invalid", "duplicate"]) });
export type PhoneCheck = z.infer<typeof phoneCheck>;

/** GET /validate-invite?token= -> results: what the invite pre-fills (ACC-004, ACC-033; DSH-013). */
export const inviteInfo = z.object({
  isValid: z.boolean(),
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
});
export type InviteInfo = z.infer<typeof inviteInfo>;

/** POST /reset-password { token, email, password } -> results { statusId, status } (ACC-024). */
export const resetPasswordRequest = z.object({
  token: z.string().max(500),
  email: z.string().max(254),
  password: z.string().max(1000),
});
/** statusId 1 = success, greater than 1 = failure with a reason (ACC-024). */
export const ResetStatus = {
  Success: 1,
  LinkInvalid: 2,
  LinkExpired: 3,
  EmailMismatch: 4,
  PasswordRejected: 5,
} as const;
export const resetResult = z.object({ statusId: z.number().int(), status: z.string() });
export type ResetResult = z.infer<typeof resetResult>;

/** POST /api/mfa/send-confirmation-email and -text. */
/**
 * POST /api/mfa/send-confirmation-email. `currentPassword` is required when `email` is not the account's email
 * (it becomes the sign-in email once confirmed; docs/decisions/025).
 */
export const sendConfirmationEmailRequest = z.object({
  medicalRecordId: z.number().int(),
  email: z.string().max(254),
  currentPassword: z.string().max(1000).optional(),
});
export const sendConfirmationTextRequest = z.object({ medicalRecordId: z.number().int(), phoneNumber: z.string().max(40) });
/** POST /api/mfa/update-confirmation?medicalRecordId= { code, value, isEmail } -> results: CodeResult (1, 2, 3). */
export const updateConfirmationRequest = z.object({ code: z.string().max(40), value: z.string().max(254), isEmail: z.boolean() });
export const codeResultAnswer = z.number().int();

/** POST /api/pass/{id}/update-medical-record (profile, ACC-029): the personal and address fields. */
export const UPDATE_MEDICAL_RECORD_FIELDS = [...NAME_FIELDS, ...ADDRESS_FIELDS, "preferredLanguage", "gender"] as const;

/** POST /api/pass/{id}/medical-record (screening's patient validation, SCR-011). Email and primary phone are read-only there. */
export const VALIDATED_RECORD_FIELDS = [
  "firstName",
  "middleInitial",
  "lastName",
  "birthDate",
  "preferredName",
  "preferredLanguage",
  "gender",
  "email",
  "phoneNumber",
  "phoneNumberSecondary",
] as const;

/**
 * POST /api/pass/{id}/update-password { currentPassword, password, confirmPassword } -> results: a fresh token for this
 * session (ACC-030). The current password is required and checked (ASVS 2.1.6; docs/decisions/025).
 */
export const updatePasswordRequest = z.object({
  currentPassword: z.string().max(1000),
  password: z.string().max(1000),
  confirmPassword: z.string().max(1000),
});

/** Reasons about a whole request, as locale keys (`errors.form`). */
export const FormReason = {
  tooManySends: "mfa.tooManySends",
  sendFailed: "mfa.sendFailed",
  contactTaken: "mfa.contactTaken",
  /** docs/decisions/039: 5 wrong tries locked the code (results CodeExpired); a new code starts a fresh count. */
  codeLocked: "mfa.codeLocked",
  /** docs/decisions/024: more new email addresses / mobile numbers than an account may be sent codes to in 24 hours (429). */
  tooManyNewEmails: "mfa.tooManyNewEmails",
  tooManyNewMobiles: "mfa.tooManyNewMobiles",
  emailInvalid: "mfa.emailInvalid",
  mobileInvalid: "mfa.mobileInvalid",
  /** docs/decisions/049: an address outside the US: the number with its country code. */
  mobileInvalidOther: "mfa.mobileInvalidOther",
  /** docs/decisions/106: the number replied STOP; no code is texted to it until it replies START (409). */
  textsStopped: "mfa.textsStopped",
  addressNotFound: "register.addressNotFound",
  inviteInvalid: "register.inviteInvalid",
  botCheckFailed: "register.botCheckFailed",
  /** Rate limit per client address (ACC-018): POST /register, POST /validate-phone (429). */
  tooManyAttempts: "register.tooManyAttempts",
  /** Per-client-address limits of sign-in, forgot password, code entry, the lab staff key, the phone check (429). */
  tooManyFromConnection: "limits.tooManyFromConnection",
  /** Password hashing is full (503 with Retry-After): try again in a moment. */
  busy: "limits.busy",
} as const;

/** Field errors of these calls that are not general validation keys (the portal translates them). */
export const AccountFieldKey = {
  /** POST /register?token=: the email differs from the invite's email (errors.email). */
  inviteEmailMismatch: "register.inviteEmailMismatch",
} as const;

/** Human (English) `message` texts of these calls. Refusals also carry a locale key in `errors`. */
export const AccountMessage = {
  phoneAvailable: "Phone number is available",
  phoneDuplicate: "This phone number is already registered",
  phoneInvalid: "Please enter a valid 10-digit US phone number",
  phoneInvalidOther: "Please enter a valid phone number",
  addressNotValidated: "We were unable to validate your address",
  inviteValid: "Token validated successfully",
  inviteInvalid: "This invitation link is not valid, has expired or was already used",
  tooManyAttempts: "Too many attempts from this connection. Please wait and try again later.",
  forgotPasswordSent: "You should receive an email with a password reset link...",
  codeSent: "A confirmation code has been sent",
  tooManySends: "Too many confirmation codes were sent to this contact. Please wait an hour and try again.",
  contactTaken: "This email address or phone number belongs to another account",
  tooManyNewEmails: "Codes were sent to 3 new email addresses in the last 24 hours. Please try again tomorrow.",
  tooManyNewMobiles: "Codes were sent to 3 new mobile numbers in the last 24 hours. Please try again tomorrow.",
  emailInvalid: "Please enter a valid email address...",
  mobileInvalid: "Please enter a valid US mobile number...",
  mobileInvalidOther: "Please enter a valid mobile number, with its country code...",
  textsStopped: "Text messages to this number are stopped: it replied STOP. Reply START to receive them again.",
  codeValid: "Your contact information has been confirmed",
  codeInvalid: "The code you entered doesn't match the code we sent, please try again...",
  codeExpired: "The code you entered has expired",
  codeLocked: "Too many wrong tries: this code can no longer be used. Please send a new code.",
  profileUpdated: "Profile updated successfully",
  recordUpdated: "Medical record updated successfully",
  passwordUpdated: "Password updated successfully",
  optedOut: "You have opted out",
  optedIn: "You have opted in",
  tooManyFromConnection: "Too many attempts from this connection. Please wait and try again.",
  busy: "The registry is busy. Please try again in a moment.",
} as const;

/** `status` texts of POST /reset-password by statusId (5 answers the password's own reason instead). */
export const RESET_STATUS_TEXT: Record<number, string> = {
  [ResetStatus.Success]: "Your password has been reset.",
  [ResetStatus.LinkInvalid]: "This password reset link is not valid or was already used.",
  [ResetStatus.LinkExpired]: "This password reset link has expired. Please ask for a new one.",
  [ResetStatus.EmailMismatch]: "This email address does not match the password reset link.",
  [ResetStatus.PasswordRejected]: "The password was not accepted.",
};

/** POST /api/pass/{id}/opt-in-out/{type} -> results. */
export const optResult = z.object({ isOptedOut: z.boolean() });
export type OptResult = z.infer<typeof optResult>;

/** The answer of a call that may ask to confirm the address (POST /register, update-medical-record): ACC-007. */
export const addressPromptAnswer = z.object({
  success: z.literal(false),
  results: z.null(),
  message: z.string(),
  addressValidation: z.object({ address1: z.string(), address2: z.string(), city: z.string(), state: z.string(), zip5: z.string() }).nullable(),
});
