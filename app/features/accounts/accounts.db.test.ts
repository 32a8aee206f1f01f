import { describe, expect, it } from "vitest";
import { createInvite } from "../../../registry/commands/create-invite";
import { testDatabases } from "../../../registry/db/test-databases";
import { issueToken } from "../../../registry/domain/tokens";
import { TEST_SETTINGS, useRegistry, validRegistration } from "../../../registry/testing/harness";
import { resetView } from "./password-form";
import { createRegistryClient } from "~/registry/client.server";
import { Session } from "~/platform/session.server";
import { issueFormStamp } from "./bot-check.server";
import { resendAction, sendAction, verifyAction } from "./confirm.server";
import { loginAction } from "./login.server";
import { forgotAction, resetAction } from "./password.server";
import { BOT_PURPOSE, registerAction } from "./register.server";
import type { FormFailure } from "~/forms/types";
import type { PortalContext } from "~/platform/context";

/**
 * The account forms of the portal against the reference registry (in-memory PGlite, its clock under the test's
 * control): what the e2e journeys cannot reach without a backdoor (an expired code, an invite, reset reasons).
 */
const MINUTE = 60_000;
const formKey = new Uint8Array(32).fill(3);

function form(fields: Record<string, string>): FormData {
  const f = new FormData();
  for (const [k, v] of Object.entries(fields)) f.set(k, v);
  return f;
}

/** What an action answered: a redirect's location, or the form handed back. */
async function outcome(result: unknown): Promise<{ location?: string; failure?: FormFailure }> {
  if (result instanceof Response) return { location: result.headers.get("Location") ?? undefined };
  const d = result as { data?: FormFailure; init?: unknown };
  return { failure: (d.data ?? result) as FormFailure };
}

async function run(action: Promise<unknown>) {
  try {
    return await outcome(await action);
  } catch (thrown) {
    return outcome(thrown);
  }
}

