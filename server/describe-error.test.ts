import { describe, expect, it } from "vitest";
import { describeError, startFailureLine } from "./describe-error";

describe("describeError", () => {
  it("tells a Node system error with its code", () => {
    const error = Object.assign(new Error("ENOSPC: no space left on device, write"), { code: "ENOSPC", errno: -28, syscall: "write" });
    expect(describeError(error)).toEqual({ error: "Error", code: "ENOSPC", message: "ENOSPC: no space left on device, write (the disk is full)" });
    expect(startFailureLine(error)).toBe("Portal failed to start: ENOSPC: ENOSPC: no space left on device, write (the disk is full) [Error]");
  });

  it("tells an Emscripten (PGlite) file system error that is a plain object with a WASI errno", () => {
    expect(describeError({ name: "ErrnoError", errno: 51 })).toEqual({ error: "ErrnoError", code: "ENOSPC", message: "the disk is full" });
    expect(startFailureLine({ errno: 51 })).toBe("Portal failed to start: ENOSPC: the disk is full [object]");
  });

  it("never answers [object Object]", () => {
    expect(describeError({ some: "thing" }).message).toBe('{"some":"thing"}');
    const circular: Record<string, unknown> = {};
    circular.self = circular;
    expect(describeError(circular).message).toBe("an object with the keys self");
    expect(describeError(undefined)).toEqual({ error: "undefined", message: "undefined" });
    expect(describeError("boom")).toEqual({ error: "string", message: "boom" });
  });

  // docs/decisions/086: the log said "error":"O" (a bundled DatabaseError's minified class name) and no ENOSPC.
  it("names a database error readably, never by a minified class name, with its SQLSTATE and what it means", () => {
    class O extends Error {}
    const diskFull = Object.assign(new O('could not extend file "base/5/16384": No space left on device'), {
      name: "error",
      code: "53100",
      severity: "ERROR",
    });
    expect(describeError(diskFull)).toEqual({
      error: "DatabaseError",
      code: "53100",
      message: 'could not extend file "base/5/16384": No space left on device (the database\'s disk is full)',
    });
    const cancelled = Object.assign(new O("canceling statement due to statement timeout"), { name: "error", code: "57014" });
    expect(describeError(cancelled)).toMatchObject({ error: "DatabaseError", code: "57014" });
    expect(describeError(cancelled).message).toContain("statement_timeout");
    // A minified class without a name of its own.
    expect(describeError(new O("boom")).error).toBe("Error");
  });

  it("tells a refused connection and a write on a full disk by their codes", () => {
    const refused = Object.assign(new Error("connect ECONNREFUSED 127.0.0.1:5432"), { code: "ECONNREFUSED", errno: -111, syscall: "connect" });
    expect(describeError(refused)).toEqual({
      error: "Error",
      code: "ECONNREFUSED",
      message: "connect ECONNREFUSED 127.0.0.1:5432 (the connection was refused: is the server running?)",
    });
    expect(describeError({ errno: 51 })).toEqual({ error: "object", code: "ENOSPC", message: "the disk is full" });
  });

  it("keeps a message on one line (no forged log lines)", () => {
    const facts = describeError(new TypeError('Headers.set: "/\r\n{"level":"info"}" is an invalid header value.'));
    expect(facts.message).not.toMatch(/[\r\n]/);
    expect(facts.error).toBe("TypeError");
  });
});
