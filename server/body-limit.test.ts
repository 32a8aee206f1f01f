import { PassThrough } from "node:stream";
import { describe, expect, it } from "vitest";
import { declaredTooLarge, hasBody, readBodyLimited } from "./body-limit";

describe("readBodyLimited", () => {
  it("reads a body within the limit, whole", async () => {
    const stream = new PassThrough();
    const read = readBodyLimited(stream, 10);
    stream.write("abcd");
    stream.end("efghij");
    expect(await read).toEqual({ ok: true, body: Buffer.from("abcdefghij") });
  });

  it("stops at the first chunk past the limit and reads nothing more", async () => {
    const stream = new PassThrough();
    let pulled = 0;
    stream.on("data", (chunk: Buffer) => (pulled += chunk.length));
    const read = readBodyLimited(stream, 10);
    stream.write("123456");
    stream.write("7890ab");
    expect(await read).toEqual({ ok: false, reason: "tooLarge" });
    const seen = pulled;
    stream.write("more and more bytes that nobody reads");
    await new Promise((r) => setImmediate(r));
    expect(stream.isPaused()).toBe(true);
    expect(pulled).toBe(seen);
  });

  it("reports a connection that ends before the body does", async () => {
    const stream = new PassThrough();
    const read = readBodyLimited(stream, 100);
    stream.write("half");
    stream.destroy();
    expect(await read).toEqual({ ok: false, reason: "aborted" });
  });
});

describe("the headers", () => {
  const req = (headers: Record<string, string>) => ({ headers });
  it.each([
    [{}, false],
    [{ "content-length": "0" }, false],
    [{ "content-length": "12" }, true],
    [{ "transfer-encoding": "chunked" }, true],
  ])("%j has a body: %s", (headers, expected) => {
    expect(hasBody(req(headers))).toBe(expected);
  });
  it.each([
    [{ "content-length": "65536" }, false],
    [{ "content-length": "65537" }, true],
    [{ "content-length": "20971520" }, true],
    [{ "content-length": "1e9" }, true],
    [{ "transfer-encoding": "chunked" }, false],
  ])("%j is declared too large: %s", (headers, expected) => {
    expect(declaredTooLarge(req(headers), 64 * 1024)).toBe(expected);
  });
});
