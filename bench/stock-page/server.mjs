// Serves the stock page's build as react-router-serve would (not installed here): Express, compression() with its
// defaults, the client assets immutable for a year, the other client files, then React Router's request handler
// (@react-router/node's createRequestListener). NODE_ENV=production unless set, as react-router-serve, before React
// is loaded (hence the dynamic imports).
//
//   node bench/stock-page/server.mjs <build dir> <port>
import path from "node:path";
import { pathToFileURL } from "node:url";

const [buildDir, port] = process.argv.slice(2);
if (!buildDir || !port) {
  console.error("usage: node bench/stock-page/server.mjs <build dir> <port>");
  process.exit(2);
}
process.env.NODE_ENV ??= "production";
const { createRequestListener } = await import("@react-router/node");
const { default: compression } = await import("compression");
const { default: express } = await import("express");
const build = await import(pathToFileURL(path.resolve(buildDir, "server", "index.js")).href);
const client = path.resolve(buildDir, "client");

const app = express();
app.disable("x-powered-by");
app.use(compression());
app.use(path.posix.join(build.publicPath, "assets"), express.static(path.join(client, "assets"), { immutable: true, maxAge: "1y" }));
app.use(build.publicPath, express.static(client));
app.use(createRequestListener({ build, mode: process.env.NODE_ENV }));
app.listen(Number(port), "127.0.0.1");
