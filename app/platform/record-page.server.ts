import { readPassRecord } from "./auth.server";
import type { PortalContext } from "~/platform/context";

export type PassRecord = NonNullable<Awaited<ReturnType<typeof readPassRecord>>>;

/**
 * The loader of a page built from the patient's record (/confirm, /profile, /landing): reads it (signed out, the
 * sign-in redirect), then gives the page's data, or `{ unavailable: true }` when the registry cannot answer (the
 * page shows RegistryDownPage).
 */
export async function recordPage<T extends object>(context: PortalContext, page: (record: PassRecord) => T | Promise<T>) {
  const record = await readPassRecord(context);
  if (!record) return { unavailable: true as const };
  return { unavailable: false as const, ...(await page(record)) };
}
