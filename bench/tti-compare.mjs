// A before/after of the old-phone timings (bench/tti.mjs) on a shared machine: two or more builds served at once,
// one cold load of each in turn, round after round, so the neighbours' load hits every build alike. Prints each
// build's median hydration time and time to interactive per page, with every run.
//
//   node bench/tti-compare.mjs build-before,build [rounds=6] [/register,/reset-password]
//
// Each build is a BUILD_DIR of this worktree (e.g. an older revision's client build with this build's server.js);
// BENCH_PORTS keeps the servers in a port range. Pages that need no sign-in only.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { freePort, startServer } from "./lib.mjs";
import { measureOldPhone } from "./tti.mjs";

const root = path.resolve(import.meta.dirname, "..");
const [buildList, roundsArg, pathList] = process.argv.slice(2);
if (!buildList) {
  console.error("usage: node bench/tti-compare.mjs build-a,build-b [rounds] [/page,/page]");
  process.exit(2);
}
const builds = buildList.split(",");
const rounds = Number(roundsArg ?? 6);
const pages = (pathList ?? "/register,/reset-password").split(",").map((p) => ({ name: p, path: p }));

const servers = [];
const dataDirs = [];
const runs = new Map(builds.map((b) => [b, new Map(pages.map((p) => [p.name, []]))]));
const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
const s = (ms) => (ms / 1000).toFixed(2);
try {
  for (const build of builds) {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "tti-compare-"));
    dataDirs.push(dataDir);
    servers.push(
      await startServer({
        name: build,
        args: [path.join(root, build, "server.js")],
        cwd: root,
        port: await freePort(),
        timeoutMs: 180_000,
        env: { BUILD_DIR: build, DATA_DIR: dataDir, NODE_ENV: "development", DEMO_MODE: "true", LOG_LEVEL: "error" },
      }),
    );
  }
  for (let round = 0; round < rounds; round++)
    for (const [i, build] of builds.entries()) {
      const result = await measureOldPhone({ base: servers[i].baseUrl, runs: 1, pages });
      for (const p of result.pages) runs.get(build).get(p.name).push(p.runs[0]);
    }
} finally {
  for (const server of servers) await server.stop();
  for (const dir of dataDirs) fs.rmSync(dir, { recursive: true, force: true });
}
console.log(
  `load average at the end: ${os
    .loadavg()
    .map((l) => l.toFixed(1))
    .join(" ")}`,
);
for (const [build, byPage] of runs)
  for (const [page, list] of byPage)
    console.log(
      `${build} ${page}: hydrated ${s(median(list.map((r) => r.hydrated)))} s, time to interactive ${s(median(list.map((r) => r.tti)))} s (hydrated: ${list.map((r) => s(r.hydrated)).join(", ")})`,
    );
