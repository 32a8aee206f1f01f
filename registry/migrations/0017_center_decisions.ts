/**
 * A center's own closing of a referral from the staff console (docs/decisions/133): status 5 Declined by Center and
 * 6 Cancelled by Center, with the center's reason (kept for the registry and the center; the patient is told the
 * outcome and what to do next, not the reason).
 */
export const centerDecisions = {
  id: "0017_center_decisions",
  sql: /* sql */ `
alter table center_referrals drop constraint center_referrals_status_id_check;
alter table center_referrals add constraint center_referrals_status_id_check check (status_id between 1 and 6);
alter table center_referrals add column center_reason text not null default '';
`,
};
