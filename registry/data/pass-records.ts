import type { PassRecord } from "../contract/schemas";
import type { Db } from "../db/types";
import { currentOrigin } from "../http/origin";
import { ACCOUNT_COLUMNS, toAccount, type AccountRow } from "./accounts";
import { REFERRAL_COLUMNS, REFERRAL_FROM, REFERRAL_ORDER, toReferralRow, type ReferralDbRow } from "./center-referrals";
import { MEDICAL_RECORD_COLUMNS, MEDICAL_RECORD_FROM, toMedicalRecord, type MedicalRecordRow } from "./medical-records";
import { SCREENING_COLUMNS, SCREENING_FROM, SCREENING_ORDER, toScreening, type ScreeningRow } from "./screenings";

/** Timestamps come out of JSON as ISO 8601 text with an offset: the same instants as the drivers' Dates. */
type Json<T> = { [K in keyof T]: T[K] extends Date ? string : T[K] extends Date | null ? string | null : T[K] };
type ScreeningJson = Json<ScreeningRow> & { referrals: Json<ReferralDbRow>[] };
type Row = MedicalRecordRow & { [K in keyof AccountRow]: AccountRow[K] | null } & { screenings: ScreeningJson[] };

/**
 * The statement of GET /api/pass/{id} (docs/decisions/070): the record (as findMedicalRecord), its account (as
 * findAccount) and its screenings with their referrals (as listScreenings, same order) in one round trip, with the
 * record.read audit entry written by the same statement, and only when the record exists.
 */
const PASS_RECORD_SQL = `
  with read as (
    insert into audit_log (occurred_at, actor_kind, actor_id, action, medical_record_id, detail, client_address, user_agent, request_id)
    select $2::timestamptz, 'patient', $1::integer, 'record.read', $1::integer, '{}'::jsonb, $3::text, $4::text, $5::text
     where exists (select 1 from medical_records where id = $1::integer)
  )
  select ${MEDICAL_RECORD_COLUMNS}, ${ACCOUNT_COLUMNS},
         (select coalesce(json_agg(x order by ${SCREENING_ORDER}), '[]'::json)
            from (select ${SCREENING_COLUMNS},
                         (select coalesce(json_agg(y order by ${REFERRAL_ORDER}), '[]'::json)
                            from (select ${REFERRAL_COLUMNS} from ${REFERRAL_FROM} where r.screening_id = s.id) y) as referrals
                    from ${SCREENING_FROM} where s.medical_record_id = m.id) x) as screenings
    from ${MEDICAL_RECORD_FROM} left join accounts a on a.medical_record_id = m.id
   where m.id = $1::integer`;

/**
 * The patient's own record, account and screenings, read as the patient (audited `record.read` at `at`, with where the
 * call came from, as data/audit.ts does; docs/decisions/085); null: no record.
 */
export async function readPassRecord(db: Db, medicalRecordId: number, at: Date): Promise<PassRecord | null> {
  const origin = currentOrigin();
  const [r] = await db.query<Row>(PASS_RECORD_SQL, [
    medicalRecordId,
    at,
    origin?.clientAddress ?? null,
    origin?.userAgent ?? null,
    origin?.requestId ?? null,
  ]);
  if (!r) return null;
  const account =
    r.authentication_preference === null || r.registration_date_time === null || r.is_email_verified === null || r.is_mobile_verified === null
      ? null
      : toAccount({
          authentication_preference: r.authentication_preference,
          registration_date_time: r.registration_date_time,
          is_email_verified: r.is_email_verified,
          is_mobile_verified: r.is_mobile_verified,
        });
  return { medicalRecord: toMedicalRecord(r), account, screeningList: r.screenings.map(screeningOf) };
}

const date = (v: string | null): Date | null => (v === null ? null : new Date(v));

function screeningOf(s: ScreeningJson): PassRecord["screeningList"][number] {
  const row: ScreeningRow = {
    ...s,
    prescription_request_date_time: date(s.prescription_request_date_time),
    prescription_download_date_time: date(s.prescription_download_date_time),
    labs_uploaded_date_time: date(s.labs_uploaded_date_time),
  };
  return toScreening(row, s.referrals.map((r) => toReferralRow({ ...r, date_referred: new Date(r.date_referred) })));
}
