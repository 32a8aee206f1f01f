import { StaffRole, type StaffGrant, type StaffGrantNamed, type StaffListItem, type StaffOrganisations } from "../contract/staff-accounts";
import type { Db } from "../db/types";

/** A staff person as stored (docs/decisions/126). Secrets stay in the data layer's callers: never answered. */
export type StaffPersonRow = {
  id: number;
  email: string;
  name: string;
  lang: "en" | "es";
  passwordHash: string | null;
  totpSecret: string | null;
  totpPendingSecret: string | null;
  totpLastStep: number | null;
  createdAt: Date;
  disabledAt: Date | null;
  lastSignInAt: Date | null;
};

type Row = {
  id: number;
  email: string;
  name: string;
  lang: "en" | "es";
  password_hash: string | null;
  totp_secret: string | null;
  totp_pending_secret: string | null;
  totp_last_step: number | null;
  created_at: Date;
  disabled_at: Date | null;
  last_sign_in_at: Date | null;
};

const COLUMNS = "id, email, name, lang, password_hash, totp_secret, totp_pending_secret, totp_last_step, created_at, disabled_at, last_sign_in_at";

function person(r: Row): StaffPersonRow {
  return {
    id: r.id,
    email: r.email,
    name: r.name,
    lang: r.lang,
    passwordHash: r.password_hash,
    totpSecret: r.totp_secret,
    totpPendingSecret: r.totp_pending_secret,
    totpLastStep: r.totp_last_step,
    createdAt: r.created_at,
    disabledAt: r.disabled_at,
    lastSignInAt: r.last_sign_in_at,
  };
}

/** The unique index of staff emails (a second person with an email answers emailTaken). */
export const STAFF_EMAIL_UNIQUE = "staff_people_email_key";

export async function findStaffPerson(db: Db, id: number, options: { lock?: boolean } = {}): Promise<StaffPersonRow | null> {
  const rows = await db.query<Row>(`select ${COLUMNS} from staff_people where id = $1${options.lock ? " for update" : ""}`, [id]);
  return rows[0] ? person(rows[0]) : null;
}

export async function findStaffByEmail(db: Db, email: string): Promise<StaffPersonRow | null> {
  const rows = await db.query<Row>(`select ${COLUMNS} from staff_people where email = $1`, [email.trim().toLowerCase()]);
  return rows[0] ? person(rows[0]) : null;
}

export async function insertStaffPerson(
  db: Db,
  p: { email: string; name: string; lang: "en" | "es"; createdBy: number | null },
  now: Date,
): Promise<number> {
  const rows = await db.query<{ id: number }>(
    "insert into staff_people (email, name, lang, created_at, created_by) values ($1, $2, $3, $4, $5) returning id",
    [p.email.trim().toLowerCase(), p.name.trim(), p.lang, now, p.createdBy],
  );
  return rows[0]!.id;
}

export async function setStaffPassword(db: Db, id: number, passwordHash: string): Promise<void> {
  await db.query("update staff_people set password_hash = $2 where id = $1", [id, passwordHash]);
}

/** The authenticator secret being set up, sealed (kept until confirmed by a first code; docs/decisions/136). */
export async function setPendingTotpSecret(db: Db, id: number, sealed: string): Promise<void> {
  await db.query("update staff_people set totp_pending_secret = $2 where id = $1", [id, sealed]);
}

/**
 * The pending secret (sealed, as stored) becomes the authenticator's, with the step of its first code as the last
 * accepted; false when the pending secret changed meanwhile.
 */
export async function confirmTotpSecret(db: Db, id: number, sealed: string, step: number): Promise<boolean> {
  const rows = await db.query(
    "update staff_people set totp_secret = $2, totp_pending_secret = null, totp_last_step = $3 where id = $1 and totp_pending_secret = $2 returning id",
    [id, sealed, step],
  );
  return rows.length === 1;
}

/**
 * Read-time upgrade (docs/decisions/136): a secret stored plain before encryption is replaced by its sealed form,
 * only while the row still holds that plain value.
 */
export async function resealTotpSecret(db: Db, id: number, column: "totp_secret" | "totp_pending_secret", plain: string, sealed: string): Promise<void> {
  await db.query(`update staff_people set ${column} = $3 where id = $1 and ${column} = $2`, [id, plain, sealed]);
}

/**
 * Records an accepted code's step, only when later than the last accepted one: false when another request used this
 * step (or a later one) first, so no code is ever accepted twice, even by two registry processes at once.
 */
export async function takeTotpStep(db: Db, id: number, step: number): Promise<boolean> {
  const rows = await db.query(
    "update staff_people set totp_last_step = $2 where id = $1 and (totp_last_step is null or totp_last_step < $2) returning id",
    [id, step],
  );
  return rows.length === 1;
}

/** A lost phone: no password, no authenticator, no recovery codes; a new setup link starts again. */
export async function resetStaffFactors(db: Db, id: number): Promise<void> {
  await db.query(
    "update staff_people set password_hash = null, totp_secret = null, totp_pending_secret = null, totp_last_step = null where id = $1",
    [id],
  );
  await db.query("delete from staff_recovery_codes where staff_id = $1", [id]);
}

export async function markStaffSignIn(db: Db, id: number, now: Date): Promise<void> {
  await db.query("update staff_people set last_sign_in_at = $2 where id = $1", [id, now]);
}

export async function disableStaffPerson(db: Db, id: number, now: Date): Promise<void> {
  await db.query("update staff_people set disabled_at = coalesce(disabled_at, $2) where id = $1", [id, now]);
}

