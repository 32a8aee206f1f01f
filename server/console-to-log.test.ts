import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { routeConsoleToLog } from "./console-to-log";

describe("routeConsoleToLog (docs/decisions/088)", () => {
  const saved = { ...console };
  const savedWarningListeners = process.listeners("warning");
  let lines: Record<string, unknown>[] = [];
  beforeEach(() => {
    lines = [];
    routeConsoleToLog(() => (entry) => lines.push(entry));
  });
  afterEach(() => {
    Object.assign(console, saved);
    process.removeAllListeners("warning");
    for (const listener of savedWarningListeners) process.on("warning", listener);
  });

  it("turns a library's warning into one log entry at level warn: first line only, no query string", () => {
    console.warn('The URL path "/x%E0" could not be decoded\n    at decodePath (react-router.mjs:851)');
    console.warn("No routes matched location %s", "/reset-password?h=secret-token");
    expect(lines).toEqual([
      { level: "warn", msg: "library warning", message: 'The URL path "/x%E0" could not be decoded' },
      { level: "warn", msg: "library warning", message: "No routes matched location /reset-password?…" },
    ]);
  });

  it("turns console.error with an Error into one entry at level error, without the stack", () => {
    const error = Object.assign(new Error("disk full\nsecond line"), { code: "ENOSPC" });
    console.error(error);
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({ level: "error", msg: "library error", error: "Error", code: "ENOSPC", message: "Error: disk full" });
    expect(JSON.stringify(lines)).not.toContain("    at ");
  });

  it("routes console.log and Node's process warnings too", async () => {
    // eslint-disable-next-line no-console -- what a library prints on its own
    console.log("hello");
    process.emitWarning("something is deprecated", { code: "DEP0999", type: "DeprecationWarning" });
    await new Promise((r) => setImmediate(r));
    expect(lines).toEqual([
      { level: "info", msg: "library message", message: "hello" },
      { level: "warn", msg: "process warning", error: "DeprecationWarning", code: "DEP0999", message: "something is deprecated" },
    ]);
  });
});
