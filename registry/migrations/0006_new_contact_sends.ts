/**
 * Codes sent to contacts that are not the account's own (docs/decisions/024): a few new email addresses and a few
 * new mobile numbers per account per day, so one account cannot make the registry write to strangers (SMS pumping).
 */
export const newContactSends = {
  id: "0006_new_contact_sends",
  sql: /* sql */ `
-- One row per account and new contact within the window; target_hash = SHA-256 of the contact (not kept in clear).
create table new_contact_sends (
  medical_record_id integer not null references medical_records (id) on delete cascade,
  confirmation_type smallint not null check (confirmation_type in (1, 2)),
  target_hash text not null,
  first_sent_at timestamptz not null,
  primary key (medical_record_id, confirmation_type, target_hash)
);
create index new_contact_sends_sent_idx on new_contact_sends (first_sent_at);
`,
};
