import { describe, expect, it } from "vitest";
import type { StaffPerson } from "../../../registry/contract/staff-accounts";
import type { PortalContext } from "~/platform/context";
import { Session } from "~/platform/session.server";
import type { StaffSessionData } from "~/platform/staff-session";
import { RegistryUnavailableError } from "~/registry/client.server";
import { inviteAction, peopleData, personAction, personOf } from "./people.server";

/** The administrators' pages as the portal answers them (docs/decisions/127), against a stand-in registry. */

const ADMIN: StaffPerson = {
  id: 1,
  name: "Ada Admin",
  email: "ada@registry.example",
  lang: "en",
  grants: [{ role: "administrator", organisation: "" }],
};
const LAB: StaffPerson = { ...ADMIN, id: 2, grants: [{ role: "lab", labId: 1, organisation: "Registry laboratory" }] };
type Answer = { status: number; success: boolean; results?: unknown; errors?: Record<string, string> };

function context(staff: Record<string, (...args: unknown[]) => Promise<Answer>>, person: StaffPerson = ADMIN) {
  const calls: unknown[][] = [];
  const recorded: Record<string, (...args: unknown[]) => Promise<unknown>> = {
    me: async () => ({ status: 200, success: true, results: { person } }),
  };
  for (const [name, fn] of Object.entries(staff))
    recorded[name] = (...args: unknown[]) => {
      calls.push([name, ...args]);
      return fn(...args);
    };
  const staffSession = new Session<StaffSessionData>({ token: "st_t", csrf: "c" }, false);
  return { ctx: { staffSession, registry: { staff: recorded } } as unknown as PortalContext, calls, staffSession };
}

const form = (fields: Record<string, string>) => {
  const f = new FormData();
  for (const [k, v] of Object.entries(fields)) f.set(k, v);
  return f;
};
const kept = (a: unknown) => {
  const d = a as { init?: { status?: number }; data: { values: Record<string, string>; errors: Record<string, string>; message?: { key: string } } };
  return { status: d.init?.status ?? 200, ...d.data };
};
const thrownBy = async (f: () => unknown) => {
  try {
    await f();
  } catch (e) {
    return e as { init?: { status?: number }; status?: number };
  }
  throw new Error("expected a throw");
};
const statusOf = (e: { init?: { status?: number }; status?: number }) => e.init?.status ?? e.status;
const down = async (): Promise<Answer> => {
  throw new RegistryUnavailableError("down");
};
const invite = { name: "Cora Center", email: "cora@hospital.example.org", lang: "en", role: "center", labId: "", centerId: "7" };

describe("the people list", () => {
  it("the people and organisations for an administrator; unavailable said; 404 for others", async () => {
    const ok = context({
      people: async () => ({ status: 200, success: true, results: [] }),
      organisations: async () => ({ status: 200, success: true, results: { labs: [], centers: [] } }),
    });
    expect(await peopleData(ok.ctx)).toEqual({ unavailable: false, people: [], organisations: { labs: [], centers: [] }, me: 1 });
    const unreachable = context({ people: down, organisations: down });
    expect(await peopleData(unreachable.ctx)).toEqual({ unavailable: true });
    expect(statusOf(await thrownBy(() => peopleData(context({}, LAB).ctx)))).toBe(404);
    expect(() => personOf([], "3")).toThrow();
  });
});

