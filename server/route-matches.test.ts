import { matchRoutes as reactRouterMatchRoutes, type AgnosticRouteObject } from "@remix-run/router";
import { describe, expect, it } from "vitest";
import { rememberingMatchRoutes } from "./route-matches";

const matchRoutes = (routes: Route[], path: string, basename?: string) => reactRouterMatchRoutes(routes as AgnosticRouteObject[], path, basename);

type Route = { id: string; path?: string; index?: boolean; caseSensitive?: boolean; children?: Route[] };

/** A tree shaped like the portal's (root, pathless layout, params, index routes, a splat, an optional segment). */
const tree = (): Route[] => [
  {
    id: "root",
    path: "",
    children: [
      { id: "routes/_index", index: true },
      { id: "routes/register", path: "register" },
      { id: "routes/register_.phone-check", path: "register/phone-check" },
      {
        id: "routes/_private",
        children: [
          { id: "routes/_private.landing", path: "landing" },
          { id: "routes/_private.screening._index", path: "screening", index: true },
          { id: "routes/_private.screening.$page", path: "screening/:page" },
          { id: "routes/_private.lab-results.$screeningId.download", path: "lab-results/:screeningId/download" },
          { id: "routes/_private.lab-results.$screeningId", path: "lab-results/:screeningId" },
          {
            id: "routes/_private.medical-history",
            path: "medical-history",
            children: [
              { id: "mh-index", index: true },
              { id: "mh-q", path: ":question" },
            ],
          },
        ],
      },
      { id: "routes/docs", path: "docs/:lang?/guide" },
      { id: "routes/Case", path: "Case", caseSensitive: true },
      { id: "routes/$", path: "*" },
    ],
  },
];

const PATHS = [
  "/",
  "/register",
  "/register/",
  "/register/phone-check",
  "/landing",
  "/screening",
  "/screening/3",
  "/lab-results/12/download",
  "/lab-results/12",
  "/lab-results/caf%C3%A9",
  "/medical-history",
  "/medical-history/dialysis",
  "/docs/guide",
  "/docs/es/guide",
  "/Case",
  "/case",
  "/no/such/page",
  "/portal/landing",
];

describe("rememberingMatchRoutes", () => {
  it("answers what React Router answers, the first time and when remembered, on a new copy of the tree", () => {
    const remembering = rememberingMatchRoutes(reactRouterMatchRoutes as never);
    for (const basename of ["/", "/portal"]) {
      for (const path of PATHS) {
        for (let call = 0; call < 3; call++) {
          const routes = tree();
          const expected = matchRoutes(routes, path, basename);
          const answer = remembering(routes, call === 1 ? { pathname: path } : path, basename);
          expect(answer).toEqual(expected);
          // The routes of the answer are the objects of the tree given, not of an earlier one.
          answer?.forEach((m, i) => expect(m.route).toBe(expected?.[i]?.route));
          // One params object shared by every match, as React Router gives it.
          if (answer && answer.length > 1) expect(answer[0]?.params).toBe(answer.at(-1)?.params);
        }
      }
    }
  });

  it("gives each answer its own params: changing one does not change the next", () => {
    const remembering = rememberingMatchRoutes(reactRouterMatchRoutes as never);
    const first = remembering(tree(), "/screening/3")?.[0];
    if (first) first.params.page = "changed";
    expect(remembering(tree(), "/screening/3")!.at(-1)!.params).toEqual({ page: "3" });
  });

  it("answers a tree whose paths changed (same ids) from that tree, not from what it remembered", () => {
    const remembering = rememberingMatchRoutes(reactRouterMatchRoutes as never);
    expect(remembering(tree(), "/register")!.at(-1)!.route.id).toBe("routes/register");
    const moved = tree();
    const register = moved[0]?.children?.[1];
    if (register) register.path = "sign-up";
    expect(remembering(moved, "/register")!.at(-1)!.route.id).toBe("routes/$");
    expect(remembering(moved, "/sign-up")!.at(-1)!.route.id).toBe("routes/register");
  });

  it("leaves a tree with a route without an id to React Router on every call", () => {
    let calls = 0;
    const counting = ((...args: Parameters<typeof reactRouterMatchRoutes>) => (calls++, reactRouterMatchRoutes(...args))) as never;
    const remembering = rememberingMatchRoutes(counting);
    const anonymous = [{ path: "a" }, { id: "b", path: "b" }];
    remembering(anonymous as never, "/a");
    remembering(anonymous as never, "/a");
    expect(calls).toBe(2);
    remembering(tree(), "/landing");
    remembering(tree(), "/landing");
    expect(calls).toBe(3);
  });

  it("does not remember a long pathname (a visitor's URL), and still answers it", () => {
    let calls = 0;
    const counting = ((...args: Parameters<typeof reactRouterMatchRoutes>) => (calls++, reactRouterMatchRoutes(...args))) as never;
    const remembering = rememberingMatchRoutes(counting);
    const long = `/screening/${"x".repeat(300)}`;
    for (let i = 0; i < 2; i++) expect(remembering(tree(), long)?.at(-1)?.params).toEqual({ page: "x".repeat(300) });
    expect(calls).toBe(2);
  });
});
