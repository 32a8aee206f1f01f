import { format } from "node:util";
import { describeError } from "./describe-error";
import type { Log } from "./logger";

const MAX_MESSAGE = 300;
// Control characters and line separators end the text: only a message's first line is kept (no stack traces).
// eslint-disable-next-line no-control-regex
const LINE_END = /[\u0000-\u001f\u007f-\u009f\u2028\u2029]/;

/** The first line of what a library printed, without query strings (where reset and invite tokens travel). */
function firstLine(args: unknown[]): string {
  const text = format(...args.map((a) => (a instanceof Error ? `${a.name}: ${a.message}` : a)));
  return text.split(LINE_END)[0]!.replace(/\?\S*/g, "?…").trim().slice(0, MAX_MESSAGE);
}

/**
 * The log stays JSON lines only (docs/decisions/018, 088): what the libraries print on their own (React Router's
 * `warning()` and `console.error` calls, React's, Node's process warnings) goes through `log` as one line, a warning
 * at level "warn" and an error at level "error", with the first line of its message and never a stack. `log()` is
 * read at each call, so the logger made from the settings is used once it exists.
 */
export function routeConsoleToLog(log: () => Log): void {
  const info = (...args: unknown[]) => log()({ level: "info", msg: "library message", message: firstLine(args) });
  const warn = (...args: unknown[]) => log()({ level: "warn", msg: "library warning", message: firstLine(args) });
  const error = (...args: unknown[]) => {
    const thrown = args.find((a) => a instanceof Error);
    log()({ level: "error", msg: "library error", ...(thrown ? describeError(thrown) : {}), message: firstLine(args) });
  };
  Object.assign(console, { log: info, info, debug: info, warn, trace: warn, error });
  // Node prints process warnings (deprecations, MaxListenersExceeded...) to stderr through its own listener.
  process.removeAllListeners("warning");
  process.on("warning", (w) => log()({ level: "warn", msg: "process warning", ...describeError(w) }));
}
