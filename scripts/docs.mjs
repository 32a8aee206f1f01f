// `npm run docs`: rewrites the generated documentation indexes, the requirements' traceability table and the
// decision index, and (`npm run texts`) the texts each page sends. tests/unit/docs-indexes.test.ts and
// app/texts/texts-coverage.test.ts fail when one is out of date.
import { execFileSync } from "node:child_process";
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
execFileSync(process.execPath, ["--import", "tsx", "scripts/page-texts.ts"], { stdio: "inherit" });
