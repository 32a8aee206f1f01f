import { RegistryUnavailableError } from "./client.server";

/**
 * A registry call's outcome when the registry may be out of reach: its answer, or the RegistryUnavailableError
 * (down, timed out, busy) the caller turns into a message. Any other error is thrown on: it is a bug, not the
 * registry's weather. The one place that catches RegistryUnavailableError for the routes (an ESLint rule keeps it so).
 */
export type Reached<T> = { reached: true; answer: T } | { reached: false; error: RegistryUnavailableError };

/** Waits for a registry call: its answer, or the unavailability to explain (docs/decisions/115). */
export async function reach<T>(call: Promise<T>): Promise<Reached<T>> {
  try {
    return { reached: true, answer: await call };
  } catch (error) {
    if (error instanceof RegistryUnavailableError) return { reached: false, error };
    throw error;
  }
}

/** A registry call's answer, or `fallback` when the registry cannot be reached. */
export async function answerOr<T, F>(call: Promise<T>, fallback: F): Promise<T | F> {
  const outcome = await reach(call);
  return outcome.reached ? outcome.answer : fallback;
}