/** A grant's organisation as audit rows name it: `lab:<id>`, `center:<id>`, `program`, `registry`. */
export function grantOrganisation(grant: StaffGrant): string {
  switch (grant.role) {
    case StaffRole.lab:
      return `lab:${grant.labId}`;
    case StaffRole.center:
      return `center:${grant.centerId}`;
    case StaffRole.program:
      return "program";
    default:
      return "registry";
  }
}

type GrantRow = { staff_id: number; role: StaffGrant["role"]; lab_id: number | null; center_id: number | null; organisation: string | null };

function namedGrant(r: GrantRow): StaffGrantNamed {
  const organisation = r.organisation ?? "";
  switch (r.role) {
    case StaffRole.lab:
      return { role: StaffRole.lab, labId: r.lab_id!, organisation };
    case StaffRole.center:
      return { role: StaffRole.center, centerId: r.center_id!, organisation };
    case StaffRole.program:
      return { role: StaffRole.program, organisation: "" };
    default:
      return { role: StaffRole.administrator, organisation: "" };
  }
}

const ROLE_ORDER = "case g.role when 'administrator' then 0 when 'program' then 1 when 'center' then 2 else 3 end";

async function grantRows(db: Db, staffIds: number[]): Promise<Map<number, StaffGrantNamed[]>> {
  const rows = await db.query<GrantRow>(
    `select g.staff_id, g.role, g.lab_id, g.center_id, coalesce(l.name, c.center_name) as organisation
       from staff_grants g
       left join labs l on l.id = g.lab_id
       left join transplant_centers c on c.center_id = g.center_id
      where g.staff_id = any($1::int[])
      order by g.staff_id, ${ROLE_ORDER}, organisation`,
    [staffIds],
  );
  const byPerson = new Map<number, StaffGrantNamed[]>();
  for (const r of rows) byPerson.set(r.staff_id, [...(byPerson.get(r.staff_id) ?? []), namedGrant(r)]);
  return byPerson;
}

/** A person's roles, each with its organisation's name (administrator first, then program, centers, labs). */
export async function staffGrants(db: Db, staffId: number): Promise<StaffGrantNamed[]> {
  return (await grantRows(db, [staffId])).get(staffId) ?? [];
}

/** Replaces a person's roles (duplicates given once). */
export async function setStaffGrants(db: Db, staffId: number, grants: readonly StaffGrant[]): Promise<void> {
  await db.query("delete from staff_grants where staff_id = $1", [staffId]);
  for (const g of grants) {
    await db.query(
      `insert into staff_grants (staff_id, role, lab_id, center_id) values ($1, $2, $3, $4)
       on conflict (staff_id, role, coalesce(lab_id, 0), coalesce(center_id, 0)) do nothing`,
      [staffId, g.role, g.role === StaffRole.lab ? g.labId : null, g.role === StaffRole.center ? g.centerId : null],
    );
  }
}

/** Which of the grants' labs and centers do not exist (ids), to refuse them before storing. */
export async function unknownOrganisations(db: Db, grants: readonly StaffGrant[]): Promise<{ labs: number[]; centers: number[] }> {
  const labIds = grants.flatMap((g) => (g.role === StaffRole.lab ? [g.labId] : []));
  const centerIds = grants.flatMap((g) => (g.role === StaffRole.center ? [g.centerId] : []));
  const labs = labIds.length ? (await db.query<{ id: number }>("select id from labs where id = any($1::int[])", [labIds])).map((r) => r.id) : [];
  const centers = centerIds.length
    ? (await db.query<{ id: number }>("select center_id as id from transplant_centers where center_id = any($1::int[])", [centerIds])).map((r) => r.id)
    : [];
  return { labs: labIds.filter((id) => !labs.includes(id)), centers: centerIds.filter((id) => !centers.includes(id)) };
}

/** invited (no authenticator yet), active, or disabled. */
export function staffStatus(p: Pick<StaffPersonRow, "disabledAt" | "totpSecret">): StaffListItem["status"] {
  return p.disabledAt ? "disabled" : p.totpSecret ? "active" : "invited";
}

function listItem(p: StaffPersonRow, grants: StaffGrantNamed[]): StaffListItem {
  return {
    id: p.id,
    name: p.name,
    email: p.email,
    grants,
    status: staffStatus(p),
    lastSignInAt: p.lastSignInAt ? p.lastSignInAt.toISOString() : null,
  };
}

/** Every staff person, by name, with their roles. */
export async function listStaff(db: Db): Promise<StaffListItem[]> {
  const people = (await db.query<Row>(`select ${COLUMNS} from staff_people order by lower(name), id`)).map(person);
  const grants = await grantRows(
    db,
    people.map((p) => p.id),
  );
  return people.map((p) => listItem(p, grants.get(p.id) ?? []));
}

export async function staffListItem(db: Db, id: number): Promise<StaffListItem | null> {
  const p = await findStaffPerson(db, id);
  return p ? listItem(p, await staffGrants(db, id)) : null;
}

/** Whether any person not disabled holds the administrator role. */
export async function hasActiveAdministrator(db: Db): Promise<boolean> {
  const rows = await db.query(
    "select 1 from staff_grants g join staff_people p on p.id = g.staff_id where g.role = 'administrator' and p.disabled_at is null limit 1",
  );
  return rows.length > 0;
}

/** The organisations a grant may name: every lab and every transplant center, by name. */
export async function staffOrganisationList(db: Db): Promise<StaffOrganisations> {
  const labs = await db.query<{ id: number; name: string }>("select id, name from labs order by name, id");
  const centers = await db.query<{ id: number; name: string }>(
    "select center_id as id, center_name as name from transplant_centers order by center_name, center_id",
  );
  return { labs, centers };
}
