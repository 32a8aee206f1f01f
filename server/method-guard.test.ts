import express from "express";
import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { methodGuard, refusalOf } from "./method-guard";

describe("refusalOf (docs/decisions/088)", () => {
  it.each(["GET", "HEAD", "POST", "get", "post"])("serves %s", (method) => {
    expect(refusalOf(method, "/register?lng=es")).toBeNull();
  });
  it.each(["TRACE", "OPTIONS", "PUT", "PATCH", "DELETE", "PROPFIND", "TRACK", "FOO"])("answers %s 405 with Allow", (method) => {
    expect(refusalOf(method, "/register")).toEqual({ status: 405, allow: "GET, HEAD, POST" });
  });
  it.each(["/register?_data=routes%2Fregister", "/landing?lng=en&_data=root", "/register?_data", "/portal/x?a=1&_data="])(
    "answers the Remix data request %s 400",
    (url) => {
      expect(refusalOf("GET", url)).toEqual({ status: 400 });
      expect(refusalOf("POST", url)).toEqual({ status: 400 });
    },
  );
  it.each(["/register", "/register?data=1", "/register?x_data=1", "/_data", "/register.data?_routes=root"])("lets %s through", (url) => {
    expect(refusalOf("GET", url)).toBeNull();
  });
});

describe("methodGuard in front of an app", () => {
  let server: http.Server;
  let port = 0;
  let reached = 0;
  beforeAll(async () => {
    const app = express();
    app.use(methodGuard);
    app.all("/{*splat}", (_req, res) => {
      reached += 1;
      res.send("page");
    });
    server = http.createServer(app);
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    port = (server.address() as AddressInfo).port;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  const call = (method: string, path: string, body?: string) =>
    new Promise<{ status: number; headers: http.IncomingHttpHeaders; body: string }>((resolve, reject) => {
      const req = http.request({ host: "127.0.0.1", port, method, path }, (res) => {
        let text = "";
        res.on("data", (c: Buffer) => (text += c.toString()));
        res.on("end", () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: text }));
      });
      req.on("error", reject);
      req.end(body);
    });

  it("answers TRACE 405 with Allow and never reaches the app", async () => {
    const before = reached;
    const a = await call("TRACE", "/register");
    expect(a.status).toBe(405);
    expect(a.headers.allow).toBe("GET, HEAD, POST");
    expect(a.headers["cache-control"]).toBe("no-store");
    expect(a.body).toBe("Method Not Allowed");
    const put = await call("PUT", "/register", "a=b");
    expect(put.status).toBe(405);
    expect(put.headers.connection).toBe("close");
    expect((await call("OPTIONS", "*")).status).toBe(405);
    expect((await call("GET", "/register?_data=routes%2Fregister")).status).toBe(400);
    expect(reached).toBe(before);
    expect((await call("GET", "/register")).body).toBe("page");
    expect((await call("POST", "/register", "a=b")).body).toBe("page");
    expect(reached).toBe(before + 2);
  });
});
