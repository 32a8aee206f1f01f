import { z } from "zod";

/**
 * Staff accounts, one per person (docs/decisions/126): a name, a work email and one or more roles, each scoped to one
 * organisation. Sign-in takes two factors: a password, then a time-based code from an authenticator app (or one of
 * ten single-use recovery codes). A staff session is an opaque token the registry keeps (hashed) and checks on every
 * call: it ends after STAFF_IDLE_LIMIT_MS without a call, STAFF_ABSOLUTE_LIMIT_MS in all, when the person signs out,
 * and when an administrator disables the person. Staff tokens are sent as `Authorization: Bearer st_<token>`; a
 * patient's token is never a staff token, nor the reverse.
 */

export const StaffRole = { lab: "lab", center: "center", program: "program", administrator: "administrator" } as const;
export type StaffRoleValue = (typeof StaffRole)[keyof typeof StaffRole];
export const STAFF_ROLES = [StaffRole.lab, StaffRole.center, StaffRole.program, StaffRole.administrator] as const;

/** A role with its organisation: a lab's id, a transplant center's id; the program and the registry are one each. */
export const staffGrant = z.discriminatedUnion("role", [
  z.object({ role: z.literal(StaffRole.lab), labId: z.number().int().positive() }),
  z.object({ role: z.literal(StaffRole.center), centerId: z.number().int().positive() }),
  z.object({ role: z.literal(StaffRole.program) }),
  z.object({ role: z.literal(StaffRole.administrator) }),
]);
export type StaffGrant = z.infer<typeof staffGrant>;
/** A grant as answered: with its organisation's name (a lab's or center's; empty for the program and the registry). */
export const staffGrantNamed = z.intersection(staffGrant, z.object({ organisation: z.string() }));
export type StaffGrantNamed = z.infer<typeof staffGrantNamed>;

/** The idle and absolute limits of a staff session (HIPAA 164.312(a)(2)(iii) automatic logoff). */
export const STAFF_IDLE_LIMIT_MS = 15 * 60 * 1000;
export const STAFF_ABSOLUTE_LIMIT_MS = 12 * 60 * 60 * 1000;
/** From a right password to the second factor: this long at most, and this many wrong codes at most. */
export const STAFF_PENDING_LIMIT_MS = 10 * 60 * 1000;
export const STAFF_MAX_WRONG_CODES = 5;
/** An invitation or first-administrator link: single use, valid this long. */
export const STAFF_LINK_LIFETIME_MS = 24 * 60 * 60 * 1000;
export const STAFF_RECOVERY_CODE_COUNT = 10;
/** The prefix of every staff session token, so neither kind of token is mistaken for the other. */
export const STAFF_TOKEN_PREFIX = "st_";

export const STAFF_NAME_MAX = 100;
export const STAFF_EMAIL_MAX = 254;

/** The signed-in person, as every staff page needs it. */
export const staffPerson = z.object({
  id: z.number().int(),
  name: z.string(),
  email: z.string(),
  lang: z.enum(["en", "es"]),
  grants: z.array(staffGrantNamed),
});
export type StaffPerson = z.infer<typeof staffPerson>;

/** A staff session token and when it ends at the latest if unused (idle) and in all (absolute); ISO times. */
export const staffSession = z.object({
  token: z.string(),
  idleExpires: z.string(),
  absoluteExpires: z.string(),
  person: staffPerson,
});
export type StaffSession = z.infer<typeof staffSession>;

/**
 * What a right password (or an accepted link) leads to: `code` (enter the authenticator's code) or `setup` (set up the
 * authenticator first), with a pending token for that step only.
 */
export const staffPending = z.object({ stage: z.enum(["code", "setup"]), pendingToken: z.string(), expires: z.string() });
export type StaffPending = z.infer<typeof staffPending>;

