import { reactRouter } from "@react-router/dev/vite";
import path from "node:path";
import { defineConfig, type BuildEnvironmentOptions, type Plugin } from "vite";
import { contractSchemasPure } from "./vite/contract-schemas-pure";
import { routeChunkFallback } from "./vite/route-chunk-fallback";
import { shellChunk } from "./vite/shell-chunk";

/** The oldest browser of each engine that passes app/enhance/cut-the-mustard.tsx's check. */
const CLIENT_TARGET = ["chrome85", "edge85", "firefox105", "safari15.4", "ios15.4"];

/** The modules every page's document load starts from (vite/shell-chunk.ts). */
const SHELL_ENTRIES = ["entry.client.tsx", "root.tsx"].map((file) => path.resolve(__dirname, "app", file));

/** The portal can be built for a sub-path (BASE_PATH=/portal/): react-router.config.ts gives the router the same. */
const basePath = (process.env.BASE_PATH ?? "/").replace(/\/?$/, "/");

/** The browser build: what differs from the server's (one config for both; React Router builds them in turn). */
const clientBuild = {
  // The browsers that pass the "cut the mustard" check (app/enhance/cut-the-mustard.tsx: showModal, submitter,
  // replaceAll, TextEncoderStream) and no older: README "Browsers". Nothing older ever runs these files (077, 089).
  target: CLIENT_TARGET,
  // Terser's safe options only (no unsafe_*, no property mangling; license comments kept): ~4 KiB gzip less per
  // page than esbuild's minifier (decision 077).
  minify: "terser",
  terserOptions: { ecma: 2020, module: true, compress: { passes: 2 } },
  // CLIENT_SOURCEMAP=1: hidden source maps of the browser chunks, for bench/client-packages.mjs (what each page is made of).
  sourcemap: process.env.CLIENT_SOURCEMAP === "1" ? "hidden" : false,
} satisfies BuildEnvironmentOptions;

/**
 * Each of Vite's environments gets its build options here: under React Router's Vite Environment API
 * (v8_viteEnvironmentApi) the two builds share the top-level `build` (its builder's `sharedConfigBuild`), and the
 * old `isSsrBuild` flag is never set, so what differs is given per environment, as React Router itself does.
 */
function buildPerEnvironment(): Plugin {
  return {
    name: "portal:build-per-environment",
    configEnvironment: (name) =>
      name === "client" ? { build: clientBuild } : name === "ssr" ? { build: { target: "node24", minify: false } } : undefined,
  };
}

export default defineConfig({
  base: basePath,
  resolve: { alias: { "~": path.resolve(__dirname, "app") } },
  // app/styles/pico.portal.scss builds Pico from its Sass sources (decision 139): Pico's own deprecation warnings
  // (Sass's old if()) are Pico's to fix, not printed at each build.
  css: { preprocessorOptions: { scss: { quietDeps: true } } },
  build: {
    // CSS is for the browsers in both builds: the server build's copies are the ones the pages link (decision 123).
    cssTarget: CLIENT_TARGET,
    cssMinify: true,
    // Here as well as in clientBuild: Vite puts its Terser step in the builds' shared plugins only when the top-level
    // build asks for it (the server's build turns it off for itself).
    minify: clientBuild.minify,
    terserOptions: clientBuild.terserOptions,
  },
  environments: {
    // What every page loads before its own code (React, React DOM, React Router, the layout) as one chunk (React
    // Router reads the client's output options from here).
    client: { build: { rollupOptions: { output: { manualChunks: shellChunk(SHELL_ENTRIES) } } } },
  },
  // npm run dev: zod reaches the browser's module graph through the contract's modules (the build drops it:
  // vite/contract-schemas-pure.ts); Vite's first scan misses it and re-optimizes on the first page load, whose
  // scripts then fail (504 "Outdated Optimize Dep") and never hydrate. Optimized from the start instead.
  optimizeDeps: { include: ["zod"] },
  plugins: [buildPerEnvironment(), routeChunkFallback(), contractSchemasPure(), reactRouter()],
});
