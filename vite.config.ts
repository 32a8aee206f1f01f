import { vitePlugin as remix } from "@remix-run/dev";
import path from "node:path";
import { defineConfig } from "vite";
import { contractSchemasPure } from "./vite/contract-schemas-pure";
import { routeChunkFallback } from "./vite/route-chunk-fallback";

declare module "@remix-run/node" {
  interface Future {
    v3_singleFetch: true;
  }
}

/** The oldest browser of each engine that passes app/enhance/cut-the-mustard.tsx's check. */
const CLIENT_TARGET = ["chrome85", "edge85", "firefox98", "safari15.4", "ios15.4"];

/** The packages every page runs before its own code, as one chunk ("framework"); all else as Rollup splits it. */
function frameworkChunk(id: string): string | undefined {
  return /[\\/]node_modules[\\/](react|react-dom|scheduler|@remix-run[\\/][\w-]+|react-router|react-router-dom|turbo-stream)[\\/]/.test(id)
    ? "framework"
    : undefined;
}

/** The portal can be built for a sub-path (BASE_PATH=/portal/); the server checks it runs the matching build. */
const basePath = (process.env.BASE_PATH ?? "/").replace(/\/?$/, "/");
const buildDirectory = process.env.BUILD_DIR ?? "build";

export default defineConfig(({ isSsrBuild }) => ({
  base: basePath,
  resolve: { alias: { "~": path.resolve(__dirname, "app") } },
  build: {
    // The browsers that pass the "cut the mustard" check (app/enhance/cut-the-mustard.tsx: showModal, submitter,
    // replaceAll) and no older: README "Browsers". Nothing older ever runs these files (decision 077).
    target: isSsrBuild ? "node20" : CLIENT_TARGET,
    cssMinify: true,
    // Terser's safe options only (no unsafe_*, no property mangling; license comments kept): ~4 KiB gzip less per
    // page than esbuild's minifier (decision 077).
    minify: isSsrBuild ? false : "terser",
    terserOptions: { ecma: 2020, module: true, compress: { passes: 2 } },
    // React, React DOM and the Remix runtime in one chunk: every page needs all of it, and one file gzips ~2 KiB
    // smaller than the two Rollup made of it (decision 077).
    rollupOptions: isSsrBuild ? undefined : { output: { manualChunks: frameworkChunk } },
    // CLIENT_SOURCEMAP=1: hidden source maps of the browser chunks, for bench/client-packages.mjs (what each page is made of).
    sourcemap: !isSsrBuild && process.env.CLIENT_SOURCEMAP === "1" ? "hidden" : false,
  },
  plugins: [
    routeChunkFallback(),
    contractSchemasPure(),
    remix({
      basename: basePath,
      buildDirectory,
      future: {
        v3_fetcherPersist: true,
        v3_relativeSplatPath: true,
        v3_throwAbortReason: true,
        v3_lazyRouteDiscovery: true,
        v3_singleFetch: true,
        v3_routeConfig: true,
      },
    }),
  ],
}));
