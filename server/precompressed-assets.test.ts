import compression from "compression";
import express from "express";
import fs from "node:fs";
import http from "node:http";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import zlib from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { precompressedAssets } from "./precompressed-assets";

type Raw = { status: number; headers: http.IncomingHttpHeaders; body: Buffer };

describe("the browser build's files compressed ahead (docs/decisions/143)", () => {
  const script = `export const greeting = ${JSON.stringify("hello ".repeat(2000))};\n`;
  let dir = "";
  let server: http.Server;
  let port = 0;
  beforeAll(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), "precompressed-"));
    fs.writeFileSync(path.join(dir, "shell-abc.js"), script);
    fs.writeFileSync(path.join(dir, "shell-abc.js.br"), zlib.brotliCompressSync(script));
    fs.writeFileSync(path.join(dir, "plain-def.js"), script);
    const app = express();
    app.use(compression({ level: 2 }));
    app.use("/assets", precompressedAssets(dir));
    app.use("/assets", express.static(dir, { immutable: true, maxAge: "1y", index: false }));
    server = http.createServer(app);
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    port = (server.address() as AddressInfo).port;
  });
  afterAll(async () => {
    await new Promise<void>((resolve) => server.close(() => resolve()));
    fs.rmSync(dir, { recursive: true, force: true });
  });

  /** The answer as sent (node:http does not decode it). */
  const get = (url: string, headers: Record<string, string> = {}, method = "GET") =>
    new Promise<Raw>((resolve, reject) => {
      const req = http.request({ host: "127.0.0.1", port, path: url, method, headers }, (res) => {
        const chunks: Buffer[] = [];
        res.on("data", (c: Buffer) => chunks.push(c));
        res.on("end", () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
      });
      req.on("error", reject);
      req.end();
    });

  it("sends the .br file as it is to a browser that takes br, as the script it is, cached a year", async () => {
    const a = await get("/assets/shell-abc.js", { "Accept-Encoding": "gzip, deflate, br, zstd" });
    expect(a.status).toBe(200);
    expect(a.headers["content-encoding"]).toBe("br");
    expect(a.headers["content-type"]).toMatch(/^text\/javascript/);
    expect(a.headers.vary).toMatch(/Accept-Encoding/i);
    expect(a.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
    expect(Number(a.headers["content-length"])).toBe(fs.statSync(path.join(dir, "shell-abc.js.br")).size);
    expect(zlib.brotliDecompressSync(a.body).toString("utf8")).toBe(script);
    const head = await get("/assets/shell-abc.js", { "Accept-Encoding": "br" }, "HEAD");
    expect(head.headers["content-encoding"]).toBe("br");
    expect(head.body.length).toBe(0);
  });

  it("leaves the rest to the static files: no br, br refused, a file without its .br, a name outside the list", async () => {
    const gzip = await get("/assets/shell-abc.js", { "Accept-Encoding": "gzip" });
    expect(gzip.headers["content-encoding"]).toBe("gzip");
    expect(gzip.headers.vary).toMatch(/Accept-Encoding/i);
    expect(zlib.gunzipSync(gzip.body).toString("utf8")).toBe(script);
    const refused = await get("/assets/shell-abc.js", { "Accept-Encoding": "br;q=0, gzip" });
    expect(refused.headers["content-encoding"]).toBe("gzip");
    const plain = await get("/assets/shell-abc.js");
    expect(plain.headers["content-encoding"]).toBeUndefined();
    expect(plain.body.toString("utf8")).toBe(script);
    // Without its .br file: compressed on the fly, as every other answer.
    const other = await get("/assets/plain-def.js", { "Accept-Encoding": "br" });
    expect(other.headers["content-length"]).toBeUndefined();
    expect(zlib.brotliDecompressSync(other.body).toString("utf8")).toBe(script);
    expect((await get("/assets/../precompressed-assets.test.ts", { "Accept-Encoding": "br" })).status).toBe(404);
    expect((await get("/assets/missing.js", { "Accept-Encoding": "br" })).status).toBe(404);
  });
});
