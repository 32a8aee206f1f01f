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

/** The portal can be built for a sub-path (BASE_PATH=/portal/); the server checks it runs the matching build. */
const basePath = (process.env.BASE_PATH ?? "/").replace(/\/?$/, "/");
const buildDirectory = process.env.BUILD_DIR ?? "build";

export default defineConfig(({ isSsrBuild }) => ({
  base: basePath,
  resolve: { alias: { "~": path.resolve(__dirname, "app") } },
  build: {
    target: "es2019",
    cssMinify: true,
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
