// `npm run test:old-browsers [-- 85 90 92 --journeys | --css]`: the main journey in real Chromium 85, 90 and 92 and the
// CSS check in Chromium 85 (tests/old-browsers/run.mjs, docs/decisions/122), building the app first when its sources
// changed since the last build. `npm test` runs the same after the end-to-end journeys.
import { ensureInstalled, ensureSupportedNode, run } from "./lib.mjs";
import { ensureE2eBuilds } from "./suite.mjs";

ensureSupportedNode();
try {
  ensureInstalled();
  await ensureE2eBuilds({ proxy: false });
  run("node", ["tests/old-browsers/run.mjs", ...process.argv.slice(2)]);
} catch (error) {
  console.error(error.message);
  process.exit(error.exitCode ?? 1);
}
