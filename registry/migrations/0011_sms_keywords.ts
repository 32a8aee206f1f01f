/**
 * Text-message keywords (docs/decisions/106, ACC-040 to ACC-042): a number that replied STOP (E.164, the address
 * every text goes to) and when; START removes it. The signatures of the inbound webhook's recent requests, so a
 * request replayed within its 5-minute window is refused too.
 */
export const smsKeywords = {
  id: "0011_sms_keywords",
  sql: /* sql */ `
create table sms_stops (
  phone text primary key check (phone ~ '^\\+[1-9][0-9]{6,14}$'),
  stopped_at timestamptz not null,
  keyword text not null
);

create table sms_webhook_seen (
  signature text primary key,
  seen_at timestamptz not null
);
create index sms_webhook_seen_at_idx on sms_webhook_seen (seen_at);
`,
};
