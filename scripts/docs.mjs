// `npm run docs`: rewrites the generated documentation indexes, the requirements' traceability table and the
// decision index, (`npm run texts`) the texts each page sends, and the registry's OpenAPI document
// (docs/registry-openapi.json). tests/unit/docs-indexes.test.ts, app/texts/texts-coverage.test.ts and
// registry/openapi/document.test.ts fail when one is out of date.
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
execFileSync(process.execPath, ["--import", "tsx", "scripts/registry-openapi.ts"], { stdio: "inherit" });
