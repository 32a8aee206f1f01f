/** Medical records, accounts, sign-in throttling, outbox and audit log. */
export const initial = {
  id: "0001_initial",
  sql: /* sql */ `
create table medical_records (
  id integer generated always as identity primary key,
  first_name text not null,
  middle_initial text not null default '',
  last_name text not null,
  preferred_name text not null default '',
  birth_date date not null,
  preferred_language smallint not null,
  gender smallint not null,
  address_line1 text not null default '',
  address_line2 text not null default '',
  city text not null default '',
  us_state smallint not null default 0,
  province text not null default '',
  postal_code text not null default '',
  country smallint not null,
  address_is_us boolean generated always as (country = 1) stored,
  email text not null check (email = lower(email) and email <> ''),
  phone_number text not null default '',
  phone_digits text generated always as (regexp_replace(phone_number, '[^0-9]', '', 'g')) stored,
  phone_number_secondary text not null default '',
  agreed_to_hipaa boolean not null default false,
  hipaa_agreed_at timestamptz,
  is_opted_out boolean not null default false,
  entryreferrer text not null default '',
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create unique index medical_records_email_uq on medical_records (email);
create unique index medical_records_phone_digits_uq on medical_records (phone_digits) where phone_digits <> '';

create table accounts (
  medical_record_id integer primary key references medical_records (id) on delete cascade,
  authentication_preference smallint not null default 1,
  registration_date_time timestamptz not null,
  is_email_verified boolean not null default false,
  is_mobile_verified boolean not null default false,
  password_hash text,
  password_changed_at timestamptz,
  -- Tokens issued before this time are revoked (sign-out everywhere, password change).
  tokens_valid_after timestamptz,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);

-- Failed sign-ins by lower-case email (known or not, so a lockout does not reveal whether an account exists).
create table login_failures (
  id bigint generated always as identity primary key,
  email text not null,
  failed_at timestamptz not null
);
create index login_failures_email_idx on login_failures (email, failed_at);
create index login_failures_failed_at_idx on login_failures (failed_at);

create table login_lockouts (
  email text primary key,
  locked_until timestamptz not null
);

create table outbox (
  id bigint generated always as identity primary key,
  channel text not null check (channel in ('email', 'sms')),
  to_address text not null,
  subject text not null default '',
  text_body text not null,
  html_body text,
  created_at timestamptz not null default now(),
  status text not null default 'pending' check (status in ('pending', 'sent', 'failed', 'held')),
  attempts integer not null default 0,
  next_attempt_at timestamptz not null default now(),
  sent_at timestamptz,
  last_error text
);
-- The worker claims due rows with: where status = 'pending' and next_attempt_at <= now() order by next_attempt_at for update skip locked.
create index outbox_claim_idx on outbox (next_attempt_at, id) where status = 'pending';
create index outbox_created_idx on outbox (created_at, id);

-- Who did what, when. Identifiers and event names only: never health data, passwords, tokens or codes.
create table audit_log (
  id bigint generated always as identity primary key,
  occurred_at timestamptz not null default now(),
  actor_kind text not null check (actor_kind in ('patient', 'anonymous', 'staff', 'system')),
  actor_id integer,
  action text not null,
  medical_record_id integer,
  detail jsonb not null default '{}'::jsonb
);
create index audit_log_record_idx on audit_log (medical_record_id, occurred_at);
create index audit_log_occurred_idx on audit_log (occurred_at);
`,
};
