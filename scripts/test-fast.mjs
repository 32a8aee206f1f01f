// `npm run test:fast`: what a developer runs before every commit — the type checks and lint side by side, then the
// unit tests that need no database (Vitest's `unit` project).
import { ensureSupportedNode, run } from "./lib.mjs";
import { staticChecks } from "./suite.mjs";

ensureSupportedNode();
try {
  await staticChecks();
  console.log("\n== Unit tests ==");
  run("npx", ["vitest", "run", "--project", "unit"]);
} catch (error) {
  console.error(error.message);
  process.exit(error.exitCode ?? 1);
}
