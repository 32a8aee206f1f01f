import { createAdmin } from "../commands/create-admin";
import type { StaffGrant } from "../contract/staff-accounts";
import { totpCode } from "../domain/staff-auth";
import type { TestRegistry } from "./harness";

/**
 * Staff people in db tests (docs/decisions/126): the first administrator from create-admin, and people they invite,
 * each set up through their link (password, then the authenticator's first code) as a person would.
 */

export const STAFF_TEST_PASSWORD = "correct-horse-kidney-staple";
export type TestStaff = { id: number; email: string; token: string };

/** Accepts a setup link and sets up the authenticator: the person's session. */
export async function setUpStaff(t: TestRegistry, link: string, email: string): Promise<TestStaff> {
  const token = new URL(link).searchParams.get("token")!;
  const accepted = await t.call("POST", "/api/staff/links/accept", { body: { token, password: STAFF_TEST_PASSWORD } });
  const pending = accepted.body.results?.pendingToken as string | undefined;
  if (!pending) throw new Error(`link not accepted: ${JSON.stringify(accepted.body)}`);
  const secret = (await t.call("GET", "/api/staff/setup", { token: pending })).body.results.secret as string;
  const done = await t.call("POST", "/api/staff/setup", { token: pending, body: { code: totpCode(secret, t.clock) } });
  if (done.status !== 200) throw new Error(`setup failed: ${JSON.stringify(done.body)}`);
  const [row] = await t.db.query<{ id: number }>("select id from staff_people where email = $1", [email]);
  return { id: row!.id, email, token: done.body.results.token };
}

const ADMIN_EMAIL = "admin@staff.example";
const admins = new WeakMap<TestRegistry, string>();

/** A person with these grants, invited by the first administrator (made on first use in each test) and set up. */
export async function staffWith(t: TestRegistry, n: number, grants: StaffGrant[]): Promise<TestStaff> {
  let adminToken = admins.get(t);
  const [exists] = await t.db.query("select 1 from staff_people where email = $1", [ADMIN_EMAIL]);
  if (!adminToken || !exists) {
    const { link } = await createAdmin(t.db, t.settings, { email: ADMIN_EMAIL, name: "Admin" }, t.clock);
    adminToken = (await setUpStaff(t, link, ADMIN_EMAIL)).token;
    admins.set(t, adminToken);
  }
  const email = `staff${n}@staff.example`;
  const invited = await t.call("POST", "/api/staff/people", { token: adminToken, body: { name: `Staff person ${n}`, email, lang: "en", grants } });
  if (invited.status !== 200) throw new Error(`invitation refused: ${JSON.stringify(invited.body)}`);
  const [mail] = await t.db.query<{ text_body: string }>("select text_body from outbox where to_address = $1 order by id desc limit 1", [email]);
  const link = /https?:\/\/\S+\/staff\/welcome\?token=\S+/.exec(mail?.text_body ?? "")?.[0];
  if (!link) throw new Error(`no setup link emailed to ${email}`);
  return setUpStaff(t, link, email);
}

/** The seeded lab's id (the lowest: every order goes to it until orders name their lab). */
export async function seededLabId(t: TestRegistry): Promise<number> {
  const [row] = await t.db.query<{ id: number }>("select min(id) as id from labs");
  return row!.id;
}
