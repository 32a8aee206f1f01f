/**
 * Closing an account (docs/decisions/107, ACC-045, ACC-046): when the patient closed it, and the SHA-256 of the
 * sign-in email it had (lower case), so a later sign-in with that email is told the account is closed instead of
 * "wrong password". The email itself, the phone numbers, the street address and the password are removed at closing.
 */
export const accountClosure = {
  id: "0012_account_closure",
  sql: /* sql */ `
alter table accounts add column closed_at timestamptz;
alter table accounts add column closed_email_sha256 text check (closed_email_sha256 ~ '^[0-9a-f]{64}$');
create index accounts_closed_email_idx on accounts (closed_email_sha256) where closed_email_sha256 is not null;
`,
};