describe.each(testDatabases().slice(0, 1))("account forms against the registry ($name)", (target) => {
  const t = useRegistry(target);
  const context = (session = new Session({ csrf: "c" }, true)): PortalContext =>
    ({
      session,
      registry: createRegistryClient({ fetch: (request) => t.handler(request), baseUrl: "http://registry.test" }),
      formKey,
      lang: "en",
      clientAddress: "203.0.113.7",
      log: () => {},
    }) as unknown as PortalContext;
  const signedIn = (medicalRecordId: number) => {
    const { token } = issueToken(TEST_SETTINGS.tokenSecret, medicalRecordId, t.clock);
    return new Session({ token, tokenExpires: new Date(Date.now() + 60 * MINUTE).toISOString(), medicalRecordId, csrf: "c" }, false);
  };
  const lastCode = async (to: string) => {
    const [row] = await t.db.query<{ text_body: string }>("select text_body from outbox where to_address = $1 order by id desc limit 1", [to]);
    return /\b(\d{6})\b/.exec(row!.text_body)![1]!;
  };

  it("a code older than 30 minutes reads 'The code you entered has expired'; a wrong one 'doesn't match'", async () => {
    const p = await t.register(1);
    const session = signedIn(p.medicalRecordId);
    expect((await run(sendAction(form({ value: p.email }), context(session), "email"))).location).toBe("/confirm?code=email");
    const code = await lastCode(p.email);
    const wrong = String((Number(code) + 1) % 1_000_000).padStart(6, "0");

    const refused = await run(verifyAction(form({ code: wrong }), context(session)));
    expect(refused.failure?.errors).toEqual({ code: "confirm.codeInvalid" });
    expect(refused.failure?.values.code).toBe(wrong);

    t.advance(31 * MINUTE);
    const late = signedIn(p.medicalRecordId);
    late.set("pendingCode", session.get("pendingCode"));
    const expired = await run(verifyAction(form({ code: `${code.slice(0, 3)}-${code.slice(3)}` }), context(late)));
    expect(expired.failure?.errors).toEqual({ code: "confirm.codeExpired" });
  });

  it("after 5 wrong tries the code reads 'locked' (not 'expired'); 'Send a new code' gives one that confirms (docs/decisions/039)", async () => {
    const p = await t.register(1);
    const session = signedIn(p.medicalRecordId);
    expect((await run(sendAction(form({ value: p.email }), context(session), "email"))).location).toBe("/confirm?code=email");
    const code = await lastCode(p.email);
    const wrong = String((Number(code) + 1) % 1_000_000).padStart(6, "0");
    for (let i = 0; i < 5; i++)
      expect((await run(verifyAction(form({ code: wrong }), context(session)))).failure?.errors).toEqual({ code: "confirm.codeInvalid" });
    const locked = await run(verifyAction(form({ code }), context(session)));
    expect(locked.failure?.errors).toEqual({ code: "mfa.codeLocked" });
    expect(locked.failure?.values.code).toBe(code);

    t.advance(2 * MINUTE);
    expect((await run(resendAction(context(session)))).location).toBe("/confirm?code=email");
    const fresh = await lastCode(p.email);
    expect((await run(verifyAction(form({ code: fresh }), context(session)))).location).toBe("/confirm");
    expect(session.get("pendingCode")).toBeUndefined();
  });

  it("an invite pre-fills the registration and is used once; a second use is refused with its reason (ACC-004)", async () => {
    const invite = await createInvite(t.db, TEST_SETTINGS, { firstName: "Iris", lastName: "Vega", email: "iris@example.org" }, t.clock);
    const token = new URL(invite.link).searchParams.get("token")!;
    const info = await context().registry.validateInvite(token, "203.0.113.7");
    expect(info.results).toEqual({ isValid: true, firstName: "Iris", lastName: "Vega", email: "iris@example.org" });

    const fields = (n: number): Record<string, string> => {
      const r = validRegistration(n, { firstName: "Iris", lastName: "Vega", email: "iris@example.org", postalCode: "62701", city: "Springfield" });
      const out: Record<string, string> = {};
      for (const [k, v] of Object.entries(r)) out[k] = typeof v === "boolean" ? (v ? "true" : "") : String(v);
      return {
        ...out,
        confirmPassword: out.password!,
        inviteToken: token,
        formIssued: issueFormStamp(formKey, BOT_PURPOSE, Date.now() - 10_000),
        website: "",
      };
    };
    const session = new Session({ csrf: "c" }, true);
    expect((await run(registerAction(form(fields(1)), context(session)))).location).toBe("/landing");
    expect(session.get("token")).toBeTruthy();
    expect(await t.count("if_registrations")).toBe(1);

    const again = await run(registerAction(form({ ...fields(2), email: "iris@example.org" }), context()));
    expect(again.failure?.message?.key).toBe("register.inviteInvalid");
    expect(again.failure?.values.firstName).toBe("Iris");
    expect(again.failure?.values).not.toHaveProperty("password");
  });

  it("reset reasons come back by statusId, and the token never goes into a URL", async () => {
    const p = await t.register(2);
    expect((await run(forgotAction(form({ email: p.email }), context()))).location).toBe("/register?forgot=sent");
    const [row] = await t.db.query<{ text_body: string }>("select text_body from outbox where to_address = $1 order by id desc limit 1", [p.email]);
    const link = new URL(/https?:\/\/\S+/.exec(row!.text_body)![0]);
    const token = link.searchParams.get("h")!;
    const newPassword = "a completely new passphrase 9";

    const session = new Session({ csrf: "c" }, true);
    const mismatch = await run(
      resetAction(
        form({ resetToken: token, email: "someone.else@example.org", password: newPassword, confirmPassword: newPassword }),
        context(session),
      ),
    );
    expect(mismatch.location).toBe("/register?reset=1");
    expect(mismatch.location).not.toContain(token);
    expect(resetView(session.get("resetOutcome"))).toEqual({ kind: "failed", reasonKey: "reset.reasonEmailMismatch" });

    const common = await run(
      resetAction(form({ resetToken: token, email: p.email, password: "password1234", confirmPassword: "password1234" }), context()),
    );
    expect(common.failure?.errors.password).toBe("validation.passwordCommon");

    const done = new Session({ csrf: "c" }, true);
    await run(resetAction(form({ resetToken: token, email: p.email, password: newPassword, confirmPassword: newPassword }), context(done)));
    expect(resetView(done.get("resetOutcome"))).toEqual({ kind: "done" });

    t.advance(61 * MINUTE);
    const used = new Session({ csrf: "c" }, true);
    await run(resetAction(form({ resetToken: token, email: p.email, password: newPassword, confirmPassword: newPassword }), context(used)));
    expect(resetView(used.get("resetOutcome"))).toEqual({ kind: "failed", reasonKey: "reset.reasonLinkInvalid" });
  });

  it("over a per-connection limit, sign-in, forgot password and code entry come back as typed with how long to wait", async () => {
    const address = { "x-client-address": "203.0.113.7" };
    const p = await t.register(1);
    const session = signedIn(p.medicalRecordId);
    expect((await run(sendAction(form({ value: p.email }), context(session), "email"))).location).toBe("/confirm?code=email");
    for (let i = 0; i < 30; i++) {
      await t.call("POST", "/authenticate", { body: { email: `typo${i % 5}@example.org`, password: "wrong" }, headers: address });
      await t.call("POST", `/api/mfa/update-confirmation?medicalRecordId=${p.medicalRecordId}`, {
        token: p.token,
        body: { code: "000000", value: p.email, isEmail: true },
        headers: address,
      });
    }
    for (let i = 0; i < 20; i++) await t.call("POST", `/forgot-password?emailAddress=x${i}%40example.org`, { headers: address });

    const login = await run(loginAction(form({ email: p.email, password: p.password }), context()));
    // ACC-037: the sign-in also says when it opens again (HH:MM UTC) and carries the moment for the countdown.
    expect(login.failure?.message).toMatchObject({ key: "login.tooManyAt", params: { minutes: "15", time: expect.stringMatching(/^\d\d:\d\d$/) } });
    expect(login.failure?.values).toEqual({ email: p.email });
    const forgot = await run(forgotAction(form({ email: p.email }), context()));
    expect(forgot.failure?.message).toEqual({ key: "limits.tooManyMinutes", params: { minutes: "60" } });
    expect(forgot.failure?.values).toEqual({ email: p.email });
    const code = await run(verifyAction(form({ code: "123 456" }), context(session)));
    expect(code.failure?.message).toEqual({ key: "limits.tooManyMinutes", params: { minutes: "60" } });
    expect(code.failure?.values).toEqual({ code: "123 456" });
    // Another connection is not held up.
    const elsewhere = { ...context(), clientAddress: "203.0.113.99" } as PortalContext;
    expect((await run(loginAction(form({ email: p.email, password: p.password }), elsewhere))).location).toBe("/landing");
  });
});

