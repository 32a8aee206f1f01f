import express from "express";
import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { inFlightLimit, type InFlightLimit } from "./in-flight";
import { shortPageHtml } from "./short-page";

/**
 * The cap on requests in flight (docs/decisions/086) on a real HTTP server: a slow page stands for a render, 60
 * requests arrive at once with a cap of 5. Before the cap, such a crowd ended in renders cut short and sent as 500.
 */
describe("inFlightLimit", () => {
  let server: http.Server;
  let base = "";
  let limit: InFlightLimit;
  const agent = new http.Agent({ keepAlive: true, maxSockets: 100 });

  beforeAll(async () => {
    const app = express();
    app.get("/healthz", (_req, res) => void res.json({ status: "ok" }));
    limit = inFlightLimit(5, (req, res) => {
      res
        .status(503)
        .type("html")
        .send(shortPageHtml("busy", req.headers["accept-language"] === "es" ? "es" : "en", "/"));
    });
    app.use("/", limit);
    app.get("/landing", (_req, res) => void setTimeout(() => res.type("html").send("<h1>Dashboard</h1>"), 100));
    server = app.listen(0, "127.0.0.1");
    await new Promise((resolve) => server.once("listening", resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    agent.destroy();
    await new Promise((resolve) => server.close(resolve));
  });

  const get = (path: string, headers: Record<string, string> = {}) =>
    new Promise<{ status: number; retryAfter?: string; body: string }>((resolve, reject) => {
      http
        .get(`${base}${path}`, { agent, headers }, (res) => {
          let body = "";
          res.setEncoding("utf8");
          res.on("data", (chunk: string) => (body += chunk));
          res.on("end", () => resolve({ status: res.statusCode ?? 0, retryAfter: res.headers["retry-after"], body }));
        })
        .on("error", reject);
    });

  it("answers the requests beyond the cap 503 with Retry-After and the short page, at once, and never 500", async () => {
    const started = performance.now();
    const answers = await Promise.all(Array.from({ length: 60 }, (_, i) => get("/landing", { "accept-language": i % 2 ? "es" : "en" })));
    const byStatus = answers.reduce<Record<number, number>>((acc, a) => ({ ...acc, [a.status]: (acc[a.status] ?? 0) + 1 }), {});
    expect(byStatus[500]).toBeUndefined();
    expect(byStatus[200]).toBeGreaterThanOrEqual(5);
    expect(byStatus[503]).toBeGreaterThan(0);
    expect(byStatus[200]! + byStatus[503]!).toBe(60);
    for (const busy of answers.filter((a) => a.status === 503)) {
      expect(busy.retryAfter).toBe("2");
      expect(busy.body).toMatch(/<h1>(Very busy just now|Mucho tráfico en este momento)<\/h1>/);
    }
    expect(limit.refused()).toBe(byStatus[503]);
    // Each admitted request took 100 ms; the crowd did not queue behind them.
    expect(performance.now() - started).toBeLessThan(3_000);
    expect(limit.current()).toBe(0);
  });

  it("never counts what is mounted before it (health checks), and frees a place when an answer is sent", async () => {
    const slow = Array.from({ length: 5 }, () => get("/landing"));
    await new Promise((resolve) => setTimeout(resolve, 30));
    expect(limit.current()).toBe(5);
    expect((await get("/healthz")).status).toBe(200);
    expect((await get("/landing")).status).toBe(503);
    await Promise.all(slow);
    expect((await get("/landing")).status).toBe(200);
  });
});
