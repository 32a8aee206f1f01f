/**
 * Invites, immune-tolerance registrations, password-reset links, confirmation codes, rate-limit counters, and the
 * rule that changing a record's email or primary phone makes that contact unverified (for every writer, in one place).
 */
export const accounts = {
  id: "0002_accounts",
  sql: /* sql */ `
-- Invites to the immune-tolerance program (ACC-033, DSH-013): created by staff, single use, 30 days. Only a SHA-256 of the token.
create table invites (
  id integer generated always as identity primary key,
  token_hash text not null,
  first_name text not null,
  last_name text not null,
  email text not null check (email = lower(email) and email <> ''),
  created_at timestamptz not null,
  expires_at timestamptz not null,
  used_at timestamptz,
  medical_record_id integer references medical_records (id) on delete set null
);
create unique index invites_token_hash_uq on invites (token_hash);

-- A record's immune-tolerance registration (DSH-013), one per record.
create table if_registrations (
  id integer generated always as identity primary key,
  medical_record_id integer not null references medical_records (id) on delete cascade,
  is_opted_out boolean not null default false,
  current_status smallint not null,
  decline_reason text,
  created_at timestamptz not null,
  updated_at timestamptz not null
);
create unique index if_registrations_record_uq on if_registrations (medical_record_id);

-- Password-reset links (ACC-024): single use, 60 minutes. Only a SHA-256 of the token.
create table password_resets (
  id bigint generated always as identity primary key,
  medical_record_id integer not null references medical_records (id) on delete cascade,
  token_hash text not null,
  created_at timestamptz not null,
  expires_at timestamptz not null,
  used_at timestamptz
);
create unique index password_resets_token_hash_uq on password_resets (token_hash);
create index password_resets_record_idx on password_resets (medical_record_id);

-- The current confirmation code per record and contact (ACC-027): a keyed hash with a per-code salt, 30 minutes,
-- wrong tries counted per series (a new code within the series keeps the count).
create table confirmation_codes (
  id bigint generated always as identity primary key,
  medical_record_id integer not null references medical_records (id) on delete cascade,
  confirmation_type smallint not null check (confirmation_type in (1, 2)),
  target text not null,
  code_salt text not null,
  code_hash text not null,
  sent_at timestamptz not null,
  expires_at timestamptz not null,
  series_started_at timestamptz not null,
  wrong_tries integer not null default 0
);
create unique index confirmation_codes_contact_uq on confirmation_codes (medical_record_id, confirmation_type, target);

-- Sliding-window rate limits (ACC-022, ACC-018). subject = SHA-256 of the limit's name and key (no addresses or emails in clear).
create table rate_limit_hits (
  id bigint generated always as identity primary key,
  subject text not null,
  hit_at timestamptz not null,
  expires_at timestamptz not null
);
create index rate_limit_hits_subject_idx on rate_limit_hits (subject, hit_at);
create index rate_limit_hits_expires_idx on rate_limit_hits (expires_at);

-- A changed email or primary phone (by its digits) is unverified until confirmed again (ACC-025).
create function medical_records_contact_changed() returns trigger language plpgsql as $$
begin
  if old.email is distinct from new.email then
    update accounts set is_email_verified = false where medical_record_id = new.id;
  end if;
  if old.phone_digits is distinct from new.phone_digits then
    update accounts set is_mobile_verified = false where medical_record_id = new.id;
  end if;
  return null;
end
$$;
create trigger medical_records_contact_changed after update of email, phone_number on medical_records
  for each row execute function medical_records_contact_changed();
`,
};
