/**
 * Messages the patient chooses and signed-in devices (docs/decisions/109, ACC-047 to ACC-050).
 * - message_choices: for each kind of automated message, whether it goes by email, by text, or both; at least one.
 *   No row: what the portal sends without a choice (registry/contract/message-choices.ts).
 * - sign_in_sessions: one row per sign-in (a device); every token carries its id (`sid`). A token's session ended
 *   (`ended_at`) is refused, so one device can be signed out alone. The address and user agent are the last call's,
 *   as the portal forwards them (docs/decisions/085).
 */
export const messageChoicesAndDevices = {
  id: "0013_message_choices_and_devices",
  sql: /* sql */ `
create table message_choices (
  medical_record_id integer not null references medical_records (id) on delete cascade,
  kind text not null check (kind in ('steps', 'decisions', 'labs')),
  by_email boolean not null,
  by_text boolean not null,
  updated_at timestamptz not null,
  primary key (medical_record_id, kind),
  check (by_email or by_text)
);

create table sign_in_sessions (
  id text primary key check (id ~ '^[A-Za-z0-9_-]{16,64}$'),
  medical_record_id integer not null references medical_records (id) on delete cascade,
  created_at timestamptz not null,
  last_used_at timestamptz not null,
  token_issued_at timestamptz not null,
  token_expires_at timestamptz not null,
  client_address text check (length(client_address) <= 100),
  user_agent text check (length(user_agent) <= 512),
  ended_at timestamptz
);
create index sign_in_sessions_record_idx on sign_in_sessions (medical_record_id, token_expires_at) where ended_at is null;
`,
};