describe("registry down", () => {
  it("the registration comes back as typed (no password) with 'We could not save this just now'", async () => {
    // The phone check answers (register.server.test.ts covers it failing); the registration itself cannot get through.
    const available = () => Response.json({ success: true, results: { isValid: true, status: "valid" }, message: null });
    const context = {
      session: new Session({ csrf: "c" }, true),
      registry: createRegistryClient({
        fetch: (request) =>
          new URL(request.url).pathname === "/validate-phone" ? Promise.resolve(available()) : Promise.reject(new Error("ECONNREFUSED")),
        baseUrl: "http://registry.test",
      }),
      formKey,
      lang: "en",
      clientAddress: "203.0.113.8",
      log: () => {},
    } as unknown as PortalContext;
    const r = validRegistration(5);
    const fields: Record<string, string> = {};
    for (const [k, v] of Object.entries(r)) fields[k] = typeof v === "boolean" ? (v ? "true" : "") : String(v);
    fields.confirmPassword = fields.password!;
    fields.formIssued = issueFormStamp(formKey, BOT_PURPOSE, Date.now() - 10_000);
    const answer = await run(registerAction(form(fields), context));
    expect(answer.failure?.message?.key).toBe("errors.notSaved");
    expect(answer.failure?.values.firstName).toBe("Ana");
    expect(answer.failure?.values.phoneNumber).toBe("(555) 210-0005");
    expect(answer.failure?.values).not.toHaveProperty("password");
    expect(answer.failure?.values).not.toHaveProperty("confirmPassword");
  });

  it("a registry busy hashing passwords (503 limits.busy): the sign-in comes back as typed with 'very busy, try again in a moment'", async () => {
    const context = {
      session: new Session({ csrf: "c" }, true),
      registry: createRegistryClient({
        fetch: async () =>
          Response.json(
            { success: false, results: null, message: "busy", errors: { form: "limits.busy" } },
            { status: 503, headers: { "retry-after": "2" } },
          ),
        baseUrl: "http://registry.test",
      }),
      lang: "en",
      clientAddress: "203.0.113.8",
      log: () => {},
    } as unknown as PortalContext;
    const answer = await run(loginAction(form({ email: "ana@example.org", password: "kidney-walrus-battery" }), context));
    expect(answer.failure?.message?.key).toBe("limits.busy");
    expect(answer.failure?.values).toEqual({ email: "ana@example.org" });
  });

  it("forgot password says the registry could not be reached (not 'You should receive an email...'), the email kept", async () => {
    const context = {
      session: new Session({ csrf: "c" }, true),
      registry: createRegistryClient({ fetch: () => Promise.reject(new Error("ECONNREFUSED")), baseUrl: "http://registry.test" }),
      lang: "en",
      clientAddress: "203.0.113.8",
      log: () => {},
    } as unknown as PortalContext;
    const answer = await run(forgotAction(form({ email: "rosa@example.org" }), context));
    expect(answer.location).toBeUndefined();
    expect(answer.failure?.message?.key).toBe("errors.registryDown");
    expect(answer.failure?.values.email).toBe("rosa@example.org");
  });
});
