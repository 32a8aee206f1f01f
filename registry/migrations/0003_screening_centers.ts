/**
 * Transplant centers (CEN-012, CEN-013) and screenings with their center referrals (SCR-020, DSH-011).
 * (The immune-tolerance registration a screening may start, if_registrations, is created by 0002_accounts.)
 */
export const screeningCenters = {
  id: "0003_screening_centers",
  sql: /* sql */ `
create table transplant_centers (
  -- The registry's own center id (kept by imports: they upsert by it).
  center_id integer primary key check (center_id > 0),
  center_name text not null check (center_name <> ''),
  city text not null default '',
  state_abbr text not null,
  postal_code text not null,
  -- The centroid of the center's ZIP code (CEN-005), degrees.
  latitude double precision not null check (latitude between -90 and 90),
  longitude double precision not null check (longitude between -180 and 180),
  is_kidney_for_life_participant boolean not null default false,
  is_microsite_center_of_excellence boolean not null default false,
  is_microsite_participant boolean not null default false,
  is_member_center boolean not null default false,
  is_recipient_shield_participant boolean not null default false,
  performs_non_steroid_protocol boolean not null default false,
  has_voucher_program boolean not null default false,
  low_eplet_transplants_last_12_months integer check (low_eplet_transplants_last_12_months >= 0),
  nkr_transplants_last_12_months integer not null default 0 check (nkr_transplants_last_12_months >= 0),
  year_range_ld_nkr_facilitated integer not null default 0 check (year_range_ld_nkr_facilitated >= 0),
  all_living_donor_transplants_prior_year integer check (all_living_donor_transplants_prior_year >= 0),
  nkr_percent_ld_transplants double precision not null default 0 check (nkr_percent_ld_transplants between 0 and 100),
  -- End of the prior-year window of the two prior-year counts.
  year_range_last_date date not null,
  -- Invented demonstration data (registry/data/demo-centers.ts), never a real center.
  is_demo boolean not null default false,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
-- The distance search prefilters member centers with a latitude/longitude box before the exact distance.
create index transplant_centers_member_location_idx on transplant_centers (latitude, longitude) where is_member_center;

create table screenings (
  id integer generated always as identity primary key,
  medical_record_id integer not null references medical_records (id) on delete cascade,
  -- RegistrationStatus, computed by the registry on every save (SCR-014).
  status smallint not null check (status in (10, 20, 30, 40, 98, 99)),
  kidney_status smallint not null,
  kidney_status_other text not null default '',
  transplant_center_situation smallint not null,
  willing_to_transfer smallint not null,
  donor_status smallint not null,
  donor_status_other text not null default '',
  primary_goal smallint not null,
  primary_goal_other text not null default '',
  transplant_type smallint not null,
  antigen_match smallint not null,
  is_cleared boolean not null,
  is_immuno_free_candidate boolean not null,
  is_center_confirmed boolean not null,
  -- null = no center (the API's 0).
  preferred_center_id integer references transplant_centers (center_id),
  -- Lab order and results (LAB-002, LAB-007), set by the lab calls.
  labs_ordered boolean not null default false,
  prescription_request_date_time timestamptz,
  prescription_download_date_time timestamptz,
  prescription_expiration_date date,
  labs_uploaded_date_time timestamptz,
  created_at timestamptz not null,
  updated_at timestamptz not null
);
create index screenings_record_idx on screenings (medical_record_id, created_at, id);

create table center_referrals (
  id integer generated always as identity primary key,
  screening_id integer not null references screenings (id) on delete cascade,
  center_id integer not null references transplant_centers (center_id),
  date_referred timestamptz not null,
  -- ReferralStatus: PendingCenter 1, CenterApproved 2, CancelledByPatient 3, CompletedByCenter 4.
  status_id smallint not null default 1 check (status_id between 1 and 4),
  -- Why the patient closed this referral out for another center (CEN-009: reason 1-4, other text).
  cancel_reason smallint check (cancel_reason between 1 and 4),
  cancel_other text not null default '',
  created_at timestamptz not null,
  updated_at timestamptz not null
);
create index center_referrals_screening_idx on center_referrals (screening_id, date_referred, id);

`,
};
