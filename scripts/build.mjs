// Builds the portal (Remix + Vite) and bundles server.ts, for BASE_PATH into BUILD_DIR.
import fs from "node:fs";
import path from "node:path";
import { buildTarget, root, run, sourceFingerprint, stampFile } from "./lib.mjs";

export function build(target = buildTarget()) {
  const out = target.dir;
  fs.rmSync(path.join(root, out), { recursive: true, force: true });
  run("npx", ["remix", "vite:build"], { env: { BASE_PATH: target.basePath, BUILD_DIR: out, NODE_ENV: "production" } });
  run("npx", [
    "esbuild",
    "server.ts",
    "--bundle",
    "--platform=node",
    "--format=esm",
    "--target=node20",
    "--packages=external",
    "--log-level=warning",
    `--outfile=${out}/server.js`,
  ]);
  fs.writeFileSync(stampFile(target), JSON.stringify({ fingerprint: sourceFingerprint(), basePath: target.basePath, builtAt: new Date().toISOString() }));
}

if (import.meta.url === `file://${process.argv[1]}`) {
  try {
    build();
  } catch (error) {
    console.error(error.message);
    process.exit(error.exitCode ?? 1);
  }
}
