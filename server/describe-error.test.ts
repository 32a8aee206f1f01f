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

  it("keeps a message on one line (no forged log lines)", () => {
    const facts = describeError(new TypeError('Headers.set: "/\r\n{"level":"info"}" is an invalid header value.'));
    expect(facts.message).not.toMatch(/[\r\n]/);
    expect(facts.error).toBe("TypeError");
  });
});
