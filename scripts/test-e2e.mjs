// `npm run test:e2e [-- <spec files> --project js …]`: the end-to-end journeys, building the app first when its
// sources changed since the last build. Without arguments, every project (js, nojs, older, oldest, proxy-js,
// proxy-nojs). The portal built for /portal/ and nginx in front of it are started only when a project behind the proxy
// is chosen (E2E_PROXY=0 leaves them out always). It changes the machine (Debian packages, the PostgreSQL test role)
// only in CI or with SETUP_MACHINE=1; otherwise it says what is missing and how to add it.
import { ensureInstalled, ensureSupportedNode } from "./lib.mjs";
import { ensureE2eBuilds, ensurePostgres, ensureSystemPackages, needsProxy, runE2e } from "./suite.mjs";

ensureSupportedNode();
try {
  const args = process.argv.slice(2);
  const proxy = needsProxy(args);
  ensureInstalled();
  ensureSystemPackages(["chromium", "postgresql", "poppler-utils", ...(proxy ? /** @type {const} */ (["nginx"]) : [])]);
  await ensureE2eBuilds({ proxy });
  runE2e(args, ensurePostgres(), { proxy });
} catch (error) {
  console.error(error.message);
  process.exit(error.exitCode ?? 1);
}
