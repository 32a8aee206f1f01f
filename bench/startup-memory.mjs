// `node bench/startup-memory.mjs [runs]` (default 3): only the start-up part of `npm run bench`, for issue 13's RSS goals,
// on the build in BUILD_DIR (run `npm run build` first): `node build/server.js` with a fresh DATA_DIR until /readyz
// answers, RSS 1 s later; then again on the same DATA_DIR (a restart). Prints one line per start and the medians.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { freePort, readMemory, startServer } from "./lib.mjs";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const server = path.resolve(root, process.env.BUILD_DIR ?? "build", "server.js");
const runs = Number(process.argv[2] ?? 3);
const mib = (kib) => (kib / 1024).toFixed(0);
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

async function start(dataDir) {
  const s = await startServer({
    name: "the portal",
    args: [server],
    cwd: root,
    port: await freePort(),
    timeoutMs: 180_000,
    env: { DATA_DIR: dataDir, NODE_ENV: "development", DEMO_MODE: "true", LOG_LEVEL: "error" },
  });
  await new Promise((resolve) => setTimeout(resolve, 1_000));
  const memory = readMemory(s.pid);
  await s.stop();
  return { startupMs: s.startupMs, rssKiB: memory?.rssKiB ?? NaN, hwmKiB: memory?.hwmKiB ?? NaN };
}

const results = { fresh: [], restart: [] };
for (let i = 0; i < runs; i += 1) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "bench-startup-"));
  try {
    for (const kind of ["fresh", "restart"]) {
      const r = await start(dataDir);
      results[kind].push(r);
      console.log(`${kind.padEnd(7)} ready in ${r.startupMs.toFixed(0)} ms, RSS ${mib(r.rssKiB)} MiB (peak ${mib(r.hwmKiB)} MiB)`);
    }
  } finally {
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}
for (const kind of ["fresh", "restart"]) {
  const rs = results[kind];
  console.log(
    `median ${kind}: ready in ${median(rs.map((r) => r.startupMs)).toFixed(0)} ms, RSS ${mib(median(rs.map((r) => r.rssKiB)))} MiB, peak ${mib(median(rs.map((r) => r.hwmKiB)))} MiB`,
  );
}
console.log(
  `load average ${os
    .loadavg()
    .map((x) => x.toFixed(2))
    .join(" ")}`,
);
