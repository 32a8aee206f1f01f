import { describe, expect, it } from "vitest";
import { createAdmin, createAdminCommand, DEMO_ADMIN_EMAIL, ensureDemoAdministrator } from "../commands/create-admin";
import { envelope } from "../contract/envelope";
import {
  STAFF_IDLE_LIMIT_MS,
  STAFF_LINK_LIFETIME_MS,
  STAFF_MAX_WRONG_CODES,
  STAFF_PENDING_LIMIT_MS,
  STAFF_ROLES,
  StaffAccountReason,
  staffLinkInfo,
  staffListItem,
  staffMe,
  staffOrganisations,
  staffPending,
  staffSetupInfo,
  staffSetupResult,
  type StaffGrant,
} from "../contract/staff-accounts";
import { upsertCenters } from "../data/centers";
import { testDatabases } from "../db/test-databases";
import { totpCode } from "../domain/staff-auth";
import { registryDocument } from "../routes";
import { useRegistry, type TestRegistry } from "../testing/harness";
import { CENTER_A, CENTERS, patientWithScreening, selectCenter } from "./labs-fixtures";

const STEP = 30_000;
const ADMIN = { email: "first.admin@registry.example", name: "Rosa Admin" };
const PASSWORD = "correct-horse-kidney-staple";

type Staff = { id: number; email: string; password: string; secret: string; token: string; recoveryCodes: string[] };

/** The token of a setup link. */
const tokenOf = (link: string) => new URL(link).searchParams.get("token")!;

/** The setup link emailed to an address (the newest). */
async function emailedLink(t: TestRegistry, to: string): Promise<string> {
  const [mail] = await t.db.query<{ text_body: string }>("select text_body from outbox where to_address = $1 order by id desc limit 1", [to]);
  const link = /https?:\/\/\S+\/staff\/welcome\?token=\S+/.exec(mail?.text_body ?? "")?.[0];
  if (!link) throw new Error(`no setup link emailed to ${to}`);
  return link;
}

/** Accepts a link, sets up the authenticator: the signed-in person with their secret and recovery codes. */
async function setUp(t: TestRegistry, link: string, email: string, password = PASSWORD): Promise<Staff> {
  const accepted = await t.call("POST", "/api/staff/links/accept", { body: { token: tokenOf(link), password } });
  expect(accepted.status, JSON.stringify(accepted.body)).toBe(200);
  const pending = accepted.body.results.pendingToken as string;
  const info = await t.call("GET", "/api/staff/setup", { token: pending });
  expect(info.status, JSON.stringify(info.body)).toBe(200);
  const secret = info.body.results.secret as string;
  const done = await t.call("POST", "/api/staff/setup", { token: pending, body: { code: totpCode(secret, t.clock) } });
  expect(done.status, JSON.stringify(done.body)).toBe(200);
  const [row] = await t.db.query<{ id: number }>("select id from staff_people where email = $1", [email]);
  return { id: row!.id, email, password, secret, token: done.body.results.token, recoveryCodes: done.body.results.recoveryCodes };
}

async function firstAdmin(t: TestRegistry): Promise<Staff> {
  const { link } = await createAdmin(t.db, t.settings, ADMIN, t.clock);
  return setUp(t, link, ADMIN.email);
}

/** An administrator invites a person with these grants; the person sets up from the emailed link. */
async function invited(t: TestRegistry, admin: Staff, n: number, grants: StaffGrant[], lang: "en" | "es" = "en"): Promise<Staff> {
  const email = `staff${n}@center.example`;
  const a = await t.call("POST", "/api/staff/people", { token: admin.token, body: { name: `Staff ${n}`, email, lang, grants } });
  expect(a.status, JSON.stringify(a.body)).toBe(200);
  return setUp(t, await emailedLink(t, email), email);
}

const pendingOf = async (t: TestRegistry, email: string, password: string) => t.call("POST", "/api/staff/sign-in", { body: { email, password } });

/** Signs in with password and an authenticator code, one step after the last code used. */
async function signIn(t: TestRegistry, s: Staff): Promise<string> {
  t.advance(STEP);
  const pending = await pendingOf(t, s.email, s.password);
  expect(pending.body.results?.stage, JSON.stringify(pending.body)).toBe("code");
  const session = await t.call("POST", "/api/staff/sign-in/code", {
    token: pending.body.results.pendingToken,
    body: { code: totpCode(s.secret, t.clock) },
  });
  expect(session.status, JSON.stringify(session.body)).toBe(200);
  return session.body.results.token;
}

