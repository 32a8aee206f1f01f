/**
 * Medical history submissions (MHX-001, MHX-007) and the immune-tolerance consent's
 * e-signature (ESG-003). See docs/decisions/014-medical-history-and-e-sign-registry.md.
 */
export const medicalHistoryESign = {
  id: "0005_medical_history_esign",
  sql: /* sql */ `
-- Every submission is a row (the history is kept); the latest (highest id) is the current one.
create table medical_histories (
  id integer generated always as identity primary key,
  medical_record_id integer not null references medical_records (id) on delete cascade,
  received_kidney_transplant boolean not null,
  last_kidney_txp_date date,
  -- The anti-rejection medicines (asked only after a kidney transplant).
  addl_medicines text,
  birth_date date not null,
  height_ft smallint not null check (height_ft between 1 and 7),
  height_inches smallint not null check (height_inches between 0 and 11),
  -- Pounds, one decimal.
  weight numeric(5, 1) not null check (weight between 50 and 1000),
  had_other_organ_transplant boolean not null,
  other_organ_txp text,
  other_organ_txp_details text,
  -- MHX-007: true = male, false = female.
  birth_gender boolean not null,
  has_cardiac_issues boolean not null,
  has_pulmonary_issues boolean not null,
  has_immuno_disease boolean not null,
  has_high_blood_pressure boolean not null,
  has_allergies boolean not null,
  medical_condition_comments text,
  submitted_at timestamptz not null,
  -- Answers of questions that do not apply are not kept.
  constraint medical_histories_kidney_ck check (received_kidney_transplant or (last_kidney_txp_date is null and addl_medicines is null)),
  constraint medical_histories_kidney_date_ck check (not received_kidney_transplant or last_kidney_txp_date is not null),
  constraint medical_histories_other_organ_ck check (had_other_organ_transplant or (other_organ_txp is null and other_organ_txp_details is null)),
  constraint medical_histories_other_organ_named_ck check (not had_other_organ_transplant or other_organ_txp is not null)
);
create index medical_histories_record_idx on medical_histories (medical_record_id, id desc);

-- The signed consent (ESG-003): one per record (a second signing is refused), with what proves who signed what and when.
create table consent_signatures (
  id integer generated always as identity primary key,
  medical_record_id integer not null references medical_records (id) on delete cascade,
  document_version text not null,
  -- 'en' or 'es'
  language text not null check (language in ('en', 'es')),
  -- The exact HTML shown, and its SHA-256 (hex) that the patient's browser sent back.
  document_html text not null,
  document_hash text not null check (document_hash ~ '^[0-9a-f]{64}$'),
  typed_name text not null check (typed_name <> ''),
  signed_at timestamptz not null,
  client_address text not null,
  user_agent text not null,
  -- The signed document with its signature block (registry/domain/pdf.ts).
  pdf bytea not null
);
create unique index consent_signatures_record_uq on consent_signatures (medical_record_id);
`,
};
