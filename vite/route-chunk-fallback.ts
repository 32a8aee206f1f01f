import type { Plugin } from "vite";

/**
 * Remix (@remix-run/react's routeModules.js) answers a route chunk that fails to load with
 * `window.location.reload()`, which reloads the page the patient is on, not the one they asked for. This makes it
 * call `window.__portalRouteChunkFailed` (app/enhance/route-chunk-fallback.ts) when the page installed it, and
 * fails the build if Remix's code no longer has the line (so an upgrade cannot silently drop the fallback).
 */
export function routeChunkFallback(): Plugin {
  const reload = "window.location.reload();";
  let replaced = false;
  return {
    name: "portal-route-chunk-fallback",
    apply: "build",
    transform(code, id) {
      if (!/@remix-run[\\/]react[\\/]dist[\\/]esm[\\/]routeModules\.js$/.test(id)) return null;
      if (!code.includes(reload))
        this.error("@remix-run/react's routeModules.js no longer reloads on a failed chunk: review vite/route-chunk-fallback.ts");
      replaced = true;
      return { code: code.replace(reload, "(window.__portalRouteChunkFailed || function () { window.location.reload(); })();"), map: null };
    },
    buildEnd() {
      if (!replaced && !this.environment?.config.build.ssr) this.warn("routeModules.js was not seen: the route chunk fallback is not in this bundle");
    },
  };
}
