// `npm start`: installs and builds as needed, then runs the portal (with the registry in process on PGlite
// under ./data and demo data unless configured otherwise).
import { spawn } from "node:child_process";
import path from "node:path";
import { buildDir, buildIsCurrent, ensureInstalled, ensureSupportedNode, root } from "./lib.mjs";

ensureSupportedNode();
try {
  ensureInstalled();
  if (!buildIsCurrent()) {
    console.log("Building the portal…");
    const { build } = await import("./build.mjs");
    build();
  }
} catch (error) {
  console.error(error.message);
  process.exit(error.exitCode ?? 1);
}

// Without NODE_ENV the portal runs in demo mode: generated secrets under DATA_DIR, the demo outbox, demo data.
const env = { NODE_ENV: "development", ...process.env };
const child = spawn(process.execPath, [path.join(root, buildDir(), "server.js")], { stdio: "inherit", cwd: root, env });
for (const signal of /** @type {NodeJS.Signals[]} */ (["SIGINT", "SIGTERM"])) process.on(signal, () => child.kill(signal));
child.on("exit", (code) => process.exit(code ?? 0));
