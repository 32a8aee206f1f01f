/**
 * No stranger-forced lock-out, marks bound to the password (docs/decisions/132).
 * - login_failure_streaks: one run of failures in a row per email and device class (`device_key`: '' for every unknown
 *   device together, a known device's id, or `current-password` for the signed-in owner's own checks), so a known
 *   device's failures are capped on their own.
 * - sign_in_links: one-time sign-in links emailed when the right password comes from a new browser over the cap
 *   (NIST SP 800-63B 5.2.2). Only the SHA-256 of the token is kept; single use, short-lived.
 */
export const signInLinks = {
  id: "0015_sign_in_links",
  sql: /* sql */ `
alter table login_failure_streaks add column device_key text not null default '';
alter table login_failure_streaks drop constraint login_failure_streaks_pkey;
alter table login_failure_streaks add primary key (email, device_key);

create table sign_in_links (
  id serial primary key,
  medical_record_id integer not null references medical_records (id) on delete cascade,
  token_hash text not null unique check (token_hash ~ '^[0-9a-f]{64}$'),
  created_at timestamptz not null,
  expires_at timestamptz not null,
  used_at timestamptz
);
create index sign_in_links_record_idx on sign_in_links (medical_record_id);
`,
};
