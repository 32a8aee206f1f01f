import type { MedicalRecord } from "../contract/schemas";
import type { Db } from "../db/types";

/** Unique indexes whose violation means "already registered" (see migrations/0001_initial.ts). */
export const EMAIL_UNIQUE = "medical_records_email_uq";
export const PHONE_UNIQUE = "medical_records_phone_digits_uq";

export type NewMedicalRecord = Omit<
  MedicalRecord,
  "id" | "addressIsUs" | "isOptedOut" | "ifRegistration" | "medicalHistoryDateTime" | "eSignDateTime"
>;

/** Creates a record; email is stored lower-case. Answers its id. */
export async function insertMedicalRecord(db: Db, r: NewMedicalRecord, now: Date): Promise<number> {
  const rows = await db.query<{ id: number }>(
    `insert into medical_records (
       first_name, middle_initial, last_name, preferred_name, birth_date, preferred_language, gender,
       address_line1, address_line2, city, us_state, province, postal_code, country,
       email, phone_number, phone_number_secondary, agreed_to_hipaa, hipaa_agreed_at, entryreferrer, created_at, updated_at)
     values ($1, $2, $3, $4, $5::date, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17, $18, $19, $20, $21, $21)
     returning id`,
    [
      r.firstName, r.middleInitial, r.lastName, r.preferredName, r.birthDate, r.preferredLanguage, r.gender,
      r.addressLine1, r.addressLine2, r.city, r.usState, r.province, r.postalCode, r.country,
      r.email.toLowerCase(), r.phoneNumber, r.phoneNumberSecondary, r.agreedToHipaa, r.agreedToHipaa ? now : null,
      r.entryreferrer, now,
    ],
  );
  return rows[0]!.id;
}

/** A stored record's columns as findMedicalRecord reads them (toMedicalRecord maps them). */
export type MedicalRecordRow = {
  id: number; first_name: string; middle_initial: string; last_name: string; preferred_name: string; birth_date: string;
  preferred_language: number; gender: number; address_is_us: boolean; address_line1: string; address_line2: string;
  city: string; us_state: number; province: string; postal_code: string; country: number; email: string;
  phone_number: string; phone_number_secondary: string; agreed_to_hipaa: boolean; is_opted_out: boolean; entryreferrer: string;
  if_id: number | null; if_is_opted_out: boolean | null; if_current_status: number | null; if_decline_reason: string | null;
  if_created_at: Date | null;
  medical_history_at: Date | null; e_sign_at: Date | null;
};

/** The select list of MedicalRecordRow, over MEDICAL_RECORD_FROM (`m` the record, `f` its immune-tolerance registration). */
export const MEDICAL_RECORD_COLUMNS = `
  m.id, m.first_name, m.middle_initial, m.last_name, m.preferred_name, to_char(m.birth_date, 'YYYY-MM-DD') as birth_date,
  m.preferred_language, m.gender, m.address_is_us, m.address_line1, m.address_line2, m.city, m.us_state, m.province,
  m.postal_code, m.country, m.email, m.phone_number, m.phone_number_secondary, m.agreed_to_hipaa, m.is_opted_out,
  m.entryreferrer, f.id as if_id, f.is_opted_out as if_is_opted_out, f.current_status as if_current_status,
  f.decline_reason as if_decline_reason, f.created_at as if_created_at,
  (select h.submitted_at from medical_histories h where h.medical_record_id = m.id order by h.id desc limit 1) as medical_history_at,
  (select c.signed_at from consent_signatures c where c.medical_record_id = m.id) as e_sign_at`;
export const MEDICAL_RECORD_FROM = "medical_records m left join if_registrations f on f.medical_record_id = m.id";

/** The record as the spec shows it, with its immune-tolerance registration (createdDateTime as ISO 8601) or null. */
export async function findMedicalRecord(db: Db, id: number): Promise<MedicalRecord | null> {
  const rows = await db.query<MedicalRecordRow>(`select ${MEDICAL_RECORD_COLUMNS} from ${MEDICAL_RECORD_FROM} where m.id = $1`, [id]);
  const r = rows[0];
  return r ? toMedicalRecord(r) : null;
}

export function toMedicalRecord(r: MedicalRecordRow): MedicalRecord {
  return {
    id: r.id, firstName: r.first_name, middleInitial: r.middle_initial, lastName: r.last_name, preferredName: r.preferred_name,
    birthDate: r.birth_date, preferredLanguage: r.preferred_language, gender: r.gender, addressIsUs: r.address_is_us,
    addressLine1: r.address_line1, addressLine2: r.address_line2, city: r.city, usState: r.us_state, province: r.province,
    postalCode: r.postal_code, country: r.country, email: r.email, phoneNumber: r.phone_number,
    phoneNumberSecondary: r.phone_number_secondary, agreedToHipaa: r.agreed_to_hipaa, isOptedOut: r.is_opted_out,
    entryreferrer: r.entryreferrer,
    ifRegistration:
      r.if_id === null
        ? null
        : {
            id: r.if_id, medicalRecordId: r.id, isOptedOut: r.if_is_opted_out ?? false, currentStatus: r.if_current_status ?? 0,
            declineReason: r.if_decline_reason, createdDateTime: (r.if_created_at ?? new Date(0)).toISOString(),
          },
    medicalHistoryDateTime: r.medical_history_at?.toISOString() ?? null,
    eSignDateTime: r.e_sign_at?.toISOString() ?? null,
  };
}