/** POST /api/staff/sign-in */
export const staffSignInBody = z.object({ email: z.string().max(STAFF_EMAIL_MAX), password: z.string().max(1000) });
/** POST /api/staff/sign-in/code with the pending token: a 6-digit code, or a recovery code. */
export const staffCodeBody = z.object({ code: z.string().max(40) });
/** POST /api/staff/links/check: what a link is for and whom. */
export const staffLinkBody = z.object({ token: z.string().max(200) });
export const staffLinkInfo = z.object({ name: z.string(), email: z.string() });
/** POST /api/staff/links/accept: the link's token and the person's new password. */
export const staffAcceptBody = z.object({ token: z.string().max(200), password: z.string().max(1000) });
/** GET /api/staff/setup with a pending `setup` token: the authenticator's key, as text and as an otpauth:// URI. */
export const staffSetupInfo = z.object({ secret: z.string(), otpauthUri: z.string(), email: z.string() });
/** POST /api/staff/setup with a pending `setup` token and the first code: the session, and the recovery codes, once. */
export const staffSetupResult = z.intersection(staffSession, z.object({ recoveryCodes: z.array(z.string()) }));
export type StaffSetupResult = z.infer<typeof staffSetupResult>;

/** Administrators: the people list, an invitation, roles, disabling. */
export const staffListItem = z.object({
  id: z.number().int(),
  name: z.string(),
  email: z.string(),
  grants: z.array(staffGrantNamed),
  status: z.enum(["invited", "active", "disabled"]),
  lastSignInAt: z.string().nullable(),
});
export type StaffListItem = z.infer<typeof staffListItem>;
export const staffInviteBody = z.object({
  name: z.string().max(STAFF_NAME_MAX),
  email: z.string().max(STAFF_EMAIL_MAX),
  lang: z.enum(["en", "es"]),
  grants: z.array(staffGrant).min(1).max(8),
});
export type StaffInviteBody = z.infer<typeof staffInviteBody>;
export const staffGrantsBody = z.object({ grants: z.array(staffGrant).min(1).max(8) });
/** POST /api/staff/people: the new person's id (their link is emailed to them, never answered). */
export const staffInviteResult = z.object({ id: z.number().int() });
/** The organisations a grant may name. */
export const staffOrganisations = z.object({
  labs: z.array(z.object({ id: z.number().int(), name: z.string() })),
  centers: z.array(z.object({ id: z.number().int(), name: z.string() })),
});
export type StaffOrganisations = z.infer<typeof staffOrganisations>;

/** `errors.form` keys of the refusals of the staff account calls (each with a text in app/locales/*\/staff.ts). */
export const StaffAccountReason = {
  /** 401: wrong email or password, or a disabled person (one answer for all). */
  invalidCredentials: "staffAccount.invalidCredentials",
  /** 401: the code is wrong, already used, or not from this period. */
  codeWrong: "staffAccount.codeWrong",
  /** 401: too many wrong codes, or too long since the password: start again. */
  pendingEnded: "staffAccount.pendingEnded",
  /** 401: no staff session, or it ended (idle, 12 hours, signed out, disabled). */
  sessionEnded: "staffAccount.sessionEnded",
  /** 403: the person's roles do not allow this call (audited). */
  notAllowed: "staffAccount.notAllowed",
  /** 404 / 410: the link is unknown, used or expired. */
  linkInvalid: "staffAccount.linkInvalid",
  /** 409: someone already has this email. */
  emailTaken: "staffAccount.emailTaken",
  /** 409: an administrator cannot disable themselves or remove their own administrator role. */
  ownAccount: "staffAccount.ownAccount",
  /** 429: too many tries from this address or for this email. */
  tooManyTries: "staffAccount.tooManyTries",
} as const;
export type StaffAccountReasonValue = (typeof StaffAccountReason)[keyof typeof StaffAccountReason];

/** English `message` texts of these refusals. */
export const StaffAccountMessage: Record<StaffAccountReasonValue, string> = {
  "staffAccount.invalidCredentials": "The email or password is not right",
  "staffAccount.codeWrong": "The code is not right",
  "staffAccount.pendingEnded": "Sign in again",
  "staffAccount.sessionEnded": "The staff session has ended",
  "staffAccount.notAllowed": "Your roles do not allow this",
  "staffAccount.linkInvalid": "This link is not valid",
  "staffAccount.emailTaken": "Someone already has this email",
  "staffAccount.ownAccount": "You cannot do this to your own account",
  "staffAccount.tooManyTries": "Too many tries",
};

/** GET /api/staff/me: the signed-in person and when the session ends (each call to a staff endpoint renews the idle end). */
export const staffMe = staffSession.omit({ token: true });
export type StaffMe = z.infer<typeof staffMe>;
