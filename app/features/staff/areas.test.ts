import { describe, expect, it } from "vitest";
import type { StaffGrantNamed } from "../../../registry/contract/staff-accounts";
import { translator } from "~/texts/texts.server";
import { areasFor, grantLabel, STAFF_AREAS } from "./areas";

const lab: StaffGrantNamed = { role: "lab", labId: 1, organisation: "Registry laboratory" };
const center: StaffGrantNamed = { role: "center", centerId: 3, organisation: "Lakeside Kidney Institute" };
const program: StaffGrantNamed = { role: "program", organisation: "" };
const administrator: StaffGrantNamed = { role: "administrator", organisation: "" };

describe("the console's areas by role (docs/decisions/127)", () => {
  it("gives each role its areas only, each once however many organisations", () => {
    expect(areasFor([lab, { ...lab, labId: 2, organisation: "North" }]).map((a) => a.to)).toEqual(["/staff/lab"]);
    expect(areasFor([center]).map((a) => a.to)).toEqual(["/staff/center"]);
    expect(areasFor([program]).map((a) => a.to)).toEqual(["/staff/program"]);
    expect(areasFor([administrator]).map((a) => a.to)).toEqual(["/staff/people", "/staff/audit"]);
    expect(areasFor([program, administrator, lab, center]).map((a) => a.to)).toEqual(STAFF_AREAS.map((a) => a.to));
    expect(areasFor([])).toEqual([]);
  });

  it("names a grant by its role and organisation, in the page's language", () => {
    const en = translator("en");
    expect(grantLabel(lab, en)).toContain("Registry laboratory");
    expect(grantLabel(program, en)).toBe(en("staffConsole.roles.program"));
    const es = translator("es");
    expect(grantLabel(center, es)).toContain("Lakeside Kidney Institute");
    expect(grantLabel(center, es)).toContain(es("staffConsole.roles.center"));
    expect(es("staffConsole.roles.center")).not.toBe(en("staffConsole.roles.center"));
  });
});
