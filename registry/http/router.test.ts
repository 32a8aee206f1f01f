import { describe, expect, it } from "vitest";
import { z } from "zod";
import { assertDistinctRoutes, matchRoute, type Route, type RouteDoc } from "./router";

const handle = async () => new Response();
const doc: RouteDoc = { summary: "a test route", auth: "none", answer: z.null() };
const routes: Route<unknown>[] = [
  { method: "GET", pattern: "/api/pass/:id", handle, doc },
  { method: "POST", pattern: "/api/pass/:id/opt-in-out/:type", handle, doc },
  { method: "POST", pattern: "/register", handle, doc },
  { method: "GET", pattern: "/api/pass/centers", handle, doc },
  { method: "GET", pattern: "/api/pass/screening/:id", handle, doc },
  { method: "GET", pattern: "/api/pass/:id/:part", handle, doc },
];

describe("matchRoute", () => {
  it.each([
    ["GET", "/api/pass/12", "/api/pass/:id", { id: "12" }],
    ["GET", "/api/pass/12/", "/api/pass/:id", { id: "12" }],
    ["GET", "/api/pass/a%20b", "/api/pass/:id", { id: "a b" }],
    ["POST", "/api/pass/3/opt-in-out/1", "/api/pass/:id/opt-in-out/:type", { id: "3", type: "1" }],
    ["POST", "/register", "/register", {}],
    ["GET", "/api/pass/centers", "/api/pass/centers", {}],
    ["GET", "/api/pass/screening/4", "/api/pass/screening/:id", { id: "4" }],
    ["GET", "/api/pass/5/labs", "/api/pass/:id/:part", { id: "5", part: "labs" }],
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
    expect(matchRoute(routes, "GET", "/api/pass/1/2/3")).toEqual({ kind: "none" });
    expect(matchRoute(routes, "GET", "/api/pass/%E0%A4%A")).toEqual({ kind: "none" });
  });

  it("answers the same whatever the order of the routes (the most specific pattern wins)", () => {
    const requests = [
      ["GET", "/api/pass/centers"],
      ["GET", "/api/pass/12"],
      ["GET", "/api/pass/screening/4"],
      ["GET", "/api/pass/5/labs"],
      ["POST", "/api/pass/centers"],
    ] as const;
    const answers = (list: Route<unknown>[]) => requests.map(([method, path]) => JSON.stringify(matchRoute(list, method, path)));
    expect(answers([...routes].reverse())).toEqual(answers(routes));
    expect(matchRoute([...routes].reverse(), "GET", "/api/pass/centers")).toMatchObject({ kind: "found", route: { pattern: "/api/pass/centers" } });
  });

  it("refuses two routes that answer the same request", () => {
    expect(() => assertDistinctRoutes(routes)).not.toThrow();
    const twice: Route<unknown>[] = [...routes, { method: "GET", pattern: "/api/pass/:other/", handle, doc }];
    expect(() => assertDistinctRoutes(twice)).toThrow("two routes answer the same requests: GET /api/pass/:id and /api/pass/:other/");
  });
});
