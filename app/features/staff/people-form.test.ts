import { describe, expect, it } from "vitest";
import { grantsFromForm, grantValues, inviteFromForm } from "./people-form";
import { groupedKey } from "./qr.server";

const invite = { name: "Cora Center", email: "Cora@Hospital.example.org", lang: "es", role: "center", labId: "", centerId: "7" };
const noGrants = { administrator: "", program: "", lab: "", labId: "", center: "", centerId: "" };

describe("the invitation form (docs/decisions/127)", () => {
  it("makes the registry's body: trimmed name, lower-case email, the role with its organisation", () => {
    expect(inviteFromForm(invite)).toEqual({
      ok: true,
      body: { name: "Cora Center", email: "cora@hospital.example.org", lang: "es", grants: [{ role: "center", centerId: 7 }] },
    });
    expect(inviteFromForm({ ...invite, role: "program", lang: "fr" })).toMatchObject({
      ok: true,
      body: { lang: "en", grants: [{ role: "program" }] },
    });
  });
  it("names every missing or wrong field", () => {
    expect(inviteFromForm({ ...invite, name: " ", email: "" })).toEqual({
      ok: false,
      errors: { name: "staffConsole.people.nameRequired", email: "staffConsole.people.emailRequired" },
    });
    expect(inviteFromForm({ ...invite, email: "not an email" })).toEqual({ ok: false, errors: { email: "staffConsole.people.emailInvalid" } });
    expect(inviteFromForm({ ...invite, role: "" })).toEqual({ ok: false, errors: { role: "staffConsole.people.roleRequired" } });
    expect(inviteFromForm({ ...invite, role: "owner" })).toEqual({ ok: false, errors: { role: "staffConsole.people.roleRequired" } });
    expect(inviteFromForm({ ...invite, centerId: "" })).toEqual({ ok: false, errors: { centerId: "staffConsole.people.centerRequired" } });
    expect(inviteFromForm({ ...invite, role: "lab", labId: "0" })).toEqual({ ok: false, errors: { labId: "staffConsole.people.labRequired" } });
    expect(inviteFromForm({ ...invite, centerId: "99999999999" })).toEqual({ ok: false, errors: { centerId: "staffConsole.people.centerRequired" } });
  });
});

describe("the roles form", () => {
  it("answers the ticked roles", () => {
    expect(grantsFromForm({ ...noGrants, administrator: "true", lab: "on", labId: "1" })).toEqual({
      ok: true,
      grants: [{ role: "administrator" }, { role: "lab", labId: 1 }],
    });
  });
  it("refuses a lab or center without its organisation, and no role at all", () => {
    expect(grantsFromForm({ ...noGrants, center: "true" })).toEqual({ ok: false, errors: { centerId: "staffConsole.people.centerRequired" } });
    expect(grantsFromForm(noGrants)).toEqual({ ok: false, errors: { administrator: "staffConsole.people.roleRequired" } });
  });
  it("shows a person's roles as the form's values, and back", () => {
    const grants = [{ role: "program" as const }, { role: "center" as const, centerId: 4 }];
    expect(grantsFromForm(grantValues(grants))).toEqual({ ok: true, grants });
  });
});

describe("the authenticator's key as text", () => {
  it("comes in groups of four", () => {
    expect(groupedKey("ABCDEFGHIJKLMNOP")).toBe("ABCD EFGH IJKL MNOP");
    expect(groupedKey("ABCDEF")).toBe("ABCD EF");
  });
});
