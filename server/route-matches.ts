import { createRequire } from "node:module";

/**
 * React Router's `matchRoutes` flattens and ranks the whole route tree and compiles a RegExp for each path it tries,
 * on every call; a page answer calls it three times outside the static handler (Remix's route matching, the
 * router's <Routes>, the lazy-discovery manifest), each time on a tree that is the same but for its objects
 * (docs/decisions/078). Remembered here: per route tree (its ids, paths, index and case flags, in order) and
 * pathname, the matched routes as positions in the tree, their pathnames and params; an answer is rebuilt on the
 * tree of the call, with the same shape as React Router's (one params object shared by every match).
 */
type RouteLike = { id?: string; path?: string; index?: boolean; caseSensitive?: boolean; children?: RouteLike[] };
type Match = { params: Record<string, string | undefined>; pathname: string; pathnameBase: string; route: RouteLike };
type MatchRoutes = (routes: RouteLike[], location: string | { pathname?: string }, basename?: string) => Match[] | null;
type Remembered = { params: Record<string, string | undefined>; steps: { trail: number[]; pathname: string; pathnameBase: string }[] } | null;

/** Pathnames are the visitor's: at most this many remembered per tree, then forgotten together; longer ones never. */
const MAX_PATHS = 1_000;
const MAX_PATH_LENGTH = 256;
const MAX_TREES = 8;

/** The tree's shape as far as matching goes, or null when a route has no id (then nothing is remembered). */
function treeKey(routes: RouteLike[]): string | null {
  let key = "";
  for (const route of routes) {
    if (route.id === undefined) return null;
    key += `${route.id}\u0001${route.path ?? "\u0002"}\u0001${route.index ? 1 : 0}${route.caseSensitive ? 1 : 0}`;
    if (route.children?.length) {
      const children = treeKey(route.children);
      if (children === null) return null;
      key += `[${children}]`;
    }
    key += ";";
  }
  return key;
}

function trailOf(routes: RouteLike[], target: RouteLike, trail: number[] = []): number[] | null {
  for (const [i, route] of routes.entries()) {
    if (route === target) return [...trail, i];
    const children = route.children;
    const found = children ? trailOf(children, target, [...trail, i]) : null;
    if (found) return found;
  }
  return null;
}

/** The route at a trail of positions that trailOf found in a tree of the same key. */
function routeAt(routes: RouteLike[], trail: number[]): RouteLike {
  let level: RouteLike[] | undefined = routes;
  let route: RouteLike | undefined;
  for (const i of trail) {
    route = level?.[i];
    level = route?.children;
  }
  if (!route) throw new Error("route trail outside the tree");
  return route;
}

export function rememberingMatchRoutes(matchRoutes: MatchRoutes): MatchRoutes {
  const trees = new Map<string, Map<string, Remembered>>();
  return (routes, location, basename = "/") => {
    const pathname = typeof location === "string" ? location : location.pathname;
    if (pathname === undefined || pathname.length > MAX_PATH_LENGTH) return matchRoutes(routes, location, basename);
    // Every call: a tree's objects are new on every render, and a tree could change (it is a few dozen routes).
    const tree = treeKey(routes);
    if (tree === null) return matchRoutes(routes, location, basename);
    let paths = trees.get(tree);
    if (!paths) {
      if (trees.size >= MAX_TREES) trees.clear();
      trees.set(tree, (paths = new Map()));
    }
    const key = `${basename}\u0000${pathname}`;
    let known = paths.get(key);
    if (known === undefined) {
      const matches = matchRoutes(routes, location, basename);
      const steps = matches?.map((m) => ({ trail: trailOf(routes, m.route), pathname: m.pathname, pathnameBase: m.pathnameBase }));
      // A match outside the tree given (never seen): answered, not remembered.
      if (!matches || !steps || steps.some((s) => s.trail === null)) {
        if (!matches) rememberPath(paths, key, null);
        return matches;
      }
      known = { params: { ...matches[matches.length - 1]?.params }, steps: steps as Exclude<Remembered, null>["steps"] };
      rememberPath(paths, key, known);
      return matches;
    }
    if (known === null) return null;
    const params = { ...known.params };
    return known.steps.map((s) => ({ params, pathname: s.pathname, pathnameBase: s.pathnameBase, route: routeAt(routes, s.trail) }));
  };
}

function rememberPath(paths: Map<string, Remembered>, key: string, value: Remembered) {
  if (paths.size >= MAX_PATHS) paths.clear();
  paths.set(key, value);
}

/**
 * Puts the remembering `matchRoutes` on @remix-run/router's module, which Remix's server runtime, React Router and
 * Remix's lazy-discovery code call through. Once, before the Remix build is loaded.
 */
export function rememberRouteMatches(): void {
  const router = createRequire(import.meta.url)("@remix-run/router") as { matchRoutes: MatchRoutes & { remembering?: true } };
  if (router.matchRoutes.remembering) return;
  router.matchRoutes = Object.assign(rememberingMatchRoutes(router.matchRoutes), { remembering: true as const });
}
