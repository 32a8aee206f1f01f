// The reference for the load numbers: a bare node:http server that answers every request with bytes captured
// from real portal answers, with no work per request. Usage: node bench/bare-server.mjs <fixtures.json>
// (HOST and PORT from the environment). fixtures.json: { "/path": { status, headers: {name: value}, bodyBase64 } };
// a request is answered with the fixture of its path, or else with the first fixture.
import fs from "node:fs";
import http from "node:http";

const file = process.argv[2];
if (!file) {
  console.error("usage: node bench/bare-server.mjs <fixtures.json>");
  process.exit(2);
}
const fixtures = new Map(
  Object.entries(JSON.parse(fs.readFileSync(file, "utf8"))).map(([path, f]) => {
    const body = Buffer.from(f.bodyBase64, "base64");
    return [path, { status: f.status, headers: { ...f.headers, "Content-Length": String(body.length) }, body }];
  }),
);
const fallback = fixtures.values().next().value;
if (!fallback) {
  console.error(`${file} holds no fixtures`);
  process.exit(2);
}

const server = http.createServer((req, res) => {
  const q = req.url.indexOf("?");
  const f = fixtures.get(q < 0 ? req.url : req.url.slice(0, q)) ?? fallback;
  res.writeHead(f.status, f.headers);
  res.end(f.body);
});
server.keepAliveTimeout = 65_000;
server.listen(Number(process.env.PORT ?? 0), process.env.HOST ?? "127.0.0.1");
for (const signal of ["SIGINT", "SIGTERM"]) process.on(signal, () => server.close(() => process.exit(0)).closeAllConnections());
