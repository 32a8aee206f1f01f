import express from "express";
import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { basePathSlash, slashRedirect } from "./base-path-slash";

describe("the base path without its slash (ACC-038)", () => {
  it.each([
    ["/portal/", "GET", "/portal", { status: 301, location: "/portal/" }],
    ["/portal/", "HEAD", "/portal?lng=es&x=1", { status: 301, location: "/portal/?lng=es&x=1" }],
    ["/portal/", "POST", "/portal?login=1", { status: 308, location: "/portal/?login=1" }],
    ["/a/b/", "GET", "/a/b?q", { status: 301, location: "/a/b/?q" }],
    ["/portal/", "GET", "/portal/", null],
    ["/portal/", "GET", "/portal/register", null],
    ["/portal/", "GET", "/portalx", null],
    ["/portal/", "GET", "/", null],
    ["/", "GET", "/", null],
  ] as const)("BASE_PATH=%s: %s %s -> %j", (base, method, url, expected) => {
    expect(slashRedirect(base, method, url)).toEqual(expected);
  });
});

describe("basePathSlash in front of an app", () => {
  let server: http.Server;
  let port = 0;
  beforeAll(async () => {
    const app = express();
    app.use(basePathSlash("/portal/"));
    app.all("/portal/{*splat}", (_req, res) => void res.send("page"));
    server = http.createServer(app);
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    port = (server.address() as AddressInfo).port;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  it("redirects /portal to /portal/ keeping the query, and serves /portal/ itself", async () => {
    const bare = await fetch(`http://127.0.0.1:${port}/portal?lng=es`, { redirect: "manual" });
    expect(bare.status).toBe(301);
    expect(bare.headers.get("location")).toBe("/portal/?lng=es");
    const page = await fetch(`http://127.0.0.1:${port}/portal/?lng=es`, { redirect: "manual" });
    expect(page.status).toBe(200);
  });
});
