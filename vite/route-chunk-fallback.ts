import type { Plugin } from "vite";

/** React Router's own line, in `loadRouteModule` of react-router's browser build. */
const RELOAD = "window.location.reload();";
const MARK = "Error loading route module";
const FUNCTION = "async function loadRouteModule(";
/** The route module's `import()` in that function (with the bundlers' comments in it). */
const IMPORT = /\bimport\(\s*((?:\/\*[^*]*\*\/\s*)*)route\.module\s*\)/g;

/**
 * React Router answers a route chunk that fails to load with `window.location.reload()`, which reloads the page
 * the patient is on, not the one they asked for, and offers no public way to choose otherwise. This makes that one
 * call go to `window.__portalRouteChunkFailed` (app/enhance/route-chunk-fallback.tsx) when the page installed it, and
 * hands the function's `import()` of the route module to `window.__portalRouteModuleLoading`, which tells the page
 * which route modules are still on their way (a navigation's data waits for them: docs/decisions/092).
 *
 * The guard (docs/decisions/080): the build fails unless exactly one module of react-router's build holds the
 * marked `loadRouteModule` with exactly one `import()` of the route module and exactly one reload in it, so a
 * framework upgrade cannot silently drop the fallback or rewrite the wrong line;
 * tests/unit/route-chunk-fallback-plugin.test.ts checks it against the installed version.
 */
export function rewriteRouteModuleReload(code: string): string | null {
  const at = code.indexOf(MARK);
  if (at < 0) return null;
  const changed = () => new Error("react-router's loadRouteModule changed: review vite/route-chunk-fallback.ts");
  const reload = code.indexOf(RELOAD, at);
  if (reload < 0 || code.indexOf(RELOAD, reload + RELOAD.length) >= 0 || code.indexOf(MARK, at + MARK.length) >= 0) throw changed();
  const start = code.lastIndexOf(FUNCTION, at);
  const imports = start < 0 ? [] : [...code.slice(start, at).matchAll(IMPORT)];
  if (imports.length !== 1) throw changed();
  const found = imports[0]!;
  const from = start + found.index;
  const load = `(window.__portalRouteModuleLoading || function (p) { return p; })(${found[0]})`;
  const call = "(window.__portalRouteChunkFailed || function () { window.location.reload(); })();";
  return code.slice(0, from) + load + code.slice(from + found[0].length, reload) + call + code.slice(reload + RELOAD.length);
}

export function routeChunkFallback(): Plugin {
  let replaced = 0;
  return {
    name: "portal-route-chunk-fallback",
    apply: "build",
    transform(code, id) {
      if (this.environment?.config.build.ssr || !/[\\/]node_modules[\\/]react-router[\\/]dist[\\/]/.test(id)) return null;
      let rewritten: string | null;
      try {
        rewritten = rewriteRouteModuleReload(code);
      } catch (error) {
        this.error((error as Error).message);
      }
      if (rewritten === null) return null;
      replaced++;
      return { code: rewritten, map: null };
    },
    buildEnd() {
      if (this.environment?.config.build.ssr) return;
      if (replaced !== 1)
        this.error(`react-router's loadRouteModule was rewritten ${replaced} times (expected once): review vite/route-chunk-fallback.ts`);
    },
  };
}
