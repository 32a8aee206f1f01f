import { describe, expect, it } from "vitest";
import type { PortalContext } from "~/platform/context";
import { Session } from "~/platform/session.server";
import type { StaffSessionData } from "~/platform/staff-session";
import { RegistryBusyError, RegistryUnavailableError } from "~/registry/client.server";
import { codeAction, keepLinkToken, linkHolder, requirePending, setupAction, signInAction, welcomeAction } from "./sign-in.server";

/**
 * The staff console's sign-in steps as the portal answers them (docs/decisions/126, 127): the registry is a stand-in
 * that records its calls; the answers are what the routes send back (a kept form, a redirect).
 */

type Call = [string, ...unknown[]];
type Answer = { status: number; success: boolean; results?: unknown; errors?: Record<string, string>; retryAfter?: number };
type Staff = Record<string, (...args: unknown[]) => Promise<Answer>>;

const PERSON = { id: 4, name: "Rosa Admin", email: "rosa@registry.example", lang: "es" as const, grants: [] };
const SIGNED_IN = { token: "st_session", idleExpires: "", absoluteExpires: "", person: PERSON };

function context(staff: Staff, data: StaffSessionData = { csrf: "c" }) {
  const calls: Call[] = [];
  const recorded: Staff = {};
  for (const [name, fn] of Object.entries(staff)) {
    recorded[name] = (...args: unknown[]) => {
      calls.push([name, ...args]);
      return fn(...args);
    };
  }
  const staffSession = new Session<StaffSessionData>(data, false);
  const ctx = { staffSession, registry: { staff: recorded } } as unknown as PortalContext;
  return { ctx, calls, session: staffSession };
}

const form = (fields: Record<string, string>) => {
  const f = new FormData();
  for (const [k, v] of Object.entries(fields)) f.set(k, v);
  return f;
};

/** A kept form (react-router's data()): its status and body. */
function kept(answer: unknown): { status: number; values: Record<string, string>; errors: Record<string, string>; message?: { key: string } } {
  const d = answer as {
    init?: { status?: number };
    data: { values: Record<string, string>; errors: Record<string, string>; message?: { key: string } };
  };
  expect(d.data, "a kept form").toBeDefined();
  return { status: d.init?.status ?? 200, ...d.data };
}

const location = (answer: unknown) => (answer instanceof Response ? answer.headers.get("Location") : null);
const thrownBy = async (f: () => unknown) => {
  try {
    await f();
  } catch (e) {
    return e;
  }
  throw new Error("expected a throw");
};
const down = async (): Promise<Answer> => {
  throw new RegistryUnavailableError("down");
};
const pending = (stage: "code" | "setup", expiresAt = Date.now() + 60_000): StaffSessionData => ({
  csrf: "c",
  pending: { token: "st_pending", stage, email: "rosa@registry.example", expiresAt },
});

