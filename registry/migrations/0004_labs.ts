/**
 * Lab orders (LAB-002, LAB-007): one row per order of a screening. The screening's own lab columns (labs_ordered,
 * prescription_*, labs_uploaded_date_time; 0003) mirror its current (newest) order, for the screening list item.
 */
export const labs = {
  id: "0004_labs",
  sql: /* sql */ `
create table lab_orders (
  id integer generated always as identity primary key,
  screening_id integer not null references screenings (id) on delete cascade,
  requested_at timestamptz not null,
  -- Approval by staff (approve-labs) or automatically after LAB_APPROVAL_DELAY: a requisition number and an expiry.
  approved_at timestamptz,
  approved_by text check (approved_by in ('staff', 'automatic')),
  requisition text unique check (requisition ~ '^[34679ACDEFGHJKMNPQRTUVWXY]{8}$'),
  -- The last day the order is valid (90 days after approval).
  expires_on date,
  -- A newer order of the same screening replaced this one.
  superseded_at timestamptz,
  -- The patient's last download of the order (lab-tests/download).
  downloaded_at timestamptz,
  -- The lab received the order (update-lab-requisition).
  received_at timestamptz,
  -- The results were recorded (process-lab-results).
  results_at timestamptz,
  -- The results document served at lab-results/download: a PDF staff attached, or the generated summary.
  results_pdf bytea,
  results_source text check (results_source in ('attached', 'generated')),
  created_at timestamptz not null,
  updated_at timestamptz not null,
  check ((approved_at is null) = (requisition is null) and (approved_at is null) = (expires_on is null)),
  check ((results_pdf is null) = (results_source is null))
);
create index lab_orders_screening_idx on lab_orders (screening_id, id);
-- Orders waiting for approval (approve-labs --all, the automatic approval).
create index lab_orders_pending_idx on lab_orders (requested_at) where approved_at is null and superseded_at is null;
`,
};
