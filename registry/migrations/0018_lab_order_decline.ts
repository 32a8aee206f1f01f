/**
 * A lab's person declines a waiting lab order with a reason (docs/decisions/133, "Lab"): the order keeps when and
 * why (`declined_at`, `decline_reason`, for the lab's staff only, never sent to the patient) and is closed as
 * superseded, so nothing approves it later and the patient may request labs again.
 */
export const labOrderDecline = {
  id: "0018_lab_order_decline",
  sql: /* sql */ `
alter table lab_orders add column declined_at timestamptz;
alter table lab_orders add column decline_reason text check (decline_reason is null or (decline_reason <> '' and length(decline_reason) <= 500));
alter table lab_orders add constraint lab_orders_declined_closed check (declined_at is null or (superseded_at is not null and approved_at is null));
`,
};
