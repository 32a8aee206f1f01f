/**
 * The sign-in surge step's spent challenges (docs/decisions/135): one row per challenge spent, by the SHA-256 of its
 * nonce (the primary key: a second spend, from any portal process, inserts nothing) and of the client address's limit
 * key (an IPv6 /64 as one; never the address in clear), for the per-address allowance a minute. Rows are pruned once
 * their challenge has expired.
 */
export const signInChallenges = {
  id: "0019_sign_in_challenges",
  sql: /* sql */ `
create table sign_in_challenges (
  nonce_hash text primary key check (nonce_hash ~ '^[0-9a-f]{64}$'),
  address_hash text not null,
  spent_at timestamptz not null,
  expires_at timestamptz not null
);
create index sign_in_challenges_address_idx on sign_in_challenges (address_hash, spent_at);
create index sign_in_challenges_expiry_idx on sign_in_challenges (expires_at);
`,
};
