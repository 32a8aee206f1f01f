import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { RegistryMessage } from "./contract/envelope";
import { toNodeListener } from "./http-node";

let seen: { method: string; url: string; auth: string | null; body: string } | undefined;
let server: Server;
let base: string;

beforeAll(async () => {
  server = createServer(
    toNodeListener(async (request) => {
      seen = { method: request.method, url: request.url, auth: request.headers.get("authorization"), body: await request.text() };
      if (request.url.endsWith("/boom")) throw new Error("boom");
      return new Response(JSON.stringify({ ok: true }), { status: 201, headers: { "content-type": "application/json", "x-test": "yes" } });
    }),
  );
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

// Requirement PLT-018: the registry served alone over HTTP.
describe("toNodeListener", () => {
  it("passes method, path, query, headers and body, and sends status, headers and body back", async () => {
    const response = await fetch(`${base}/api/pass/1?token=abc`, {
      method: "POST",
      headers: { authorization: "Bearer t", host: "evil.example" },
      body: JSON.stringify({ a: 1 }),
    });
    expect(response.status).toBe(201);
    expect(response.headers.get("x-test")).toBe("yes");
    expect(await response.json()).toEqual({ ok: true });
    expect(seen).toEqual({ method: "POST", url: "http://localhost/api/pass/1?token=abc", auth: "Bearer t", body: '{"a":1}' });
  });

  it("answers GET without a body", async () => {
    await fetch(`${base}/health`);
    expect(seen).toMatchObject({ method: "GET", url: "http://localhost/health", body: "" });
  });

  it("answers 500 when the handler throws", async () => {
    const response = await fetch(`${base}/boom`);
    expect(response.status).toBe(500);
    expect((await response.json()).success).toBe(false);
  });

  it("refuses a body declared over 64 KiB with 413 before the handler sees it", async () => {
    seen = undefined;
    const response = await fetch(`${base}/api/pass/1`, { method: "POST", body: "x".repeat(64 * 1024 + 1) });
    expect(response.status).toBe(413);
    expect((await response.json()).message).toBe(RegistryMessage.bodyTooLarge);
    expect(seen).toBeUndefined();
  });
});
