/** Plain text rules shared by the portal's browser code and the registry (no zod here, so the browser can import it). */

/**
 * The bidirectional formatting characters: embeddings and overrides (U+202A-U+202E), isolates (U+2066-U+2069) and the
 * marks (U+200E, U+200F, U+061C). In a name they can make a document show text in another order than it was typed
 * (e.g. U+202E turns "Ana" into "anA" and everything after it), so documents never show them (docs/decisions/028).
 */
const BIDI_CONTROLS = /[\u202A-\u202E\u2066-\u2069\u200E\u200F\u061C]/g;

/** The text without bidirectional formatting characters (what a document shows; the record keeps what was typed). */
export function withoutBidiControls(text: string): string {
  return text.replace(BIDI_CONTROLS, "");
}
