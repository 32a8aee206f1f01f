import express from "express";
import type http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { methodNotAllowed, sendRouterResponse } from "./react-router-handler";
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

describe("methodNotAllowed", () => {
  const routerAnswer = () => Response.json({ message: "Unexpected Server Error" }, { status: 405 });
  it("turns React Router's 405 of a resource route into a plain 405 with Allow", async () => {
    const post = methodNotAllowed("POST", routerAnswer())!;
    expect([post.status, post.headers.get("Allow"), await post.text()]).toEqual([405, "GET, HEAD", "Method Not Allowed"]);
    expect(methodNotAllowed("GET", routerAnswer())?.headers.get("Allow")).toBe("POST");
  });
  it("leaves every other answer, a page's 405 included", () => {
    expect(methodNotAllowed("POST", new Response("ok"))).toBeUndefined();
    expect(methodNotAllowed("POST", new Response("<html>", { status: 405, headers: { "Content-Type": "text/html" } }))).toBeUndefined();
    expect(methodNotAllowed("PUT", new Response(null, { status: 405, headers: { Allow: "GET" } }))).toBeUndefined();
  });
});
