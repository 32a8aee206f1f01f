/**
 * Anything thrown, told in one line: the name, the system error code (ENOSPC, EACCES...) and the message, with
 * control characters removed so a message can never start a new log line. Handles what is not an Error too:
 * PGlite (Emscripten) file system errors are plain objects with a WASI errno, and "[object Object]" helps nobody.
 */
export type ErrorFacts = { error: string; code?: string; message: string };

/** WASI errno numbers that Emscripten's file system throws for the conditions an operator can fix. */
const WASI_ERRNO: Record<number, string> = { 2: "EACCES", 29: "EIO", 44: "ENOENT", 51: "ENOSPC", 63: "EPERM", 69: "EROFS" };
const HINTS: Record<string, string> = {
  ENOSPC: "the disk is full",
  EDQUOT: "the disk quota is used up",
  EACCES: "permission denied",
  EPERM: "operation not permitted",
  EROFS: "the file system is read-only",
  ENOENT: "a file or directory is missing",
  EIO: "input/output error",
};
const MAX_MESSAGE = 500;

// Control characters and line separators become spaces.
// eslint-disable-next-line no-control-regex
const CONTROLS = /[\u0000-\u001f\u007f-\u009f\u2028\u2029]+/g;
const oneLine = (text: string) => text.replace(CONTROLS, " ").trim().slice(0, MAX_MESSAGE);

function field(value: unknown, key: string): unknown {
  return typeof value === "object" && value !== null ? (value as Record<string, unknown>)[key] : undefined;
}

export function describeError(thrown: unknown): ErrorFacts {
  const name = field(thrown, "name");
  const rawCode = field(thrown, "code");
  const errno = field(thrown, "errno");
  const message = field(thrown, "message");
  let code = typeof rawCode === "string" && /^[A-Z0-9_]{2,40}$/.test(rawCode) ? rawCode : undefined;
  if (!code && typeof errno === "number" && !(thrown instanceof Error)) code = WASI_ERRNO[errno];
  let text: string;
  if (typeof message === "string" && message) text = message;
  else if (typeof thrown === "string") text = thrown;
  else if (code && HINTS[code]) text = HINTS[code]!;
  else if (typeof thrown === "object" && thrown !== null) {
    try {
      text = JSON.stringify(thrown) ?? String(thrown);
    } catch {
      text = `an object with the keys ${Object.keys(thrown).slice(0, 10).join(", ") || "(none)"}`;
    }
  } else text = String(thrown);
  const facts: ErrorFacts = {
    error: typeof name === "string" && name ? oneLine(name) : thrown instanceof Error ? "Error" : typeof thrown,
    message: oneLine(code && HINTS[code] && !text.includes(HINTS[code]!) ? `${text} (${HINTS[code]})` : text) || "unknown",
  };
  if (code) facts.code = code;
  return facts;
}

/** The one-line text for stderr when the portal cannot start. */
export function startFailureLine(thrown: unknown): string {
  const facts = describeError(thrown);
  return `Portal failed to start: ${facts.code ? `${facts.code}: ` : ""}${facts.message} [${facts.error}]`;
}
