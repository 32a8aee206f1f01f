import { reactRouter } from "@react-router/dev/vite";
import path from "node:path";
import { defineConfig } from "vite";
import { contractSchemasPure } from "./vite/contract-schemas-pure";
import { preactBrowser } from "./vite/preact-browser";
import { routeChunkFallback } from "./vite/route-chunk-fallback";
import { shellChunk } from "./vite/shell-chunk";

/** The oldest browser of each engine that passes app/enhance/cut-the-mustard.tsx's check. */
const CLIENT_TARGET = ["chrome85", "edge85", "firefox105", "safari15.4", "ios15.4"];

/** The modules every page's document load starts from (vite/shell-chunk.ts). */
const SHELL_ENTRIES = ["entry.client.tsx", "root.tsx"].map((file) => path.resolve(__dirname, "app", file));

/** The portal can be built for a sub-path (BASE_PATH=/portal/): react-router.config.ts gives the router the same. */
const basePath = (process.env.BASE_PATH ?? "/").replace(/\/?$/, "/");

export default defineConfig(({ isSsrBuild }) => ({
  base: basePath,
  resolve: { alias: { "~": path.resolve(__dirname, "app") } },
  build: {
    // The browsers that pass the "cut the mustard" check (app/enhance/cut-the-mustard.tsx: showModal, submitter,
    // replaceAll, TextEncoderStream) and no older: README "Browsers". Nothing older ever runs these files (077, 089).
    target: isSsrBuild ? "node24" : CLIENT_TARGET,
    // CSS is for the browsers in both builds: the server build's copies are the ones the pages link (decision 123).
    cssTarget: CLIENT_TARGET,
    cssMinify: true,
    // Terser's safe options only (no unsafe_*, no property mangling; license comments kept): ~4 KiB gzip less per
    // page than esbuild's minifier (decision 077).
    minify: isSsrBuild ? false : "terser",
    terserOptions: { ecma: 2020, module: true, compress: { passes: 2 } },
    // What every page loads before its own code (React, React DOM, the Remix runtime, the layout) as one chunk.
    rollupOptions: isSsrBuild ? undefined : { output: { manualChunks: shellChunk(SHELL_ENTRIES) } },
    // CLIENT_SOURCEMAP=1: hidden source maps of the browser chunks, for bench/client-packages.mjs (what each page is made of).
    sourcemap: !isSsrBuild && process.env.CLIENT_SOURCEMAP === "1" ? "hidden" : false,
  },
  plugins: [preactBrowser(), routeChunkFallback(), contractSchemasPure(), reactRouter()],
}));