describe("POST /staff/sign-in: email and password", () => {
  it("names the missing fields, keeping the email and never the password, without asking the registry", async () => {
    const { ctx, calls } = context({});
    const empty = kept(await signInAction(form({ email: " ", password: "" }), ctx));
    expect(empty).toMatchObject({ status: 400, errors: { email: "validation.emailRequired", password: "validation.passwordRequired" } });
    const noPassword = kept(await signInAction(form({ email: "rosa@registry.example", password: "" }), ctx));
    expect(noPassword.values).toEqual({ email: "rosa@registry.example" });
    expect(calls).toEqual([]);
  });

  it("refuses a value breaking its text rule (NUL, too long) before the registry, keeping what was typed", async () => {
    const { ctx, calls } = context({});
    const nul = kept(await signInAction(form({ email: "a\u0000@b.example", password: "x" }), ctx));
    expect(nul.status).toBe(400);
    expect(nul.errors.email).toBe("validation.invalidCharacters");
    expect(nul.values.email).toBe("a\uFFFD@b.example");
    const long = kept(await signInAction(form({ email: `${"a".repeat(400)}@b.example`, password: "x" }), ctx));
    expect(long.errors.email).toMatch(/^validation\.textTooLong/);
    expect(calls).toEqual([]);
  });

  it("goes to the code step (or the set-up) with the registry's pending token in the cookie only", async () => {
    for (const stage of ["code", "setup"] as const) {
      const { ctx, calls, session } = context({
        signIn: async () => ({ status: 200, success: true, results: { stage, pendingToken: "st_p", expires: "" } }),
      });
      const answer = await signInAction(form({ email: " rosa@registry.example ", password: "pw" }), ctx);
      expect(location(answer)).toBe(stage === "code" ? "/staff/code" : "/staff/setup");
      expect(calls).toEqual([["signIn", "rosa@registry.example", "pw", false]]);
      expect(session.get("pending")).toMatchObject({ token: "st_p", stage, email: "rosa@registry.example" });
      expect(session.get("pending")!.expiresAt).toBeGreaterThan(Date.now());
    }
  });

  it("tells the registry when the surge step found the browser's proof of work solved (its proved lane, decision 134)", async () => {
    for (const proved of [true, false]) {
      const { ctx, calls } = context({
        signIn: async () => ({ status: 200, success: true, results: { stage: "code", pendingToken: "st_p", expires: "" } }),
      });
      await signInAction(form({ email: "rosa@registry.example", password: "pw" }), ctx, async () => ({ ok: true, waitMs: 0, proved }));
      expect(calls).toEqual([["signIn", "rosa@registry.example", "pw", proved]]);
    }
  });

  it("says the sign-in was refused (401), too many tries (429, with the wait), or the registry unreachable (503)", async () => {
    const refused = context({ signIn: async () => ({ status: 401, success: false, errors: { form: "staffAccount.invalidCredentials" } }) });
    const r = kept(await signInAction(form({ email: "rosa@registry.example", password: "pw" }), refused.ctx));
    expect(r).toMatchObject({ status: 401, message: { key: "staffConsole.signIn.invalid" }, values: { email: "rosa@registry.example" } });
    expect(refused.session.get("pending")).toBeUndefined();

    const many = context({ signIn: async () => ({ status: 429, success: false, retryAfter: 42 }) });
    expect(kept(await signInAction(form({ email: "a@b.example", password: "pw" }), many.ctx))).toMatchObject({
      status: 429,
      message: { key: "staffConsole.signIn.tooMany", params: { seconds: "42" } },
    });

    const unreachable = context({ signIn: down });
    expect(kept(await signInAction(form({ email: "a@b.example", password: "pw" }), unreachable.ctx))).toMatchObject({
      status: 503,
      message: { key: "errors.registryDown" },
      values: { email: "a@b.example" },
    });
    const busy = context({
      signIn: async () => {
        throw new RegistryBusyError(2);
      },
    });
    expect(kept(await signInAction(form({ email: "a@b.example", password: "pw" }), busy.ctx)).message).toEqual({ key: "limits.busy" });
  });
});

describe("the pending step", () => {
  it("answers the pending step of that stage while it lasts", () => {
    const { ctx } = context({}, pending("code"));
    expect(requirePending(ctx, "code").token).toBe("st_pending");
  });

  it("a pending step ended, or of the other stage, sends to the sign-in saying to start again", async () => {
    for (const data of [pending("code", Date.now() - 1), pending("setup")]) {
      const { ctx, session } = context({}, data);
      expect(location(await thrownBy(() => requirePending(ctx, "code")))).toBe("/staff/sign-in");
      expect(session.get("pending")).toBeUndefined();
      expect(session.get("flash")).toEqual([{ kind: "status", key: "staffConsole.code.startAgain" }]);
    }
  });

  it("nobody signing in: the sign-in page, saying a sign-in is needed; someone signed in: the console", async () => {
    const nobody = context({});
    expect(location(await thrownBy(() => requirePending(nobody.ctx, "code")))).toBe("/staff/sign-in");
    expect(nobody.session.get("flash")).toEqual([{ kind: "status", key: "staffConsole.session.signInRequired" }]);
    const signedIn = context({}, { csrf: "c", token: "st_session" });
    expect(location(await thrownBy(() => requirePending(signedIn.ctx, "setup")))).toBe("/staff");
  });
});

