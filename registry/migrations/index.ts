import { initial } from "./0001_initial";
import { accounts } from "./0002_accounts";
import { screeningCenters } from "./0003_screening_centers";
import { labs } from "./0004_labs";
import { medicalHistoryESign } from "./0005_medical_history_esign";
import { newContactSends } from "./0006_new_contact_sends";
import { labResultValues } from "./0007_lab_result_values";
import { outboxSecrets } from "./0008_outbox_secrets";
import { auditContext } from "./0009_audit_context";
import { signInAvailability } from "./0010_sign_in_availability";
import { smsKeywords } from "./0011_sms_keywords";
import { accountClosure } from "./0012_account_closure";
import { messageChoicesAndDevices } from "./0013_message_choices_and_devices";
import { staffAccounts } from "./0014_staff_accounts";
import { signInLinks } from "./0015_sign_in_links";
import { programStageNotes } from "./0016_program_stage_notes";
import { centerDecisions } from "./0017_center_decisions";
import { labOrderDecline } from "./0018_lab_order_decline";
import { signInChallenges } from "./0019_sign_in_challenges";

/** A schema change: applied once, in list order, recorded in schema_migrations. Never edit one that has shipped. */
export type Migration = { id: string; sql: string };

export const migrations: readonly Migration[] = [
  initial,
  accounts,
  screeningCenters,
  labs,
  medicalHistoryESign,
  newContactSends,
  labResultValues,
  outboxSecrets,
  auditContext,
  signInAvailability,
  smsKeywords,
  accountClosure,
  messageChoicesAndDevices,
  staffAccounts,
  signInLinks,
  programStageNotes,
  centerDecisions,
  labOrderDecline,
  signInChallenges,
];
