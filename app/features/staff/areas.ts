import type { StaffGrantNamed, StaffRoleValue } from "../../../registry/contract/staff-accounts";
import type { TextKey } from "~/texts/texts";

/**
 * The console's areas, each for one role (docs/decisions/127): the home page links to the areas of the person's
 * roles. An area's page checks the role again (requireRole), and the registry checks it on every call.
 */
export type StaffArea = { role: StaffRoleValue; to: string; title: TextKey; text: TextKey };

export const STAFF_AREAS: readonly StaffArea[] = [
  { role: "administrator", to: "/staff/people", title: "staffConsole.home.people", text: "staffConsole.home.peopleText" },
  { role: "lab", to: "/staff/lab", title: "staffLab.area", text: "staffLab.areaText" },
  { role: "center", to: "/staff/center", title: "staffCenter.home.title", text: "staffCenter.home.text" },
  { role: "program", to: "/staff/program", title: "staffProgram.home.program", text: "staffProgram.home.programText" },
  { role: "administrator", to: "/staff/audit", title: "staffProgram.home.audit", text: "staffProgram.home.auditText" },
];

/** The areas of these grants, each once. */
export function areasFor(grants: readonly StaffGrantNamed[]): StaffArea[] {
  const roles = new Set(grants.map((g) => g.role));
  return STAFF_AREAS.filter((a) => roles.has(a.role));
}

/** A grant as the console names it: its role, and its organisation where it has one ("Lab: Registry laboratory"). */
export function grantLabel(grant: StaffGrantNamed, t: (key: TextKey, params?: Record<string, string>) => string): string {
  const role = t(`staffConsole.roles.${grant.role}`);
  return grant.organisation ? t("staffConsole.roles.withOrganisation", { role, organisation: grant.organisation }) : role;
}
