// `npm run test:e2e [-- <spec files> --project js …]`: the end-to-end journeys, building the app first when its
// sources changed since the last build. Without arguments, every project (js, nojs, older, oldest, proxy-js,
// proxy-nojs); E2E_PROXY=0 leaves out the portal behind nginx (and its /portal/ build).
import { ensureInstalled, ensureSupportedNode } from "./lib.mjs";
import { ensureE2eBuilds, ensurePostgres, ensureSystemPackages, runE2e } from "./suite.mjs";

ensureSupportedNode();
try {
  ensureInstalled();
  ensureSystemPackages();
  await ensureE2eBuilds();
  runE2e(process.argv.slice(2), ensurePostgres());
} catch (error) {
  console.error(error.message);
  process.exit(error.exitCode ?? 1);
}
