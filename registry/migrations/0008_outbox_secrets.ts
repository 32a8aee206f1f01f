/**
 * The outbox keeps no bearer secret once a message has left (docs/decisions/084): the bodies of messages already
 * sent, or given up on, are cleared (the worker clears them from now on, registry/outbox/outbox.ts). Recipient,
 * subject, channel, status and times stay. Held messages (demo mode, no provider) keep theirs.
 */
export const outboxSecrets = {
  id: "0008_outbox_secrets",
  sql: /* sql */ `
update outbox set text_body = '', html_body = null
 where status in ('sent', 'failed') and (text_body <> '' or html_body is not null);
`,
};
