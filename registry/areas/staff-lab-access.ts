import { StaffRole, type StaffGrantNamed } from "../contract/staff-accounts";
import type { Actor } from "../data/audit";
import { grantOrganisation } from "../data/staff-people";
import type { Ctx } from "../http/context";
import { auditStaff, type GrantOf, type SignedInStaff } from "../http/staff";

/**
 * Who of a lab may act on a lab order (docs/decisions/133, "Lab"), shared by the lab's console (staff-lab.ts) and the
 * requisition calls of /update-labs (labs.ts): a lab person's grant of the order's lab, or nothing.
 */

/** The person's lab grant for this lab, or null. */
export function labGrantOf(staff: SignedInStaff, labId: number): GrantOf<typeof StaffRole.lab> | null {
  return staff.grants.find((g): g is GrantOf<typeof StaffRole.lab> => g.role === StaffRole.lab && g.labId === labId) ?? null;
}

/** The audit actor of a lab person acting under their grant. */
export function staffActor(staff: SignedInStaff, grant: StaffGrantNamed): Actor {
  return { kind: "staff", id: staff.person.id, role: grant.role, organisation: grantOrganisation(grant) };
}

/**
 * Another lab's order, or one nobody has: written to the audit as `staff.refused` naming the person and the lab
 * they hold (the caller answers 404, the same for both, so an order's existence is never revealed).
 */
export async function refuseLabOrder(ctx: Ctx, staff: SignedInStaff, grant: StaffGrantNamed, detail: Record<string, string | number>): Promise<void> {
  await auditStaff(ctx.db, staff, grant, "staff.refused", {
    at: ctx.now(),
    detail: { role: StaffRole.lab, path: ctx.url.pathname.slice(0, 200), ...detail },
  });
}
