import { describe, expect, it } from "vitest";
import { matchRoute, type Route } from "./router";

const handle = async () => new Response();
const routes: Route<unknown>[] = [
  { method: "GET", pattern: "/api/pass/:id", handle },
  { method: "POST", pattern: "/api/pass/:id/opt-in-out/:type", handle },
  { method: "POST", pattern: "/register", handle },
];

describe("matchRoute", () => {
  it.each([
    ["GET", "/api/pass/12", "/api/pass/:id", { id: "12" }],
    ["GET", "/api/pass/12/", "/api/pass/:id", { id: "12" }],
    ["GET", "/api/pass/a%20b", "/api/pass/:id", { id: "a b" }],
    ["POST", "/api/pass/3/opt-in-out/1", "/api/pass/:id/opt-in-out/:type", { id: "3", type: "1" }],
    ["POST", "/register", "/register", {}],
  ])("%s %s -> %s", (method, path, pattern, params) => {
    const m = matchRoute(routes, method, path);
    expect(m.kind).toBe("found");
    if (m.kind === "found") {
      expect(m.route.pattern).toBe(pattern);
      expect(m.params).toEqual(params);
    }
  });

  it("tells a wrong method from an unknown path", () => {
    expect(matchRoute(routes, "GET", "/register")).toEqual({ kind: "wrong-method", allowed: ["POST"] });
    expect(matchRoute(routes, "GET", "/api/pass")).toEqual({ kind: "none" });
    expect(matchRoute(routes, "GET", "/api/pass/1/2")).toEqual({ kind: "none" });
    expect(matchRoute(routes, "GET", "/api/pass/%E0%A4%A")).toEqual({ kind: "none" });
  });
});
