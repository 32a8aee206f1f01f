/**
 * Where an audited access came from (docs/decisions/085): the browser's address as the registry trusts it, its user
 * agent and the request id that the portal's request log, its answer and nginx's access log also carry. Nullable:
 * rows written before this migration, and by staff commands and background sweeps, have none. No backfill.
 */
export const auditContext = {
  id: "0009_audit_context",
  sql: /* sql */ `
alter table audit_log add column client_address text check (length(client_address) <= 100);
alter table audit_log add column user_agent text check (length(user_agent) <= 512);
alter table audit_log add column request_id text check (length(request_id) <= 64);
create index audit_log_request_idx on audit_log (request_id) where request_id is not null;
`,
};
