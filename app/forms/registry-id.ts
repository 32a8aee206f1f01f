/**
 * An id from a URL or a form: the {screeningId} of /select-center/{screeningId}, /lab-tests/{screeningId} and
 * /lab-results/{screeningId}, or a posted center id. Digits only, 1 to 2147483647 (the registry's integer ids).
 * Anything else is no id (null), so a page can say so instead of failing.
 */
const MAX_ID = 2_147_483_647;

export function parseRegistryId(value: string | null | undefined): number | null {
  if (typeof value !== "string" || !/^[0-9]{1,10}$/.test(value)) return null;
  const id = Number(value);
  return id >= 1 && id <= MAX_ID ? id : null;
}
