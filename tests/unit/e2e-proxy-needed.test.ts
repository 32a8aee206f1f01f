// `npm run test:e2e -- <spec> --project js` starts only what the chosen projects need (scripts/suite.mjs needsProxy):
// the portal built for /portal/ and nginx in front of it only for proxy-js and proxy-nojs.
import { describe, expect, it } from "vitest";
import { needsProxy } from "../../scripts/suite.mjs";

const needs = (args: string[], env: Record<string, string> = {}) => needsProxy(args, env);

describe("which runs of the journeys need nginx", () => {
  it("the README's one-spec command does not, with or without its project", () => {
    expect(needs(["tests/e2e/dialogs.spec.ts", "--project", "js"])).toBe(false);
    expect(needs(["tests/e2e/dialogs.spec.ts"])).toBe(false);
    expect(needs(["--project=nojs", "--grep", "proxy", "tests/e2e/dialogs.spec.ts"])).toBe(false);
    expect(needs(["--project", "js", "nojs"])).toBe(false);
    expect(needs(["-g", "@main-journey", "--project", "older", "-j", "1"])).toBe(false);
  });

  it("every project, a proxy project or a spec behind the proxy does", () => {
    expect(needs([])).toBe(true);
    expect(needs(["--grep", "sign-in"])).toBe(true);
    expect(needs(["--project", "proxy-js"])).toBe(true);
    expect(needs(["--project", "js", "proxy-nojs"])).toBe(true);
    expect(needs(["--project=proxy-*"])).toBe(true);
    expect(needs(["tests/e2e/proxy/portal.spec.ts"])).toBe(true);
    expect(needs(["-u", "missing", "tests/e2e/proxy/"])).toBe(true);
  });

  it("E2E_PROXY=0 leaves it out always", () => {
    expect(needs(["--project", "proxy-js"], { E2E_PROXY: "0" })).toBe(false);
    expect(needs([], { E2E_PROXY: "0" })).toBe(false);
  });
});
