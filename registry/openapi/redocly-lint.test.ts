// The OpenAPI document passes Redocly's recommended rules (`npx @redocly/cli lint --extends recommended`): every
// operation states its credentials (`security: []` when public) and has an operationId, the document names its
// servers, every tag is described.
import { spawnSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { registryDocument } from "../routes";
import { openApiFileText } from "./document";

const CLI = path.resolve(__dirname, "../../node_modules/@redocly/cli/bin/cli.js");

/**
 * The warnings of the recommended set that stay: the specification's paths overlap (`/api/pass/record/{id}` and
 * `/api/pass/{id}/medical-record`; the router takes the most specific, registry/http/router.ts), and the project names
 * no license.
 */
const ACCEPTED_WARNINGS = new Set(["no-ambiguous-paths", "info-license"]);

type Problem = { ruleId: string; severity: "error" | "warn"; message: string; location: { pointer: string }[] };

function lint(text: string): { status: number | null; problems: Problem[] } {
  const dir = mkdtempSync(path.join(os.tmpdir(), "openapi-lint-"));
  try {
    const file = path.join(dir, "registry-openapi.json");
    writeFileSync(file, text);
    const run = spawnSync(process.execPath, [CLI, "lint", file, "--extends", "recommended", "--format", "json", "--max-problems", "1000"], {
      cwd: dir,
      encoding: "utf8",
      env: { ...process.env, REDOCLY_TELEMETRY: "off", REDOCLY_SUPPRESS_UPDATE_NOTICE: "true" },
    });
    return { status: run.status, problems: (JSON.parse(run.stdout) as { problems: Problem[] }).problems };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

const summary = (problems: Problem[]) => problems.map((p) => `${p.severity} ${p.ruleId} at ${p.location[0]?.pointer}: ${p.message}`);

describe("Redocly's recommended rules", () => {
  it("pass on the registry's document: no error, and no warning but the accepted ones", () => {
    const { status, problems } = lint(openApiFileText(registryDocument()));
    expect(summary(problems.filter((p) => p.severity === "error"))).toEqual([]);
    expect(summary(problems.filter((p) => !ACCEPTED_WARNINGS.has(p.ruleId)))).toEqual([]);
    expect(status).toBe(0);
  });

  it("fail on a document with a public operation that states no security, and without servers", () => {
    const doc = structuredClone(registryDocument()) as unknown as {
      servers?: unknown;
      paths: Record<string, Record<string, { security?: unknown }>>;
    };
    delete doc.servers;
    delete doc.paths["/health"]!.get!.security;
    const { status, problems } = lint(JSON.stringify(doc));
    expect(status).not.toBe(0);
    expect(problems.filter((p) => p.severity === "error").map((p) => p.ruleId)).toEqual(
      expect.arrayContaining(["no-empty-servers", "security-defined"]),
    );
  });
});