describe("POST /staff/people: an invitation", () => {
  it("sends the registry's body and says the invitation went out", async () => {
    const { ctx, calls, staffSession } = context({ invite: async () => ({ status: 200, success: true, results: { id: 9 } }) });
    const answer = (await inviteAction(form(invite), ctx)) as Response;
    expect(answer.headers.get("Location")).toBe("/staff/people");
    expect(calls).toEqual([
      ["invite", "st_t", { name: "Cora Center", email: "cora@hospital.example.org", lang: "en", grants: [{ role: "center", centerId: 7 }] }],
    ]);
    expect(staffSession.get("flash")).toEqual([
      { kind: "status", key: "staffConsole.people.invited", params: { email: "cora@hospital.example.org" } },
    ]);
  });

  it("keeps what was typed with each error: the form's, the registry's (email taken, refused) and an unreachable registry", async () => {
    const none = context({});
    expect(kept(await inviteAction(form({ ...invite, email: "nope" }), none.ctx))).toMatchObject({
      status: 400,
      errors: { email: "staffConsole.people.emailInvalid" },
      values: { name: "Cora Center", email: "nope" },
    });
    expect(kept(await inviteAction(form({ ...invite, name: "Cora\u0000" }), none.ctx)).errors.name).toBe("validation.invalidCharacters");
    expect(none.calls).toEqual([]);
    const taken = context({ invite: async () => ({ status: 409, success: false, errors: { form: "staffAccount.emailTaken" } }) });
    expect(kept(await inviteAction(form(invite), taken.ctx))).toMatchObject({ status: 409, errors: { email: "staffConsole.people.emailTaken" } });
    const refused = context({ invite: async () => ({ status: 400, success: false, errors: { form: "staffAccount.unknownOrganisation" } }) });
    expect(kept(await inviteAction(form(invite), refused.ctx))).toMatchObject({ status: 400, message: { key: "staffConsole.failed" } });
    const unreachable = context({ invite: down });
    expect(kept(await inviteAction(form(invite), unreachable.ctx))).toMatchObject({ status: 503, values: { email: "cora@hospital.example.org" } });
  });

  it("is an administrator's only: 404 for a lab person, before anything is sent", async () => {
    const { ctx, calls } = context({ invite: async () => ({ status: 200, success: true }) }, LAB);
    expect(statusOf(await thrownBy(() => inviteAction(form(invite), ctx)))).toBe(404);
    expect(calls).toEqual([]);
  });
});

describe("POST /staff/people/{id}: roles, disabling, a new link", () => {
  const registry = {
    setGrants: async () => ({ status: 200, success: true }),
    disable: async () => ({ status: 200, success: true }),
    newLink: async () => ({ status: 200, success: true }),
  };

  it("does what the intent says, and only that", async () => {
    const grants = context(registry);
    const saved = (await personAction(form({ intent: "grants", program: "true" }), grants.ctx, "5")) as Response;
    expect(saved.headers.get("Location")).toBe("/staff/people/5");
    expect(grants.calls).toEqual([["setGrants", "st_t", 5, [{ role: "program" }]]]);
    const disable = context(registry);
    await personAction(form({ intent: "disable" }), disable.ctx, "5");
    expect(disable.calls).toEqual([["disable", "st_t", 5]]);
    const link = context(registry);
    await personAction(form({ intent: "link" }), link.ctx, "5");
    expect(link.calls).toEqual([["newLink", "st_t", 5]]);
  });

  it("a missing or unknown intent asks nothing of the registry (never a new link, which resets the factors)", async () => {
    for (const fields of [{}, { intent: "" }, { intent: "lnk" }, { intent: "link\u0000" }] as Record<string, string>[]) {
      const { ctx, calls } = context(registry);
      expect(statusOf(await thrownBy(() => personAction(form(fields), ctx, "5")))).toBe(400);
      expect(calls).toEqual([]);
    }
  });

  it("a bad id is 404; the registry's refusals are said: own account, unknown person, unreachable", async () => {
    for (const id of ["0", "-1", "abc", "99999999999", undefined])
      expect(statusOf(await thrownBy(() => personAction(form({ intent: "disable" }), context(registry).ctx, id)))).toBe(404);
    const own = context({ disable: async () => ({ status: 409, success: false, errors: { form: "staffAccount.ownAccount" } }) });
    await personAction(form({ intent: "disable" }), own.ctx, "1");
    expect(own.staffSession.get("flash")).toEqual([{ kind: "alert", key: "staffConsole.people.ownAccount" }]);
    const ownRoles = context({ setGrants: async () => ({ status: 409, success: false, errors: { form: "staffAccount.ownAccount" } }) });
    expect(kept(await personAction(form({ intent: "grants", program: "true" }), ownRoles.ctx, "1"))).toMatchObject({
      status: 409,
      message: { key: "staffConsole.people.ownAccount" },
    });
    const unknown = context({ newLink: async () => ({ status: 404, success: false }) });
    expect(statusOf(await thrownBy(() => personAction(form({ intent: "link" }), unknown.ctx, "8")))).toBe(404);
    const unreachable = context({ disable: down, setGrants: down });
    await personAction(form({ intent: "disable" }), unreachable.ctx, "5");
    expect(unreachable.staffSession.get("flash")).toEqual([{ kind: "alert", key: "errors.registryDown" }]);
    expect(kept(await personAction(form({ intent: "grants", program: "true" }), unreachable.ctx, "5")).status).toBe(503);
    expect(kept(await personAction(form({ intent: "grants" }), context(registry).ctx, "5")).errors).toEqual({
      administrator: "staffConsole.people.roleRequired",
    });
  });
});
