import { parseArgs } from "node:util";
import { isValidEmail } from "../contract/registration";
import { STAFF_NAME_MAX, StaffRole } from "../contract/staff-accounts";
import { issueStaffLink } from "../areas/staff-accounts";
import { audit } from "../data/audit";
import { endStaffSessions } from "../data/staff-sessions";
import { findStaffByEmail, hasActiveAdministrator, insertStaffPerson, resetStaffFactors, setStaffGrants, staffGrants } from "../data/staff-people";
import type { Db } from "../db/types";
import type { RegistryConfig, RegistrySettings } from "../settings";
import { onDb, out, type Write } from "./on-db";

/**
 * The first administrator (docs/decisions/126): `create-admin --email … --name … [--lang en|es]`. A new person gets
 * the administrator role; an existing one gets it added and, when already set up, their password, authenticator and
 * recovery codes reset and their sessions ended (the way back for an administrator who lost their phone). Either way
 * a new setup link (single use, 24 hours) is answered for the operator to hand over; it is not emailed.
 */
export async function createAdmin(
  db: Db,
  settings: RegistrySettings,
  input: { email: string; name: string; lang?: "en" | "es" },
  now: Date = new Date(),
): Promise<{ id: number; created: boolean; link: string; expiresAt: Date }> {
  const email = input.email.trim().toLowerCase();
  const name = input.name.trim();
  const problems: string[] = [];
  if (email.length > 254 || !isValidEmail(email)) problems.push("--email must be a valid email address");
  if (!name || name.length > STAFF_NAME_MAX) problems.push(`--name is required (at most ${STAFF_NAME_MAX} characters)`);
  if (problems.length) throw new Error(problems.join("; "));
  return db.transaction(async (tx) => {
    const existing = await findStaffByEmail(tx, email);
    const id = existing?.id ?? (await insertStaffPerson(tx, { email, name, lang: input.lang ?? "en", createdBy: null }, now));
    const grants = existing ? await staffGrants(tx, id) : [];
    if (!grants.some((g) => g.role === StaffRole.administrator)) await setStaffGrants(tx, id, [...grants, { role: StaffRole.administrator }]);
    if (existing?.passwordHash || existing?.totpSecret) {
      await resetStaffFactors(tx, id);
      await endStaffSessions(tx, id, now);
    }
    if (existing?.disabledAt) await tx.query("update staff_people set disabled_at = null where id = $1", [id]);
    const person = { id, email, name: existing?.name ?? name, lang: existing?.lang ?? input.lang ?? "en" };
    const { link, expiresAt } = await issueStaffLink(tx, settings, person, now, { email: false });
    await audit(tx, { actor: { kind: "operator" }, action: "staff.create-admin", detail: { staffId: id, created: !existing }, at: now });
    return { id, created: !existing, link, expiresAt };
  });
}

/** The demo administrator's address (demo mode only; `.invalid`: no mail ever reaches it). */
export const DEMO_ADMIN_EMAIL = "admin@demo.invalid";

/**
 * Demo mode: when no administrator exists yet, "Demo administrator" (admin@demo.invalid) is created and their setup
 * link queued as an email in the outbox (held: read it on the portal's demo outbox page), and one line logged that
 * says so (never the link: no token in a log). Answers whether one was made.
 */
export async function ensureDemoAdministrator(
  db: Db,
  settings: RegistrySettings,
  log: (entry: Record<string, unknown>) => void,
  now: Date = new Date(),
): Promise<boolean> {
  if (!settings.demoMode || (await hasActiveAdministrator(db))) return false;
  const made = await db.transaction(async (tx) => {
    if (await findStaffByEmail(tx, DEMO_ADMIN_EMAIL)) return false;
    const id = await insertStaffPerson(tx, { email: DEMO_ADMIN_EMAIL, name: "Demo administrator", lang: "en", createdBy: null }, now);
    await setStaffGrants(tx, id, [{ role: StaffRole.administrator }]);
    await issueStaffLink(tx, settings, { id, email: DEMO_ADMIN_EMAIL, name: "Demo administrator", lang: "en" }, now, { email: true });
    await audit(tx, { actor: { kind: "system" }, action: "staff.demo-admin", detail: { staffId: id }, at: now });
    return true;
  });
  if (made) {
    log({
      level: "info",
      event: "registry.demo-admin",
      msg: `demo administrator ${DEMO_ADMIN_EMAIL} created: the setup link is in the demo outbox (/dev/outbox)`,
    });
  }
  return made;
}

/** `create-admin --email … --name … [--lang en|es]`: prints the one-time link. */
export async function createAdminCommand(db: Db, settings: RegistrySettings, args: string[], write: Write): Promise<void> {
  const { values } = parseArgs({ args, options: { email: { type: "string" }, name: { type: "string" }, lang: { type: "string" } }, strict: true });
  if (values.lang !== undefined && values.lang !== "en" && values.lang !== "es") throw new Error("--lang must be en or es");
  const done = await createAdmin(db, settings, { email: values.email ?? "", name: values.name ?? "", lang: values.lang });
  write(
    `${done.created ? "administrator created" : "administrator role granted and a new setup link issued"} (staff id ${done.id}).\n` +
      `Open this link within 24 hours (until ${done.expiresAt.toISOString()}), once, to choose a password and set up the authenticator:\n` +
      `${done.link}\n`,
  );
}

export const createAdminCommands = {
  "create-admin": onDb((db, config: RegistryConfig, args) => createAdminCommand(db, config.settings, args, out)),
};
