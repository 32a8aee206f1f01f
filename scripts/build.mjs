// Builds the portal (React Router + Vite) and bundles server.ts and the registry commands, for BASE_PATH into BUILD_DIR.
import fs from "node:fs";
import path from "node:path";
import zlib from "node:zlib";
import { buildTarget, root, run, sourceFingerprint, stampFile } from "./lib.mjs";

export function build(target = buildTarget()) {
  const out = target.dir;
  fs.rmSync(path.join(root, out), { recursive: true, force: true });
  run("npx", ["react-router", "build"], { env: { BASE_PATH: target.basePath, BUILD_DIR: out, NODE_ENV: "production" } });
  // The server, and the registry's staff commands (`node build/registry.js <command>`): plain JavaScript that
  // needs only the production dependencies (no tsx), so staff can run them on an `npm ci --omit=dev` install.
  for (const [entry, file] of [
    // server/boot.ts sets NODE_ENV before server.ts (portal.js) and the libraries it imports are loaded.
    ["server/boot.ts", "server.js"],
    ["server.ts", "portal.js"],
    ["registry/cli.ts", "registry.js"],
    // The child process that creates a new PGlite data directory (registry/db/pglite.ts, docs/decisions/071).
    ["registry/db/pglite-child.ts", "pglite-child.js"],
  ]) {
    run("npx", [
      "esbuild",
      entry,
      "--bundle",
      "--platform=node",
      "--format=esm",
      "--target=node24",
      "--packages=external",
      "--log-level=warning",
      `--outfile=${out}/${file}`,
    ]);
  }
  precompressAssets(path.join(root, out, "client", "assets"));
  // The fonts of the PDFs (registry/domain/pdf-fonts.ts reads them from fonts/ next to the bundle), with their license.
  const fonts = path.join(root, "registry", "fonts");
  for (const name of fs.readdirSync(fonts).filter((name) => name.endsWith(".ttf") || name === "OFL.txt")) {
    fs.cpSync(path.join(fonts, name), path.resolve(root, out, "fonts", name));
  }
  fs.writeFileSync(
    stampFile(target),
    JSON.stringify({ fingerprint: sourceFingerprint(), basePath: target.basePath, builtAt: new Date().toISOString() }),
  );
}

/**
 * docs/decisions/143: each script, stylesheet and SVG of the browser build compressed once with Brotli's best quality
 * (`<file>.br` beside it, kept only when smaller), which the server sends as it is to browsers that take br
 * (server/precompressed-assets.ts), in place of compressing at quality 2 on every request.
 */
function precompressAssets(dir) {
  for (const name of fs.readdirSync(dir).filter((n) => [".js", ".css", ".svg"].includes(path.extname(n)))) {
    const file = path.join(dir, name);
    const bytes = fs.readFileSync(file);
    const packed = zlib.brotliCompressSync(bytes, {
      params: {
        [zlib.constants.BROTLI_PARAM_QUALITY]: zlib.constants.BROTLI_MAX_QUALITY,
        [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT,
        [zlib.constants.BROTLI_PARAM_SIZE_HINT]: bytes.length,
      },
    });
    if (packed.length < bytes.length) fs.writeFileSync(`${file}.br`, packed);
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  try {
    build();
  } catch (error) {
    console.error(error.message);
    process.exit(error.exitCode ?? 1);
  }
}
