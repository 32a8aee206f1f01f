import type { ServerBuild } from "react-router";
import type { RequestHandler } from "express";
import http from "node:http";

/**
 * `npm run dev` (server.ts --dev): the same server, with the app from Vite in middleware mode instead of ./build.
 * Every request loads the current route modules (Vite's SSR module graph), the browser gets hot updates over a
 * WebSocket on the portal's own port, and the registry runs in process as with `npm start`. Vite is a development
 * dependency: this module imports it only when called, so the bundled build/server.js runs without it.
 */
export type DevApp = {
  /** The server build, loaded through Vite on every request. */
  build: () => Promise<ServerBuild>;
  /** In place of the static file handlers: the development CSP, then Vite (client modules, assets, HMR client). */
  middlewares: RequestHandler[];
  /** The HTTP server Vite's HMR WebSocket is attached to, now serving the app too (for server.listen). */
  server: (app: http.RequestListener) => http.Server;
};

export async function startDevApp(): Promise<DevApp> {
  const httpServer = http.createServer();
  const { createServer, isRunnableDevEnvironment } = await import("vite");
  const vite = await createServer({ server: { middlewareMode: true, hmr: { server: httpServer } }, appType: "custom" });
  // The HMR WebSocket is an upgraded socket the HTTP server no longer waits for: close Vite with the server.
  for (const signal of ["SIGINT", "SIGTERM"] as const) process.once(signal, () => void vite.close());
  const devCsp: RequestHandler = (_req, res, next) => {
    const csp = res.getHeader("Content-Security-Policy");
    // Vite's client adds <style> elements (CSS updates, its error overlay): allowed in development only.
    if (typeof csp === "string") res.setHeader("Content-Security-Policy", csp.replace("style-src 'self'", "style-src 'self' 'unsafe-inline'"));
    next();
  };
  // Vite takes BASE_PATH off req.url for its own handlers; what it passes on gets the URL as it came.
  const viteFirst: RequestHandler = (req, res, next) => {
    const url = req.url;
    vite.middlewares(req, res, (error?: unknown) => {
      req.url = url;
      next(error);
    });
  };
  // React Router's Vite Environment API (v8_viteEnvironmentApi, react-router.config.ts): the server build comes from
  // the ssr environment's module runner, whose module graph the route edits invalidate (ssrLoadModule's no longer
  // sees them, and the open page got no hot update).
  const ssr = vite.environments.ssr;
  if (!isRunnableDevEnvironment(ssr)) throw new Error("server/dev-vite.ts: Vite's ssr environment cannot run modules in this process");
  return {
    build: () => ssr.runner.import("virtual:react-router/server-build") as Promise<ServerBuild>,
    middlewares: [devCsp, viteFirst],
    server: (app) => httpServer.on("request", app),
  };
}
