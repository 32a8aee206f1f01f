// `npm run docs`: rewrites the generated documentation indexes, the requirements' traceability table and the
// decision index. tests/unit/docs-indexes.test.ts fails when either is out of date.
import fs from "node:fs";
import path from "node:path";
import { DECISIONS_INDEX, renderDecisionIndex } from "./decisions.mjs";
import { renderTraceability, TRACEABILITY_FILE } from "./requirements.mjs";

for (const [file, text] of [
  [TRACEABILITY_FILE, renderTraceability()],
  [DECISIONS_INDEX, renderDecisionIndex()],
]) {
  fs.writeFileSync(file, text);
  console.log(`Wrote ${path.relative(process.cwd(), file)}`);
}
