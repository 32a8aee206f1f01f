// What each page's JavaScript is made of (issue 13): every chunk of the client build, and inside it every package
// (react-dom, react, scheduler, react-router (with its router and turbo-stream),
// zod, the app's own code), from the build's source maps. Each minified byte is given to the source file its
// source-map segment points at; a package's gzip figure is its bytes gzipped on their own (so the packages of a
// chunk add up to a little more than the chunk's own gzip, which the chunk line gives).
//
//   CLIENT_SOURCEMAP=1 npx react-router build   # the same build, plus hidden .map files next to the client chunks
//   node bench/client-packages.mjs [--files] [build/client] [route id...]
//
// No dependency: the source map's "mappings" (base64 VLQ) are decoded here.
import fs from "node:fs";
import path from "node:path";
import zlib from "node:zlib";
import { manifestOf, pageFiles } from "./route-weights.mjs";

const B64 = Object.fromEntries([..."ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/"].map((c, i) => [c, i]));

/** The segments of one generated line: [generatedColumn, sourceIndex][] (columns rising). */
function decodeLine(text, state) {
  const segments = [];
  for (const segment of text.split(",")) {
    if (!segment) continue;
    const values = [];
    let value = 0;
    let shift = 0;
    for (const c of segment) {
      const digit = B64[c];
      value += (digit & 31) << shift;
      if (digit & 32) shift += 5;
      else {
        values.push(value & 1 ? -(value >>> 1) : value >>> 1);
        value = 0;
        shift = 0;
      }
    }
    state.column += values[0];
    if (values.length > 1) {
      state.source += values[1];
      segments.push([state.column, state.source]);
    } else segments.push([state.column, -1]);
  }
  return segments;
}

/** "react-dom", "react-router", … or "app" / "vite" for the portal's own code and the bundler's helpers. */
export function packageOf(source) {
  const i = source.lastIndexOf("node_modules/");
  if (i < 0) return /vite\/|preload-helper|commonjsHelpers|^\0/.test(source) ? "(bundler)" : "app";
  const rest = source.slice(i + "node_modules/".length).split("/");
  return rest[0].startsWith("@") ? `${rest[0]}/${rest[1]}` : rest[0];
}

/** { package: text } for one chunk: its minified code split by where each piece came from. */
export function chunkPieces(code, map, by = packageOf) {
  const lines = code.split("\n");
  const mapLines = map.mappings.split(";");
  const pieces = {};
  const add = (pkg, text) => (pieces[pkg] = (pieces[pkg] ?? "") + text);
  const state = { source: 0 };
  lines.forEach((line, n) => {
    state.column = 0;
    const segments = decodeLine(mapLines[n] ?? "", state);
    if (segments.length === 0 || segments[0][0] > 0) add("(unmapped)", line.slice(0, segments[0]?.[0] ?? line.length));
    segments.forEach(([column, source], k) => {
      const end = segments[k + 1]?.[0] ?? line.length;
      add(source < 0 ? "(unmapped)" : by(map.sources[source]), line.slice(column, end));
    });
  });
  return pieces;
}

const gzip = (text) => zlib.gzipSync(text, { level: 9 }).length;
const kib = (n) => (n / 1024).toFixed(1);

/** [{ file, bytes, gzip, packages: [{ name, bytes, gzip }] }] for every client chunk that has a source map. */
export function chunkBreakdown(clientDir, by = packageOf) {
  const assets = path.join(clientDir, "assets");
  const out = [];
  for (const file of fs.readdirSync(assets).filter((f) => f.endsWith(".js"))) {
    const code = fs.readFileSync(path.join(assets, file), "utf8");
    const mapFile = path.join(assets, `${file}.map`);
    const packages = fs.existsSync(mapFile)
      ? Object.entries(chunkPieces(code, JSON.parse(fs.readFileSync(mapFile, "utf8")), by))
          .map(([name, text]) => ({ name, bytes: Buffer.byteLength(text), gzip: gzip(text) }))
          .sort((a, b) => b.bytes - a.bytes)
      : [];
    out.push({ file: `/assets/${file}`, bytes: Buffer.byteLength(code), gzip: gzip(code), packages });
  }
  return out.sort((a, b) => b.gzip - a.gzip);
}

if (import.meta.url === `file://${process.argv[1]}`) {
  // --files: by source file instead of by package.
  const args = process.argv.slice(2).filter((a) => a !== "--files");
  const byFileName = process.argv.includes("--files");
  const clientDir = args[0] ?? "build/client";
  const chunks = chunkBreakdown(clientDir, byFileName ? (s) => s.replace(/^.*node_modules\//, "") : packageOf);
  const byFile = new Map(chunks.map((c) => [c.file, c]));
  if (!chunks.some((c) => c.packages.length))
    console.error("No source maps: build with CLIENT_SOURCEMAP=1 npx react-router build for the per-package split.");
  console.log("| Chunk | min | gzip | Packages (min / gzip alone, KiB) |\n| --- | --- | --- | --- |");
  for (const c of chunks.filter((c) => c.bytes > 600))
    console.log(
      `| ${path.basename(c.file)} | ${kib(c.bytes)} | ${kib(c.gzip)} | ${c.packages
        .filter((p) => p.bytes > (byFileName ? 500 : 150))
        .map((p) => `${p.name} ${kib(p.bytes)} / ${kib(p.gzip)}`)
        .join(", ")} |`,
    );
  const manifest = manifestOf(clientDir);
  const routes = args.slice(1);
  for (const id of routes.length ? routes : ["routes/register", "routes/_private.landing"]) {
    const files = pageFiles(manifest, id);
    const totals = {};
    for (const f of files)
      for (const p of byFile.get(f)?.packages ?? []) {
        totals[p.name] ??= { bytes: 0, gzip: 0 };
        totals[p.name].bytes += p.bytes;
        totals[p.name].gzip += p.gzip;
      }
    const sum = files.reduce((n, f) => n + (byFile.get(f)?.gzip ?? 0), 0);
    console.log(`\n${id}: ${files.length} files, ${kib(sum)} KiB gzip`);
    for (const [name, t] of Object.entries(totals).sort((a, b) => b[1].bytes - a[1].bytes))
      if (t.bytes > 100) console.log(`  ${name.padEnd(22)} ${kib(t.bytes).padStart(6)} KiB min  ${kib(t.gzip).padStart(5)} KiB gzip alone`);
  }
}
