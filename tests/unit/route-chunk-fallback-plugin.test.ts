import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { rewriteRouteModuleReload } from "../../vite/route-chunk-fallback";

/** The browser build of the installed react-router, as the client build reads it: React Router 8's unbundled modules. */
function installedBrowserModules(): string[] {
  const dir = path.resolve(__dirname, "../../node_modules/react-router/dist/production");
  const modules = fs
    .readdirSync(dir, { recursive: true, encoding: "utf8" })
    .filter((file) => file.endsWith(".js"))
    .map((file) => fs.readFileSync(path.join(dir, file), "utf8"));
  // Never an empty list that the guard would pass by finding nothing (the bundled .mjs files of React Router 7 are gone).
  expect(modules.length).toBeGreaterThan(10);
  return modules;
}

describe("the route chunk fallback's build-time guard (decisions 080, 092)", () => {
  it("finds exactly one loadRouteModule in the installed react-router and rewrites only its import and its reload", () => {
    const rewritten = installedBrowserModules()
      .map((code) => ({ code, out: rewriteRouteModuleReload(code) }))
      .filter((m) => m.out !== null);
    expect(rewritten).toHaveLength(1);
    const { code, out } = rewritten[0]!;
    expect(out).toContain("(window.__portalRouteChunkFailed || function () { window.location.reload(); })();");
    expect(out).toMatch(/\(window\.__portalRouteModuleLoading \|\| function \(p\) \{ return p; \}\)\(import\([^)]*route\.module\s*\)\)/);
    const wrap = "(window.__portalRouteModuleLoading || function (p) { return p; })()".length;
    const call = "(window.__portalRouteChunkFailed || function () { window.location.reload(); })();".length - "window.location.reload();".length;
    expect(out!.length - code.length).toBe(wrap + call);
  });

  it("fails loudly when the framework's code no longer has the one import and the one reload it expects", () => {
    const fn = "async function loadRouteModule(route, cache) { try { return await import(/* @vite-ignore */ route.module); } catch (e) {";
    const mark = 'console.error("Error loading route module `x`, reloading page...");';
    expect(rewriteRouteModuleReload("export const a = 1;")).toBeNull();
    expect(() => rewriteRouteModuleReload(`${fn} ${mark} location.replace("/");`)).toThrow(/loadRouteModule changed/);
    expect(() => rewriteRouteModuleReload(`${fn} ${mark} window.location.reload(); window.location.reload();`)).toThrow(/loadRouteModule changed/);
    expect(() => rewriteRouteModuleReload(`${mark} window.location.reload();`)).toThrow(/loadRouteModule changed/);
    expect(() => rewriteRouteModuleReload(`${fn.replace("route.module", "url")} ${mark} window.location.reload();`)).toThrow(
      /loadRouteModule changed/,
    );
    const out = rewriteRouteModuleReload(`${fn} ${mark} window.location.reload(); }}`);
    expect(out).toContain("__portalRouteChunkFailed");
    expect(out).toContain("(window.__portalRouteModuleLoading || function (p) { return p; })(import(/* @vite-ignore */ route.module))");
  });
});
