import { codeHint, errorCode, readableErrorName } from "../registry/db/faults";

/**
 * Anything thrown, told in one line: a readable name (never a minified class name: docs/decisions/086), the system
 * error code or SQLSTATE (ENOSPC, ECONNREFUSED, 57014...) and the message with what the code means, with control
 * characters removed so a message can never start a new log line. Handles what is not an Error too: PGlite
 * (Emscripten) file system errors are plain objects with a WASI errno, and "[object Object]" helps nobody.
 */
export type ErrorFacts = { error: string; code?: string; message: string };

const MAX_MESSAGE = 500;

// Control characters and line separators become spaces.
// eslint-disable-next-line no-control-regex
const CONTROLS = /[\u0000-\u001f\u007f-\u009f\u2028\u2029]+/g;
const oneLine = (text: string) => text.replace(CONTROLS, " ").trim().slice(0, MAX_MESSAGE);

function field(value: unknown, key: string): unknown {
  return typeof value === "object" && value !== null ? (value as Record<string, unknown>)[key] : undefined;
}

export function describeError(thrown: unknown): ErrorFacts {
  const message = field(thrown, "message");
  const code = errorCode(thrown);
  const hint = codeHint(code);
  let text: string;
  if (typeof message === "string" && message) text = message;
  else if (typeof thrown === "string") text = thrown;
  else if (hint) text = hint;
  else if (typeof thrown === "object" && thrown !== null) {
    try {
      text = JSON.stringify(thrown) ?? String(thrown);
    } catch {
      text = `an object with the keys ${Object.keys(thrown).slice(0, 10).join(", ") || "(none)"}`;
    }
  } else text = String(thrown);
  const facts: ErrorFacts = {
    error: oneLine(readableErrorName(thrown)),
    message: oneLine(hint && !text.includes(hint) ? `${text} (${hint})` : text) || "unknown",
  };
  if (code) facts.code = code;
  return facts;
}

/** The one-line text for stderr when the portal cannot start. */
export function startFailureLine(thrown: unknown): string {
  const facts = describeError(thrown);
  return `Portal failed to start: ${facts.code ? `${facts.code}: ` : ""}${facts.message} [${facts.error}]`;
}
