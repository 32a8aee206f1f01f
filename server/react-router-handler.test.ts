import express from "express";
import type http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sendRouterResponse } from "./react-router-handler";
import { securityHeaders } from "./security-headers";

/** The app's answer written onto Express's (docs/decisions/131): one copy of each header, every Set-Cookie line. */
describe("sendRouterResponse", () => {
  let server: http.Server;
  let base = "";

  beforeAll(async () => {
    const app = express();
    app.use(securityHeaders);
    app.get("/download", (_req, res) => {
      const answer = new Response("%PDF-1.7", {
        headers: { "Content-Type": "application/pdf", "X-Content-Type-Options": "nosniff", "Cache-Control": "no-store" },
      });
      answer.headers.append("Set-Cookie", "a=1; Path=/");
      answer.headers.append("Set-Cookie", "b=2; Path=/");
      void sendRouterResponse(res, answer);
    });
    server = app.listen(0, "127.0.0.1");
    await new Promise((resolve) => server.once("listening", resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => server.close());

  it("sends X-Content-Type-Options once on a download the server's security headers also mark", async () => {
    const answer = await fetch(`${base}/download`);
    expect(answer.headers.get("x-content-type-options")).toBe("nosniff");
    expect(answer.headers.get("content-type")).toBe("application/pdf");
    expect(answer.headers.getSetCookie()).toEqual(["a=1; Path=/", "b=2; Path=/"]);
    expect(await answer.text()).toBe("%PDF-1.7");
  });
});
