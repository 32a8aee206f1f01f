import { spawnSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { describe, expect, it } from "vitest";

const tsx = pathToFileURL(createRequire(import.meta.url).resolve("tsx")).href;
const repo = path.resolve(__dirname, "..");

/** docs/operations.md's "Staff commands" section, up to the next section. */
function staffCommandsSection(): string {
  const text = readFileSync(path.join(repo, "docs/operations.md"), "utf8");
  const start = text.indexOf("\n## Staff commands\n");
  expect(start).toBeGreaterThan(-1);
  const end = text.indexOf("\n## ", start + 1);
  return text.slice(start, end === -1 ? undefined : end);
}

describe("the registry's commands in docs/operations.md", () => {
  it("names every command registry/cli.ts knows, as the usage line lists them", () => {
    // No command: registry/cli.ts prints `usage: registry <a|b|…>` from its own table and exits 2 (no database opened).
    const run = spawnSync(process.execPath, ["--import", tsx, path.join(repo, "registry/cli.ts")], {
      cwd: repo,
      encoding: "utf8",
      timeout: 60_000,
      env: { PATH: process.env.PATH, HOME: process.env.HOME, NODE_ENV: "development" },
    });
    expect(run.status).toBe(2);
    const names = /^usage: registry <([^>]+)>\n$/.exec(run.stderr)?.[1]?.split("|") ?? [];
    expect(names).toEqual(expect.arrayContaining(["referral-status", "program-stage", "list-referrals", "record-lab-values", "list-centers"]));
    const section = staffCommandsSection();
    const missing = names.filter((name) => !new RegExp(`\`${name}(?=[\` ])`).test(section));
    expect(missing).toEqual([]);
  });
});
