import { describe, expect, it } from "vitest";
import { STAFF_ABSOLUTE_LIMIT_MS, STAFF_IDLE_LIMIT_MS, type StaffPerson } from "../../registry/contract/staff-accounts";
import type { PortalContext } from "./context";
import { Session } from "./session.server";
import { endStaffSignIn, grantsOf, requireRole, requireStaffPerson, startStaffSignIn, staffSessionAtRequest } from "./staff-auth.server";
import type { StaffSessionData } from "./staff-session";
import { RegistryUnavailableError } from "~/registry/client.server";

const NOW = 1_800_000_000_000;
const PERSON: StaffPerson = {
  id: 4,
  name: "Lena Lab",
  email: "lena@lab.example",
  lang: "en",
  grants: [
    { role: "lab", labId: 1, organisation: "Registry laboratory" },
    { role: "lab", labId: 2, organisation: "North lab" },
    { role: "center", centerId: 9, organisation: "Lakeside" },
  ],
};

const session = (data: StaffSessionData) => new Session<StaffSessionData>(data, false);
const thrownBy = async (f: () => unknown) => {
  try {
    await f();
  } catch (e) {
    return e as Response;
  }
  throw new Error("expected a throw");
};

describe("a staff sign-in in the console's cookie (docs/decisions/127)", () => {
  it("starts with the registry's session, a fresh CSRF token and both limits counted from now; ends keeping flash and language", () => {
    const s = session({ csrf: "before", recoveryCodes: ["x"], pending: { token: "p", stage: "code", email: "", expiresAt: NOW } });
    startStaffSignIn(s, { token: "st_t", idleExpires: "", absoluteExpires: "", person: { ...PERSON, lang: "es" } }, NOW);
    expect(s.data).toMatchObject({ token: "st_t", staffId: 4, name: "Lena Lab", lang: "es", signedInAt: NOW, lastSeenAt: NOW });
    expect(s.data.pending).toBeUndefined();
    expect(s.data.recoveryCodes).toBeUndefined();
    expect(s.data.csrf).toMatch(/^[A-Za-z0-9_-]{32}$/);
    expect(s.data.csrf).not.toBe("before");

    endStaffSignIn(s, { kind: "status", key: "staffConsole.session.ended" });
    expect(s.data).toEqual({ lang: "es", csrf: expect.any(String), flash: [{ kind: "status", key: "staffConsole.session.ended" }] });
  });
});

describe("the staff session's limits at each request: 15 minutes idle, 12 hours in all", () => {
  const signedIn = (lastSeenAt: number, signedInAt = NOW - 60_000) => session({ token: "st_t", signedInAt, lastSeenAt, csrf: "c" });
  const opts = { activity: true, resolutionMs: 30_000 };

  it("ends a session idle for more than 15 minutes, saying it timed out", () => {
    const s = signedIn(NOW - STAFF_IDLE_LIMIT_MS - 1);
    staffSessionAtRequest(s, NOW, opts);
    expect(s.data.token).toBeUndefined();
    expect(s.data.flash).toEqual([{ kind: "status", key: "staffConsole.session.timedOut" }]);
    const justIn = signedIn(NOW - STAFF_IDLE_LIMIT_MS);
    staffSessionAtRequest(justIn, NOW, opts);
    expect(justIn.data.token).toBe("st_t");
  });

  it("ends a session 12 hours after its sign-in, however active, saying it expired", () => {
    const s = signedIn(NOW - 1000, NOW - STAFF_ABSOLUTE_LIMIT_MS - 1);
    staffSessionAtRequest(s, NOW, opts);
    expect(s.data.token).toBeUndefined();
    expect(s.data.flash).toEqual([{ kind: "status", key: "staffConsole.session.expired" }]);
  });

  it("counts a request as activity at most every resolution; not a tab asking how long is left", () => {
    const recent = signedIn(NOW - 10_000);
    staffSessionAtRequest(recent, NOW, opts);
    expect(recent.data.lastSeenAt).toBe(NOW - 10_000);
    expect(recent.changed).toBe(false);
    const older = signedIn(NOW - 60_000);
    staffSessionAtRequest(older, NOW, opts);
    expect(older.data.lastSeenAt).toBe(NOW);
    const asking = signedIn(NOW - 60_000);
    staffSessionAtRequest(asking, NOW, { ...opts, activity: false });
    expect(asking.data.lastSeenAt).toBe(NOW - 60_000);
    const nobody = session({ csrf: "c" });
    staffSessionAtRequest(nobody, NOW, opts);
    expect(nobody.changed).toBe(false);
  });
});

describe("requireStaffPerson: every staff page starts here", () => {
  const context = (data: StaffSessionData, me: () => Promise<unknown>) => {
    const staffSession = session(data);
    const calls: unknown[] = [];
    const ctx = {
      staffSession,
      registry: {
        staff: {
          me: (token: string) => {
            calls.push(token);
            return me();
          },
        },
      },
    } as unknown as PortalContext;
    return { ctx, staffSession, calls };
  };

  it("the person as the registry knows them now", async () => {
    const { ctx, calls } = context({ token: "st_t" }, async () => ({ success: true, results: { person: PERSON } }));
    expect(await requireStaffPerson(ctx)).toEqual({ token: "st_t", person: PERSON });
    expect(calls).toEqual(["st_t"]);
  });

  it("nobody signed in: the sign-in page, saying a sign-in is needed (not while a sign-in is half done)", async () => {
    const { ctx, staffSession, calls } = context({}, async () => ({}));
    expect((await thrownBy(() => requireStaffPerson(ctx))).headers.get("Location")).toBe("/staff/sign-in");
    expect(staffSession.data.flash).toEqual([{ kind: "status", key: "staffConsole.session.signInRequired" }]);
    expect(calls).toEqual([]);
    const half = context({ pending: { token: "p", stage: "code", email: "", expiresAt: NOW } }, async () => ({}));
    await thrownBy(() => requireStaffPerson(half.ctx));
    expect(half.staffSession.data.flash).toBeUndefined();
  });

  it("a session the registry ended (disabled, signed out elsewhere): forgotten, the sign-in page saying so", async () => {
    const { ctx, staffSession } = context({ token: "st_t", staffId: 4 }, async () => ({ status: 401, success: false }));
    expect((await thrownBy(() => requireStaffPerson(ctx))).headers.get("Location")).toBe("/staff/sign-in");
    expect(staffSession.data.token).toBeUndefined();
    expect(staffSession.data.flash).toEqual([{ kind: "status", key: "staffConsole.session.ended" }]);
  });

  it("a registry out of reach: 503, the session kept", async () => {
    const { ctx, staffSession } = context({ token: "st_t" }, async () => {
      throw new RegistryUnavailableError("down");
    });
    expect((await thrownBy(() => requireStaffPerson(ctx))).status).toBe(503);
    expect(staffSession.data.token).toBe("st_t");
  });
});

describe("requireRole: a page of a role the person does not have is not theirs", () => {
  it("answers the grants of the role, each organisation", () => {
    expect(requireRole(PERSON, "lab").map((g) => g.organisation)).toEqual(["Registry laboratory", "North lab"]);
    expect(grantsOf(PERSON, "center")).toHaveLength(1);
    expect(grantsOf(PERSON, "program")).toEqual([]);
  });

  it("404 for another role, as the registry answers", async () => {
    for (const role of ["program", "administrator"] as const) expect((await thrownBy(() => requireRole(PERSON, role))).status).toBe(404);
  });
});
