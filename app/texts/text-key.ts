import { messageOf } from "../../registry/contract/validation-keys";
import type { TextKey } from "./texts";

/**
 * Where a text's key is not written out in the code (docs/decisions/074). Type-only or plain: browser code imports it.
 * Keys from outside the portal (the registry's answers) become TextKeys in text-key.server.ts, checked against English.
 */

/** The last parts of the keys under `prefix`: `KeyUnder<"language">` is "en" | "es". */
export type KeyUnder<P extends string, K extends string = TextKey> = K extends `${P}.${infer Rest}` ? Rest : never;

/** The names of the groups of keys directly under `prefix` (each medical history question's id, for one). */
export type KeyGroup<P extends string> = KeyUnder<P> extends infer R ? (R extends `${infer G}.${string}` ? G : never) : never;

/**
 * A field error as forms carry it (FieldErrors, the registry's `errors`): a key, or a key with the parameters of its
 * message (`key?max=100`, registry/contract/validation-keys.ts `withParams`). The second form is one template, not
 * one per key with a placeholder: with the staff console's texts, a union of every key twice passed what TypeScript
 * reduces (TS2590). Keys from outside are still checked against English (text-key.server.ts `fieldError`).
 */
export type FieldError = TextKey | `${string}.${string}?${string}`;

/** The key and parameters of a field error, for `t(...fieldMessage(error))`. */
export function fieldMessage(error: FieldError): [TextKey, Record<string, string>] {
  // The part before "?" is a TextKey: FieldError allows nothing else there.
  return messageOf(error) as [TextKey, Record<string, string>];
}
