/**
 * The values a lab reported for an order (LAB-007 'a generated summary of the recorded values';
 * docs/decisions/044): one row per test result, in the order the lab gave them. Recording values again for the same
 * order replaces the whole set (a lab sends its full report, corrections included).
 */
export const labResultValues = {
  id: "0007_lab_result_values",
  sql: /* sql */ `
create table lab_result_values (
  lab_order_id integer not null references lab_orders (id) on delete cascade,
  position integer not null check (position >= 1),
  name text not null check (length(name) between 1 and 80),
  value text not null check (length(value) between 1 and 60),
  unit text not null default '' check (length(unit) <= 20),
  reference_range text not null default '' check (length(reference_range) <= 40),
  flag text check (flag in ('normal', 'low', 'high', 'abnormal', 'critical')),
  recorded_at timestamptz not null,
  primary key (lab_order_id, position)
);
`,
};