describe("POST /staff/code: the authenticator's code", () => {
  it("a right code signs in: the session in the cookie, a new CSRF token, a new document", async () => {
    const { ctx, calls, session } = context({ signInCode: async () => ({ status: 200, success: true, results: SIGNED_IN }) }, pending("code"));
    const answer = await codeAction(form({ code: " 123 456 " }), ctx);
    expect(location(answer)).toBe("/staff");
    expect((answer as Response).headers.get("X-Remix-Reload-Document")).toBe("true");
    expect(calls).toEqual([["signInCode", "st_pending", "123 456"]]);
    expect(session.data).toMatchObject({ token: "st_session", staffId: 4, name: "Rosa Admin", lang: "es" });
    expect(session.get("pending")).toBeUndefined();
    expect(session.get("csrf")).not.toBe("c");
  });

  it("an empty code, a wrong code (the step kept), too many tries: the form again with what was typed", async () => {
    const empty = context({}, pending("code"));
    expect(kept(await codeAction(form({ code: "  " }), empty.ctx))).toMatchObject({ status: 400, errors: { code: "staffConsole.code.required" } });

    const wrong = context({ signInCode: async () => ({ status: 401, success: false, errors: { form: "staffAccount.codeWrong" } }) }, pending("code"));
    expect(kept(await codeAction(form({ code: "000000" }), wrong.ctx))).toMatchObject({
      status: 401,
      errors: { code: "staffConsole.code.wrong" },
      values: { code: "000000" },
    });
    expect(wrong.session.get("pending")).toBeDefined();

    const many = context({ signInCode: async () => ({ status: 429, success: false }) }, pending("code"));
    expect(kept(await codeAction(form({ code: "000000" }), many.ctx))).toMatchObject({
      status: 429,
      message: { key: "staffConsole.signIn.tooMany", params: { seconds: "60" } },
    });

    const unreachable = context({ signInCode: down }, pending("code"));
    expect(kept(await codeAction(form({ code: "000000" }), unreachable.ctx))).toMatchObject({ status: 503, values: { code: "000000" } });
    expect(unreachable.session.get("pending")).toBeDefined();

    const nul = context({}, pending("code"));
    expect(kept(await codeAction(form({ code: "12\u000034" }), nul.ctx)).errors.code).toBe("validation.invalidCharacters");
  });

  it("the registry ended the step (the fifth wrong code, its time): the sign-in again, saying so", async () => {
    const { ctx, session } = context(
      { signInCode: async () => ({ status: 401, success: false, errors: { form: "staffAccount.pendingEnded" } }) },
      pending("code"),
    );
    expect(location(await codeAction(form({ code: "000000" }), ctx))).toBe("/staff/sign-in");
    expect(session.get("pending")).toBeUndefined();
    expect(session.get("flash")).toEqual([{ kind: "alert", key: "staffConsole.code.startAgain" }]);
  });
});

describe("a setup link: /staff/welcome", () => {
  it("takes the token out of the address into the cookie, at most 200 characters; none without ?token=", () => {
    const { ctx, session } = context({}, { csrf: "c", token: "st_old" });
    expect(keepLinkToken(ctx, new URL("http://portal.test/staff/welcome"))).toBeNull();
    const answer = keepLinkToken(ctx, new URL("http://portal.test/staff/welcome?token=abc_DEF-123"));
    expect(location(answer)).toBe("/staff/welcome");
    expect(session.get("link")).toMatchObject({ token: "abc_DEF-123" });
    // An earlier sign-in on this browser ends.
    expect(session.get("token")).toBeUndefined();

    const hostile = context({});
    expect(location(keepLinkToken(hostile.ctx, new URL("http://portal.test/staff/welcome?token=a%00b")))).toBe("/staff/welcome");
    expect(hostile.session.get("link")).toBeUndefined();
    const long = context({});
    keepLinkToken(long.ctx, new URL(`http://portal.test/staff/welcome?token=${"x".repeat(5000)}`));
    expect(long.session.get("link")!.token).toHaveLength(200);
  });

  it("whom the link is for: the registry's answer; none for no link, an old one or a refused one; unreachable said", async () => {
    const link = { csrf: "c", link: { token: "tok", expiresAt: Date.now() + 60_000 } };
    const known = context({ checkLink: async () => ({ status: 200, success: true, results: { name: "Rosa", email: "r@x.example" } }) }, link);
    expect(await linkHolder(known.ctx)).toEqual({ reached: true, holder: { name: "Rosa", email: "r@x.example" } });
    expect(known.calls).toEqual([["checkLink", "tok"]]);
    const refused = context({ checkLink: async () => ({ status: 404, success: false }) }, link);
    expect(await linkHolder(refused.ctx)).toEqual({ reached: true, holder: null });
    const none = context({});
    expect(await linkHolder(none.ctx)).toEqual({ reached: true, holder: null });
    const old = context({}, { link: { token: "tok", expiresAt: Date.now() - 1 } });
    expect(await linkHolder(old.ctx)).toEqual({ reached: true, holder: null });
    expect(await linkHolder(context({ checkLink: down }, link).ctx)).toEqual({ reached: false, holder: null });
  });

  const withLink = (): StaffSessionData => ({ csrf: "c", link: { token: "tok", expiresAt: Date.now() + 60_000 } });

  it("checks both passwords before the registry; never sends a password back", async () => {
    const { ctx, calls } = context({});
    const empty = kept(await welcomeAction(form({ password: "", confirmPassword: "" }), context({}, withLink()).ctx));
    expect(empty.errors).toEqual({ password: "validation.passwordRequired", confirmPassword: "validation.confirmPasswordRequired" });
    const differ = kept(await welcomeAction(form({ password: "one-long-password", confirmPassword: "another-one" }), context({}, withLink()).ctx));
    expect(differ).toMatchObject({ status: 400, errors: { confirmPassword: "validation.passwordsDoNotMatch" }, values: {} });
    // Without a link in the cookie: the link is not valid (404).
    expect(kept(await welcomeAction(form({ password: "a", confirmPassword: "a" }), ctx))).toMatchObject({
      status: 404,
      message: { key: "staffConsole.welcome.linkInvalid" },
    });
    expect(calls).toEqual([]);
  });

  it("the registry's password rules, a used link, too many tries, a registry out of reach: said on the form", async () => {
    const body = form({ password: "password1234", confirmPassword: "password1234" });
    const weak = context(
      { acceptLink: async () => ({ status: 400, success: false, errors: { password: "validation.passwordCommon" } }) },
      withLink(),
    );
    expect(kept(await welcomeAction(body, weak.ctx))).toMatchObject({ status: 400, errors: { password: "validation.passwordCommon" } });
    const used = context({ acceptLink: async () => ({ status: 404, success: false, errors: { form: "staffAccount.linkInvalid" } }) }, withLink());
    expect(kept(await welcomeAction(body, used.ctx))).toMatchObject({ status: 404, message: { key: "staffConsole.welcome.linkInvalid" } });
    const other = context({ acceptLink: async () => ({ status: 409, success: false, errors: { form: "staffAccount.other" } }) }, withLink());
    expect(kept(await welcomeAction(body, other.ctx))).toMatchObject({ status: 409, message: { key: "staffConsole.failed" } });
    const many = context({ acceptLink: async () => ({ status: 429, success: false, retryAfter: 5 }) }, withLink());
    expect(kept(await welcomeAction(body, many.ctx))).toMatchObject({ status: 429, message: { params: { seconds: "5" } } });
    const unreachable = context({ acceptLink: down }, withLink());
    expect(kept(await welcomeAction(body, unreachable.ctx))).toMatchObject({ status: 503, message: { key: "errors.registryDown" } });
    expect(unreachable.session.get("link")).toBeDefined();
  });

  it("an accepted password: the link forgotten, the set-up step pending", async () => {
    const { ctx, calls, session } = context(
      { acceptLink: async () => ({ status: 200, success: true, results: { stage: "setup", pendingToken: "st_setup", expires: "" } }) },
      withLink(),
    );
    const answer = await welcomeAction(form({ password: "correct-horse-kidney", confirmPassword: "correct-horse-kidney" }), ctx);
    expect(location(answer)).toBe("/staff/setup");
    expect(calls).toEqual([["acceptLink", "tok", "correct-horse-kidney"]]);
    expect(session.get("link")).toBeUndefined();
    expect(session.get("pending")).toMatchObject({ token: "st_setup", stage: "setup" });
  });
});

