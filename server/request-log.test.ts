import express from "express";
import type { Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterEach, describe, expect, it } from "vitest";
import { requestIdOf, requestLog } from "./request-log";

// docs/decisions/085: one request id per request, in the log line and the answer.
describe("request log and request id", () => {
  let server: Server | undefined;
  afterEach(() => new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve())));

  async function start(trustProxyHops: number) {
    const lines: Record<string, unknown>[] = [];
    const seen: unknown[] = [];
    const app = express();
    app.set("trust proxy", trustProxyHops);
    app.use(requestLog((entry) => lines.push(entry), trustProxyHops));
    app.get("/page", (_req, res) => {
      seen.push(res.locals.requestId);
      res.send("ok");
    });
    server = app.listen(0, "127.0.0.1");
    await new Promise((resolve) => server!.once("listening", resolve));
    const base = `http://127.0.0.1:${(server!.address() as AddressInfo).port}`;
    /** The answer, once its log line is written (on "finish"). */
    const get = async (path: string, headers: Record<string, string> = {}) => {
      const answer = await fetch(base + path, { headers });
      await answer.text();
      await new Promise((resolve) => setTimeout(resolve, 20));
      return answer;
    };
    return { get, lines, seen };
  }

  it("answers X-Request-Id, logs the same id with the address, and hands it to the app; a browser cannot choose it", async () => {
    const { get, lines, seen } = await start(0);
    const a = await get("/page?token=secret", { "x-request-id": "chosen-by-the-browser" });
    const id = a.headers.get("x-request-id");
    expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/);
    expect(seen).toEqual([id]);
    expect(lines).toEqual([
      { msg: "request", method: "GET", path: "/page", status: 200, ms: expect.any(Number), address: "127.0.0.1", requestId: id },
    ]);
    expect(JSON.stringify(lines)).not.toContain("secret");
    // Every answer has its own, a 404 too.
    const missing = await get("/nothing");
    expect(missing.status).toBe(404);
    expect(missing.headers.get("x-request-id")).not.toBe(id);
    expect(lines[1]).toMatchObject({ status: 404, requestId: missing.headers.get("x-request-id") });
  });

  it("takes a well-formed X-Request-Id from the trusted proxy (nginx's $request_id), with the forwarded address", async () => {
    const { get, lines } = await start(1);
    const nginxId = "5f0c7d3e9a1b2c4d6e8f0a1b2c3d4e5f";
    const a = await get("/page", { "x-request-id": nginxId, "x-forwarded-for": "203.0.113.9" });
    expect(a.headers.get("x-request-id")).toBe(nginxId);
    expect(lines[0]).toMatchObject({ requestId: nginxId, address: "203.0.113.9" });
  });

  it("replaces a malformed or over-long id even from the proxy", () => {
    for (const bad of ["short", "has spaces in it", "x".repeat(65), 'quote"d-id-1234', "id\u00e9-0123456"]) {
      expect(requestIdOf(bad, 1)).not.toBe(bad);
      expect(requestIdOf(bad, 1)).toMatch(/^[0-9a-f-]{36}$/);
    }
    expect(requestIdOf(["a-list-of-ids-1", "another-id-0002"], 1)).toMatch(/^[0-9a-f-]{36}$/);
    expect(requestIdOf("abcdef0123456789", 1)).toBe("abcdef0123456789");
    expect(requestIdOf("abcdef0123456789", 0)).not.toBe("abcdef0123456789");
  });
});
