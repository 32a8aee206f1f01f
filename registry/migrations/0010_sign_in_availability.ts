/**
 * Sign-in that stays available (docs/decisions/087): failed sign-ins remember the known device they came from (null:
 * an unknown device), so a stranger's failures never throttle the owner's known browser; and the run of failures in a
 * row from unknown devices per email (NIST SP 800-63B's cap of 100), which only a password reset ends once reached.
 * The old hard lock (login_lockouts) is no longer read.
 */
export const signInAvailability = {
  id: "0010_sign_in_availability",
  sql: /* sql */ `
alter table login_failures add column device_id text;
create index login_failures_device_idx on login_failures (email, device_id, failed_at);

create table login_failure_streaks (
  email text primary key,
  failures integer not null check (failures >= 0),
  last_failed_at timestamptz not null,
  reset_required_at timestamptz
);
create index login_failure_streaks_last_idx on login_failure_streaks (last_failed_at);
`,
};
