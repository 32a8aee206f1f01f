import type { Config } from "@react-router/dev/config";

/** The portal can be built for a sub-path (BASE_PATH=/portal/); the server checks it runs the matching build. */
const basePath = (process.env.BASE_PATH ?? "/").replace(/\/?$/, "/");

export default {
  appDirectory: "app",
  basename: basePath,
  buildDirectory: process.env.BUILD_DIR ?? "build",
  // Every page is rendered on the server, and works without JavaScript.
  ssr: true,
  // React Router 8's behaviour, one flag at a time (docs/decisions/082, 119, 124).
  future: {
    v8_viteEnvironmentApi: true,
    v8_passThroughRequests: true,
    v8_trailingSlashAwareDataRequests: true,
    v8_middleware: true,
    v8_splitRouteModules: true,
  },
} satisfies Config;