describe("POST /staff/setup: the authenticator's first code", () => {
  it("a right code: signed in, the recovery codes kept once for their page", async () => {
    const codes = Array.from({ length: 10 }, (_, i) => `aaaaa-bbbb${i}`);
    const { ctx, session } = context(
      { setup: async () => ({ status: 200, success: true, results: { ...SIGNED_IN, recoveryCodes: codes } }) },
      pending("setup"),
    );
    expect(location(await setupAction(form({ code: "123456" }), ctx))).toBe("/staff/recovery-codes");
    expect(session.data).toMatchObject({ token: "st_session", recoveryCodes: codes });
  });

  it("an empty or wrong code keeps the step; an unreachable registry says so; an ended step starts again", async () => {
    expect(kept(await setupAction(form({ code: "" }), context({}, pending("setup")).ctx)).errors).toEqual({ code: "staffConsole.code.required" });
    const wrong = context({ setup: async () => ({ status: 401, success: false, errors: { form: "staffAccount.codeWrong" } }) }, pending("setup"));
    expect(kept(await setupAction(form({ code: "000000" }), wrong.ctx))).toMatchObject({ status: 401, errors: { code: "staffConsole.setup.wrong" } });
    const unreachable = context({ setup: down }, pending("setup"));
    expect(kept(await setupAction(form({ code: "000000" }), unreachable.ctx)).status).toBe(503);
    const ended = context({ setup: async () => ({ status: 401, success: false, errors: { form: "staffAccount.pendingEnded" } }) }, pending("setup"));
    expect(location(await setupAction(form({ code: "000000" }), ended.ctx))).toBe("/staff/sign-in");
    expect(ended.session.get("flash")).toEqual([{ kind: "alert", key: "staffConsole.code.startAgain" }]);
    // The code step's page never takes the set-up's form.
    expect(location(await thrownBy(() => setupAction(form({ code: "000000" }), context({}, pending("code")).ctx)))).toBe("/staff/sign-in");
  });
});
