/** The name of the unique constraint (or index) a statement violated, if that is why it failed. */
export function uniqueViolation(error: unknown): string | undefined {
  if (typeof error !== "object" || error === null) return undefined;
  const e = error as { code?: unknown; constraint?: unknown };
  if (e.code !== "23505") return undefined;
  return typeof e.constraint === "string" ? e.constraint : "";
}
