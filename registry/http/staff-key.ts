import { createHash, timingSafeEqual } from "node:crypto";

/**
 * Constant-time comparison of a staff key given in a header with the configured one (lab, center and program staff;
 * LAB-006, PLT-014, docs/decisions/041). Both are hashed first, so their lengths do not leak; an unset or empty key never
 * matches.
 */
export function sameStaffKey(given: string, expected: string | undefined): boolean {
  if (!expected || !given) return false;
  const digest = (s: string) => createHash("sha256").update(s, "utf8").digest();
  return timingSafeEqual(digest(given), digest(expected));
}