/** Whether a record already uses this email (compared in lower case). */
export async function emailInUse(db: Db, email: string): Promise<boolean> {
  const rows = await db.query("select 1 from medical_records where email = $1", [email.toLowerCase()]);
  return rows.length > 0;
}

/** Whether a record already uses these primary phone digits. */
export async function phoneInUse(db: Db, digits: string): Promise<boolean> {
  if (digits === "") return false;
  const rows = await db.query("select 1 from medical_records where phone_digits = $1", [digits]);
  return rows.length > 0;
}

/** The record using this email (lower case) or these primary phone digits, other than `exceptId`; null when none. */
export async function contactOwner(db: Db, contact: { email: string } | { phoneDigits: string }, exceptId: number): Promise<number | null> {
  const rows =
    "email" in contact
      ? await db.query<{ id: number }>("select id from medical_records where email = $1 and id <> $2", [contact.email.toLowerCase(), exceptId])
      : await db.query<{ id: number }>("select id from medical_records where phone_digits = $1 and id <> $2", [contact.phoneDigits, exceptId]);
  return rows[0]?.id ?? null;
}

/** What messages to a patient need: where, in which language, and whether automated ones are wanted. */
/** `country`: the address's country, whose phone rule applies to a new mobile number (docs/decisions/049). */
export type Recipient = { id: number; email: string; phoneNumber: string; country: number; preferredLanguage: number; isOptedOut: boolean };

export async function findRecipient(db: Db, where: { id: number } | { email: string }): Promise<Recipient | null> {
  const [sql, value] = "id" in where ? ["m.id = $1", where.id] : ["m.email = $1", where.email.toLowerCase()];
  const rows = await db.query<{ id: number; email: string; phone_number: string; country: number; preferred_language: number; is_opted_out: boolean }>(
    `select m.id, m.email, m.phone_number, m.country, m.preferred_language, m.is_opted_out from medical_records m where ${sql}`,
    [value],
  );
  const r = rows[0];
  return r
    ? { id: r.id, email: r.email, phoneNumber: r.phone_number, country: r.country, preferredLanguage: r.preferred_language, isOptedOut: r.is_opted_out }
    : null;
}

export type ProfileUpdate = Pick<
  MedicalRecord,
  | "firstName" | "middleInitial" | "lastName" | "preferredName" | "birthDate" | "addressLine1" | "addressLine2" | "city"
  | "usState" | "province" | "postalCode" | "preferredLanguage" | "gender" | "country"
>;

/** The profile's personal and address fields (ACC-029). */
export async function updateProfile(db: Db, id: number, p: ProfileUpdate, now: Date): Promise<void> {
  await db.query(
    `update medical_records set first_name = $2, middle_initial = $3, last_name = $4, preferred_name = $5, birth_date = $6::date,
            address_line1 = $7, address_line2 = $8, city = $9, us_state = $10, province = $11, postal_code = $12,
            preferred_language = $13, gender = $14, country = $15, updated_at = $16
      where id = $1`,
    [
      id, p.firstName, p.middleInitial, p.lastName, p.preferredName, p.birthDate, p.addressLine1, p.addressLine2, p.city,
      p.usState, p.province, p.postalCode, p.preferredLanguage, p.gender, p.country, now,
    ],
  );
}

export type ValidatedUpdate = Pick<
  MedicalRecord,
  "firstName" | "middleInitial" | "lastName" | "birthDate" | "preferredName" | "preferredLanguage" | "gender" | "phoneNumberSecondary"
>;

/** The screening's patient-validation fields (SCR-011); email and primary phone are not written here. */
export async function updateValidatedFields(db: Db, id: number, v: ValidatedUpdate, now: Date): Promise<void> {
  await db.query(
    `update medical_records set first_name = $2, middle_initial = $3, last_name = $4, birth_date = $5::date, preferred_name = $6,
            preferred_language = $7, gender = $8, phone_number_secondary = $9, updated_at = $10
      where id = $1`,
    [id, v.firstName, v.middleInitial, v.lastName, v.birthDate, v.preferredName, v.preferredLanguage, v.gender, v.phoneNumberSecondary, now],
  );
}

/** Opt out (true) or in (false) of automated messages (DSH-012, PLT-016), on the record and its immune-tolerance registration. */
export async function setOptedOut(db: Db, id: number, optedOut: boolean, now: Date): Promise<void> {
  await db.query("update medical_records set is_opted_out = $2, updated_at = $3 where id = $1", [id, optedOut, now]);
  await db.query("update if_registrations set is_opted_out = $2, updated_at = $3 where medical_record_id = $1", [id, optedOut, now]);
}

/**
 * Sets the record's email or primary phone. A changed value becomes unverified (migration 0002's trigger); the caller
 * marks it verified afterwards when the change is a confirmation.
 */
export async function setContact(db: Db, id: number, contact: { email: string } | { phoneNumber: string }, now: Date): Promise<void> {
  if ("email" in contact) {
    await db.query("update medical_records set email = $2, updated_at = $3 where id = $1", [id, contact.email.toLowerCase(), now]);
  } else {
    await db.query("update medical_records set phone_number = $2, updated_at = $3 where id = $1", [id, contact.phoneNumber, now]);
  }
}
