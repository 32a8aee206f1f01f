import type { Config } from "@react-router/dev/config";

/** The portal can be built for a sub-path (BASE_PATH=/portal/); the server checks it runs the matching build. */
const basePath = (process.env.BASE_PATH ?? "/").replace(/\/?$/, "/");

export default {
  appDirectory: "app",
  basename: basePath,
  buildDirectory: process.env.BUILD_DIR ?? "build",
  // Every page is rendered on the server, and works without JavaScript.
  ssr: true,
  // React Router 8: what 7's v8 flags turned on (docs/decisions/082, 125) is its behaviour; route modules are split
  // (splitRouteModules defaults to true), which changes nothing here: no route exports a client loader or action.
} satisfies Config;