const form = (a: { body: { errors?: Record<string, string> } }) => a.body.errors?.form;

describe.each(testDatabases())("staff accounts on $name", (target) => {
  const t = useRegistry(target);

  it("the first administrator: create-admin, link, password, authenticator, recovery codes, me", async () => {
    const printed: string[] = [];
    await createAdminCommand(t.db, t.settings, ["--email", ADMIN.email, "--name", ADMIN.name], (s) => printed.push(s));
    const link = /http\S+/.exec(printed.join(""))![0];
    expect(link).toMatch(/^http:\/\/portal\.test\/staff\/welcome\?token=[A-Za-z0-9_-]{43}$/);
    expect(await t.db.query("select actor_kind, actor_id, operator from audit_log where action = 'staff.create-admin'")).toEqual([
      { actor_kind: "operator", actor_id: null, operator: expect.stringMatching(/^.+@.+$/) },
    ]);

    const check = await t.call("POST", "/api/staff/links/check", { body: { token: tokenOf(link) } });
    expect(envelope(staffLinkInfo).parse(check.body).results).toEqual({ name: ADMIN.name, email: ADMIN.email });

    const short = await t.call("POST", "/api/staff/links/accept", { body: { token: tokenOf(link), password: "short" } });
    expect(short.status).toBe(400);
    expect(short.body.errors).toEqual({ password: "validation.passwordTooShort" });
    const common = await t.call("POST", "/api/staff/links/accept", { body: { token: tokenOf(link), password: "password1234" } });
    expect(common.body.errors).toEqual({ password: "validation.passwordCommon" });

    const accepted = await t.call("POST", "/api/staff/links/accept", { body: { token: tokenOf(link), password: PASSWORD } });
    const pending = envelope(staffPending).parse(accepted.body).results!;
    expect(pending.stage).toBe("setup");
    expect(pending.pendingToken).toMatch(/^st_/);
    expect(pending.expires).toBe(new Date(t.clock.getTime() + STAFF_PENDING_LIMIT_MS).toISOString());

    // A pending token is no session.
    expect(form(await t.call("GET", "/api/staff/me", { token: pending.pendingToken }))).toBe(StaffAccountReason.sessionEnded);

    const info = envelope(staffSetupInfo).parse((await t.call("GET", "/api/staff/setup", { token: pending.pendingToken })).body).results!;
    expect(info.email).toBe(ADMIN.email);
    expect(info.otpauthUri).toContain(`secret=${info.secret}`);
    expect(info.otpauthUri).toContain("issuer=National%20Kidney%20Registry");
    // Made once: asked again, the same secret.
    expect((await t.call("GET", "/api/staff/setup", { token: pending.pendingToken })).body.results.secret).toBe(info.secret);

    const wrong = await t.call("POST", "/api/staff/setup", {
      token: pending.pendingToken,
      body: { code: "000000" === totpCode(info.secret, t.clock) ? "111111" : "000000" },
    });
    expect(wrong.status).toBe(401);
    expect(form(wrong)).toBe(StaffAccountReason.codeWrong);

    const done = await t.call("POST", "/api/staff/setup", { token: pending.pendingToken, body: { code: totpCode(info.secret, t.clock) } });
    const result = envelope(staffSetupResult).parse(done.body).results!;
    expect(result.recoveryCodes).toHaveLength(10);
    expect(new Set(result.recoveryCodes).size).toBe(10);
    expect(result.person).toMatchObject({ name: ADMIN.name, email: ADMIN.email, lang: "en", grants: [{ role: "administrator", organisation: "" }] });
    expect(result.token).toMatch(/^st_/);
    expect(result.token).not.toBe(pending.pendingToken);
    // Only hashes are kept.
    const stored = await t.db.query<{ code_hash: string }>("select code_hash from staff_recovery_codes");
    expect(stored).toHaveLength(10);
    expect(stored.map((r) => r.code_hash)).not.toContain(result.recoveryCodes[0]);

    // The pending step is over once used.
    expect(form(await t.call("GET", "/api/staff/setup", { token: pending.pendingToken }))).toBe(StaffAccountReason.pendingEnded);

    const me = await t.call("GET", "/api/staff/me", { token: result.token });
    const answer = envelope(staffMe).parse(me.body).results!;
    expect(answer.person.email).toBe(ADMIN.email);
    expect(answer.idleExpires).toBe(new Date(t.clock.getTime() + STAFF_IDLE_LIMIT_MS).toISOString());
    const [audited] = await t.db.query("select actor_kind, actor_id, client_address from audit_log where action = 'staff.setup'");
    expect(audited).toMatchObject({ actor_kind: "staff", actor_id: answer.person.id, client_address: expect.stringMatching(/^198\.18\./) });
  });

  it("signs in with a code; a code is never accepted twice; a wrong code is refused and the fifth ends the step", async () => {
    const admin = await firstAdmin(t);
    t.advance(STEP);
    const first = await pendingOf(t, admin.email, admin.password);
    expect(first.body.results.stage).toBe("code");
    const code = totpCode(admin.secret, t.clock);
    const ok = await t.call("POST", "/api/staff/sign-in/code", { token: first.body.results.pendingToken, body: { code } });
    expect(ok.status).toBe(200);
    expect((await t.db.query<{ last_sign_in_at: Date }>("select last_sign_in_at from staff_people"))[0]!.last_sign_in_at).toEqual(t.clock);

    const again = await pendingOf(t, admin.email, admin.password);
    const reused = await t.call("POST", "/api/staff/sign-in/code", { token: again.body.results.pendingToken, body: { code } });
    expect(reused.status).toBe(401);
    expect(form(reused)).toBe(StaffAccountReason.codeWrong);

    const wrongCode = code === "123456" ? "654321" : "123456";
    for (let i = 2; i < STAFF_MAX_WRONG_CODES; i++) {
      expect(form(await t.call("POST", "/api/staff/sign-in/code", { token: again.body.results.pendingToken, body: { code: wrongCode } }))).toBe(
        StaffAccountReason.codeWrong,
      );
    }
    const fifth = await t.call("POST", "/api/staff/sign-in/code", { token: again.body.results.pendingToken, body: { code: wrongCode } });
    expect(fifth.status).toBe(401);
    expect(form(fifth)).toBe(StaffAccountReason.pendingEnded);
    t.advance(STEP);
    const late = await t.call("POST", "/api/staff/sign-in/code", {
      token: again.body.results.pendingToken,
      body: { code: totpCode(admin.secret, t.clock) },
    });
    expect(form(late)).toBe(StaffAccountReason.pendingEnded);
    expect(await t.db.query("select count(*)::int as n from audit_log where action = 'staff.sign-in.code-wrong'")).toEqual([{ n: 5 }]);
  });

  it("ends a pending step after the pending limit", async () => {
    const admin = await firstAdmin(t);
    t.advance(STEP);
    const pending = await pendingOf(t, admin.email, admin.password);
    t.advance(STAFF_PENDING_LIMIT_MS);
    const late = await t.call("POST", "/api/staff/sign-in/code", {
      token: pending.body.results.pendingToken,
      body: { code: totpCode(admin.secret, t.clock) },
    });
    expect(late.status).toBe(401);
    expect(form(late)).toBe(StaffAccountReason.pendingEnded);
  });

  it("refuses an expired link, a used link and an unknown one alike (404 linkInvalid)", async () => {
    const { link } = await createAdmin(t.db, t.settings, ADMIN, t.clock);
    t.advance(STAFF_LINK_LIFETIME_MS);
    for (const path of ["/api/staff/links/check", "/api/staff/links/accept"]) {
      const a = await t.call("POST", path, { body: { token: tokenOf(link), password: PASSWORD } });
      expect(a.status).toBe(404);
      expect(form(a)).toBe(StaffAccountReason.linkInvalid);
    }
    const fresh = await createAdmin(t.db, t.settings, ADMIN, t.clock);
    expect((await t.call("POST", "/api/staff/links/accept", { body: { token: tokenOf(fresh.link), password: PASSWORD } })).status).toBe(200);
    const used = await t.call("POST", "/api/staff/links/accept", { body: { token: tokenOf(fresh.link), password: PASSWORD } });
    expect(used.status).toBe(404);
    expect(form(await t.call("POST", "/api/staff/links/check", { body: { token: tokenOf(fresh.link) } }))).toBe(StaffAccountReason.linkInvalid);
    expect(form(await t.call("POST", "/api/staff/links/check", { body: { token: "nothing-of-the-sort" } }))).toBe(StaffAccountReason.linkInvalid);
  });

  it("a new link retires the older one", async () => {
    const older = await createAdmin(t.db, t.settings, ADMIN, t.clock);
    await createAdmin(t.db, t.settings, ADMIN, t.clock);
    expect((await t.call("POST", "/api/staff/links/check", { body: { token: tokenOf(older.link) } })).status).toBe(404);
  });

  it("keeps the authenticator secret encrypted at rest: no base32 secret in the row, pending or confirmed", async () => {
    const { link } = await createAdmin(t.db, t.settings, ADMIN, t.clock);
    const accepted = await t.call("POST", "/api/staff/links/accept", { body: { token: tokenOf(link), password: PASSWORD } });
    const pending = accepted.body.results.pendingToken as string;
    const secret = (await t.call("GET", "/api/staff/setup", { token: pending })).body.results.secret as string;
    const rowOf = async () =>
      (
        await t.db.query<{ id: number; totp_secret: string | null; totp_pending_secret: string | null }>(
          "select id, totp_secret, totp_pending_secret from staff_people where email = $1",
          [ADMIN.email],
        )
      )[0]!;
    const whilePending = await rowOf();
    expect(whilePending.totp_pending_secret).toMatch(/^v1:[A-Za-z0-9_-]+$/);
    expect(whilePending.totp_pending_secret).not.toContain(secret);
    expect(whilePending.totp_pending_secret).not.toMatch(/[A-Z2-7]{32}/);

    const done = await t.call("POST", "/api/staff/setup", { token: pending, body: { code: totpCode(secret, t.clock) } });
    const confirmed = await rowOf();
    expect(confirmed.totp_pending_secret).toBeNull();
    expect(confirmed.totp_secret).toMatch(/^v1:[A-Za-z0-9_-]+$/);
    expect(confirmed.totp_secret).not.toContain(secret);
    expect(JSON.stringify(await t.db.query("select * from staff_people"))).not.toContain(secret);

    // Opened with the person's id only: a sealed secret copied to another person's row does not sign them in.
    const admin: Staff = { id: confirmed.id, email: ADMIN.email, password: PASSWORD, secret, token: done.body.results.token, recoveryCodes: [] };
    const other = await invited(t, admin, 2, [{ role: "program" }]);
    await t.db.query("update staff_people set totp_secret = $2 where id = $1", [other.id, confirmed.totp_secret]);
    t.advance(STEP);
    const otherPending = await pendingOf(t, other.email, other.password);
    const refused = await t.call("POST", "/api/staff/sign-in/code", {
      token: otherPending.body.results.pendingToken,
      body: { code: totpCode(secret, t.clock) },
    });
    expect(form(refused)).toBe(StaffAccountReason.codeWrong);
  });

  it("seals a secret stored plain before encryption at its next use (read-time upgrade), and still accepts its codes", async () => {
    const admin = await firstAdmin(t);
    // A row as written before decision 136: the base32 secret itself.
    await t.db.query("update staff_people set totp_secret = $2 where id = $1", [admin.id, admin.secret]);
    const token = await signIn(t, admin);
    expect(token).toMatch(/^st_/);
    const [row] = await t.db.query<{ totp_secret: string }>("select totp_secret from staff_people where id = $1", [admin.id]);
    expect(row!.totp_secret).toMatch(/^v1:/);
    expect(row!.totp_secret).not.toContain(admin.secret);
    // Sealed, it keeps working.
    expect(await signIn(t, admin)).toMatch(/^st_/);

    // A pending secret stored plain is sealed when the setup page reads it, and confirms.
    const email = "staff3@center.example";
    const added = await t.call("POST", "/api/staff/people", {
      token: await signIn(t, admin),
      body: { name: "Staff 3", email, lang: "en", grants: [{ role: "program" }] },
    });
    const id = added.body.results.id as number;
    const accepted = await t.call("POST", "/api/staff/links/accept", { body: { token: tokenOf(await emailedLink(t, email)), password: PASSWORD } });
    const pending = accepted.body.results.pendingToken as string;
    const plain = "JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP";
    await t.db.query("update staff_people set totp_pending_secret = $2 where id = $1", [id, plain]);
    expect((await t.call("GET", "/api/staff/setup", { token: pending })).body.results.secret).toBe(plain);
    const [sealed] = await t.db.query<{ totp_pending_secret: string }>("select totp_pending_secret from staff_people where id = $1", [id]);
    expect(sealed!.totp_pending_secret).toMatch(/^v1:/);
    const done = await t.call("POST", "/api/staff/setup", { token: pending, body: { code: totpCode(plain, t.clock) } });
    expect(done.status, JSON.stringify(done.body)).toBe(200);
  });

  it("takes a recovery code once, without case or dash", async () => {
    const admin = await firstAdmin(t);
    const code = admin.recoveryCodes[3]!;
    const typed = code.replace("-", "").toUpperCase();
    const pending = await pendingOf(t, admin.email, admin.password);
    const ok = await t.call("POST", "/api/staff/sign-in/code", { token: pending.body.results.pendingToken, body: { code: typed } });
    expect(ok.status, JSON.stringify(ok.body)).toBe(200);
    expect(await t.db.query("select detail from audit_log where action = 'staff.sign-in'")).toEqual([
      { detail: { by: "recovery", recoveryCodesLeft: 9 } },
    ]);
    const again = await pendingOf(t, admin.email, admin.password);
    const reused = await t.call("POST", "/api/staff/sign-in/code", { token: again.body.results.pendingToken, body: { code } });
    expect(form(reused)).toBe(StaffAccountReason.codeWrong);
  });

  it("ends an idle session after 15 minutes without a call; each call renews it", async () => {
    const admin = await firstAdmin(t);
    t.advance(STAFF_IDLE_LIMIT_MS - 1000);
    expect((await t.call("GET", "/api/staff/me", { token: admin.token })).status).toBe(200);
    t.advance(STAFF_IDLE_LIMIT_MS - 1000);
    expect((await t.call("GET", "/api/staff/me", { token: admin.token })).status).toBe(200);
    t.advance(STAFF_IDLE_LIMIT_MS);
    const idle = await t.call("GET", "/api/staff/me", { token: admin.token });
    expect(idle.status).toBe(401);
    expect(form(idle)).toBe(StaffAccountReason.sessionEnded);
  });

  it("ends a session after 12 hours in all, and at sign-out", async () => {
    const admin = await firstAdmin(t);
    for (let i = 0; i < 50; i++) {
      t.advance(STAFF_IDLE_LIMIT_MS - 1000);
      if ((await t.call("GET", "/api/staff/me", { token: admin.token })).status !== 200) break;
    }
    expect(form(await t.call("GET", "/api/staff/me", { token: admin.token }))).toBe(StaffAccountReason.sessionEnded);
    const token = await signIn(t, admin);
    expect((await t.call("POST", "/api/staff/sign-out", { token })).status).toBe(200);
    expect(form(await t.call("GET", "/api/staff/me", { token }))).toBe(StaffAccountReason.sessionEnded);
  });

  it("refuses a patient's token on staff calls and a staff token on patient calls", async () => {
    const admin = await firstAdmin(t);
    const patient = await t.register(1);
    const me = await t.call("GET", "/api/staff/me", { token: patient.token });
    expect(me.status).toBe(401);
    expect(form(me)).toBe(StaffAccountReason.sessionEnded);
    expect((await t.call("GET", "/api/staff/people", { token: patient.token })).status).toBe(401);
    expect((await t.call("GET", `/api/pass/${patient.medicalRecordId}`, { token: admin.token })).status).toBe(401);
    expect((await t.call("GET", "/validate-token", { token: admin.token })).body.success).toBe(false);
  });

  it("administrators invite (emailed link in the person's language), list, change roles, send a new link, disable", async () => {
    await upsertCenters(t.db, CENTERS, t.clock);
    const admin = await firstAdmin(t);
    const orgs = envelope(staffOrganisations).parse((await t.call("GET", "/api/staff/organisations", { token: admin.token })).body).results!;
    expect(orgs.labs).toEqual([{ id: 1, name: "Registry laboratory" }]);
    expect(orgs.centers.map((c) => c.id)).toContain(CENTER_A);

    const center = await invited(t, admin, 1, [{ role: "center", centerId: CENTER_A }], "es");
    const [mail] = await t.db.query<{ subject: string }>("select subject from outbox where to_address = $1", [center.email]);
    expect(mail!.subject).toBe("Su cuenta de personal del National Kidney Registry");
    const invite = await t.db.query("select actor_kind, actor_id, actor_role, actor_organisation from audit_log where action = 'staff.invite'");
    expect(invite).toEqual([{ actor_kind: "staff", actor_id: admin.id, actor_role: "administrator", actor_organisation: "registry" }]);

    const taken = await t.call("POST", "/api/staff/people", {
      token: admin.token,
      body: { name: "Again", email: center.email.toUpperCase(), lang: "en", grants: [{ role: "program" }] },
    });
    expect(taken.status).toBe(409);
    expect(form(taken)).toBe(StaffAccountReason.emailTaken);
    const badCenter = await t.call("POST", "/api/staff/people", {
      token: admin.token,
      body: { name: "X", email: "x@center.example", lang: "en", grants: [{ role: "center", centerId: 999 }] },
    });
    expect(badCenter.status).toBe(400);
    expect(badCenter.body.errors).toEqual({ grants: "validation.invalidValue" });

    const list = (await t.call("GET", "/api/staff/people", { token: admin.token })).body.results;
    expect(list.map((p: { email: string; status: string }) => [p.email, p.status])).toEqual([
      [ADMIN.email, "active"],
      [center.email, "active"],
    ]);
    expect(list[1].grants).toEqual([{ role: "center", centerId: CENTER_A, organisation: "Lakeside Kidney Institute" }]);

    const changed = await t.call("POST", `/api/staff/people/${center.id}/grants`, {
      token: admin.token,
      body: { grants: [{ role: "program" }, { role: "lab", labId: 1 }] },
    });
    expect(envelope(staffListItem).parse(changed.body).results!.grants).toEqual([
      { role: "program", organisation: "" },
      { role: "lab", labId: 1, organisation: "Registry laboratory" },
    ]);

    // Lost phone: a new link resets the password and the authenticator and ends the sessions.
    const reset = await t.call("POST", `/api/staff/people/${center.id}/link`, { token: admin.token });
    expect(reset.body.results.status).toBe("invited");
    expect(form(await t.call("GET", "/api/staff/me", { token: center.token }))).toBe(StaffAccountReason.sessionEnded);
    expect(form(await pendingOf(t, center.email, center.password))).toBe(StaffAccountReason.invalidCredentials);
    t.advance(STEP);
    const again = await setUp(t, await emailedLink(t, center.email), center.email);
    expect(again.secret).not.toBe(center.secret);

    const disabled = await t.call("POST", `/api/staff/people/${center.id}/disable`, { token: admin.token });
    expect(disabled.body.results.status).toBe("disabled");
    expect(form(await t.call("GET", "/api/staff/me", { token: again.token }))).toBe(StaffAccountReason.sessionEnded);
    expect(form(await pendingOf(t, center.email, center.password))).toBe(StaffAccountReason.invalidCredentials);
  });

  it("a person may hold every role at once, each with its organisation", async () => {
    await upsertCenters(t.db, CENTERS, t.clock);
    const admin = await firstAdmin(t);
    const grantOf = (role: (typeof STAFF_ROLES)[number]): StaffGrant =>
      role === "lab" ? { role, labId: 1 } : role === "center" ? { role, centerId: CENTER_A } : { role };
    const all = await invited(t, admin, 4, STAFF_ROLES.map(grantOf));
    const me = envelope(staffMe).parse((await t.call("GET", "/api/staff/me", { token: all.token })).body).results!;
    expect(me.person.grants).toEqual([
      { role: "administrator", organisation: "" },
      { role: "program", organisation: "" },
      { role: "center", centerId: CENTER_A, organisation: "Lakeside Kidney Institute" },
      { role: "lab", labId: 1, organisation: "Registry laboratory" },
    ]);
  });

  it("a disabled person's open session is refused at its next call", async () => {
    const admin = await firstAdmin(t);
    const program = await invited(t, admin, 2, [{ role: "program" }]);
    expect((await t.call("GET", "/api/staff/me", { token: program.token })).status).toBe(200);
    await t.call("POST", `/api/staff/people/${program.id}/disable`, { token: admin.token });
    const next = await t.call("GET", "/api/staff/me", { token: program.token });
    expect(next.status).toBe(401);
    expect(form(next)).toBe(StaffAccountReason.sessionEnded);
  });

  it("an administrator cannot disable themselves nor drop their own administrator role", async () => {
    const admin = await firstAdmin(t);
    const own = await t.call("POST", `/api/staff/people/${admin.id}/disable`, { token: admin.token });
    expect(own.status).toBe(409);
    expect(form(own)).toBe(StaffAccountReason.ownAccount);
    const drop = await t.call("POST", `/api/staff/people/${admin.id}/grants`, { token: admin.token, body: { grants: [{ role: "program" }] } });
    expect(form(drop)).toBe(StaffAccountReason.ownAccount);
    const keep = await t.call("POST", `/api/staff/people/${admin.id}/grants`, {
      token: admin.token,
      body: { grants: [{ role: "administrator" }, { role: "program" }] },
    });
    expect(keep.status).toBe(200);
  });

  it("refuses a person without the administrator role on every administrators' call, audited naming them", async () => {
    const admin = await firstAdmin(t);
    const program = await invited(t, admin, 3, [{ role: "program" }]);
    const calls: [string, string, unknown?][] = [
      ["GET", "/api/staff/people"],
      ["POST", "/api/staff/people", { name: "N", email: "n@x.example", lang: "en", grants: [{ role: "program" }] }],
      ["POST", `/api/staff/people/${admin.id}/grants`, { grants: [{ role: "program" }] }],
      ["POST", `/api/staff/people/${admin.id}/disable`],
      ["POST", `/api/staff/people/${admin.id}/link`],
      ["GET", "/api/staff/organisations"],
    ];
    for (const [method, path, body] of calls) {
      const a = await t.call(method, path, { token: program.token, ...(body ? { body } : {}) });
      expect(a.status, path).toBe(403);
      expect(form(a)).toBe(StaffAccountReason.notAllowed);
    }
    const refused = await t.db.query<{ actor_id: number; actor_role: string; actor_organisation: string; detail: { role: string } }>(
      "select actor_id, actor_role, actor_organisation, detail from audit_log where action = 'staff.refused'",
    );
    expect(refused).toHaveLength(calls.length);
    for (const r of refused)
      expect(r).toMatchObject({ actor_id: program.id, actor_role: "program", actor_organisation: "program", detail: { role: "administrator" } });
  });

  it("one 401 for an unknown email, a wrong password and an invited person; throttles an email; limits an address", async () => {
    const { link } = await createAdmin(t.db, t.settings, ADMIN, t.clock);
    expect(form(await pendingOf(t, ADMIN.email, PASSWORD))).toBe(StaffAccountReason.invalidCredentials);
    await setUp(t, link, ADMIN.email);
    expect(form(await pendingOf(t, "nobody@registry.example", PASSWORD))).toBe(StaffAccountReason.invalidCredentials);

    for (let i = 0; i < 8; i++) expect((await pendingOf(t, ADMIN.email, "wrong-password-guess")).status).toBe(401);
    const tenth = await pendingOf(t, ADMIN.email, "wrong-password-guess");
    expect(tenth.status).toBe(401);
    const throttled = await pendingOf(t, ADMIN.email, PASSWORD);
    expect(throttled.status).toBe(429);
    expect(form(throttled)).toBe(StaffAccountReason.tooManyTries);
    expect(Number(throttled.headers.get("retry-after"))).toBeGreaterThan(0);
    t.advance(60_000);
    expect((await pendingOf(t, ADMIN.email, PASSWORD)).status).toBe(200);
    const actions = await t.db.query<{ action: string; n: number }>(
      "select action, count(*)::int as n from audit_log where action like 'staff.sign-in%' group by action order by action",
    );
    expect(actions).toEqual([
      { action: "staff.sign-in.failed", n: 10 },
      { action: "staff.sign-in.locked", n: 1 },
      { action: "staff.sign-in.password", n: 1 },
      { action: "staff.sign-in.throttled", n: 1 },
    ]);

    // One address trying many emails (password spraying): 15 distinct, then 429.
    const from = { "x-client-address": "203.0.113.9" };
    for (let i = 0; i < 15; i++) {
      const a = await t.call("POST", "/api/staff/sign-in", { body: { email: `guess${i}@registry.example`, password: PASSWORD }, headers: from });
      expect(a.status).toBe(401);
    }
    const limited = await t.call("POST", "/api/staff/sign-in", { body: { email: "guess99@registry.example", password: PASSWORD }, headers: from });
    expect(limited.status).toBe(429);
    expect(form(limited)).toBe(StaffAccountReason.tooManyTries);
  });

  it("an atomic throttle, as the patients' (docs/decisions/132): 30 simultaneous wrong tries after it opens, at most 1 evaluated", async () => {
    const { link } = await createAdmin(t.db, t.settings, ADMIN, t.clock);
    await setUp(t, link, ADMIN.email);
    for (let i = 0; i < 10; i++) {
      const a = await t.call("POST", "/api/staff/sign-in", {
        body: { email: ADMIN.email, password: `wrong-${i}` },
        headers: { "x-client-address": `203.0.113.${i + 1}` },
      });
      expect(a.status).toBe(401);
    }
    t.advance(60_000 + 1_000);
    const evaluated = async () =>
      (
        await t.db.query<{ n: number }>("select count(*)::int as n from audit_log where action in ('staff.sign-in.failed', 'staff.sign-in.locked')")
      )[0]!.n;
    const before = await evaluated();
    const answers = await Promise.all(
      Array.from({ length: 30 }, (_, i) =>
        t.call("POST", "/api/staff/sign-in", {
          body: { email: ADMIN.email, password: `burst-${i}` },
          headers: { "x-client-address": `198.51.100.${i + 1}` },
        }),
      ),
    );
    const statuses = answers.map((a) => a.status);
    expect(await evaluated()).toBeLessThanOrEqual(before + 1);
    expect(statuses.filter((s) => s === 401).length).toBeLessThanOrEqual(1);
    expect(statuses.filter((s) => s === 429).length).toBeGreaterThanOrEqual(29);
    for (const a of answers.filter((a) => a.status === 429)) expect(Number(a.headers.get("retry-after"))).toBeGreaterThanOrEqual(1);
  });

  it("in demo mode, creates the demo administrator once, its link queued in the outbox and not logged", async () => {
    const lines: Record<string, unknown>[] = [];
    expect(await ensureDemoAdministrator(t.db, t.settings, (e) => lines.push(e), t.clock)).toBe(true);
    expect(await ensureDemoAdministrator(t.db, t.settings, (e) => lines.push(e), t.clock)).toBe(false);
    expect(lines).toHaveLength(1);
    expect(JSON.stringify(lines)).not.toMatch(/token=/);
    const link = await emailedLink(t, DEMO_ADMIN_EMAIL);
    const check = await t.call("POST", "/api/staff/links/check", { body: { token: tokenOf(link) } });
    expect(check.body.results).toEqual({ name: "Demo administrator", email: DEMO_ADMIN_EMAIL });
    expect(await ensureDemoAdministrator(t.db, { ...t.settings, demoMode: false }, (e) => lines.push(e), t.clock)).toBe(false);
  });

  it("a new lab order belongs to the seeded lab (the lowest lab id)", async () => {
    const [lab] = await t.db.query<{ id: number; name: string }>("select id, name from labs");
    expect(lab).toEqual({ id: 1, name: "Registry laboratory" });
    const p = await patientWithScreening(t);
    expect((await selectCenter(t, p, CENTER_A)).status).toBe(200);
    expect(await t.db.query("select lab_id from lab_orders where screening_id = $1", [p.screeningId])).toEqual([{ lab_id: 1 }]);
    const [column] = await t.db.query<{ is_nullable: string }>(
      "select is_nullable from information_schema.columns where table_name = 'lab_orders' and column_name = 'lab_id' and table_schema = current_schema()",
    );
    expect(column).toEqual({ is_nullable: "NO" });
  });

  it("the OpenAPI document describes the staff calls under the staff scheme", () => {
    const doc = registryDocument();
    expect(doc.components?.securitySchemes?.staffToken).toMatchObject({ type: "http", scheme: "bearer" });
    expect(doc.paths?.["/api/staff/me"]?.get?.security).toEqual([{ staffToken: [] }]);
    expect(doc.paths?.["/api/staff/people/{staffId}/disable"]?.post?.security).toEqual([{ staffToken: [] }]);
    // A public call states that it needs no credentials (decision 130).
    expect(doc.paths?.["/api/staff/sign-in"]?.post?.security).toEqual([]);
  });
});
