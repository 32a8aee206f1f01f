import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { CUT_THE_MUSTARD } from "../../app/enhance/cut-the-mustard";
import { CHECKED_APIS, NEWER_APIS, usePattern } from "../e2e/support/old-browsers";

/**
 * The support policy is true (docs/decisions/089): the check tests what the browser bundle needs, and nothing that
 * reaches the browser needs an API newer than the oldest browsers the check lets through. The e2e project `oldest`
 * runs the main journeys with those APIs deleted; this finds a new use before any browser does.
 */
const root = path.resolve(__dirname, "../..");

function files(dir: string, keep: (file: string) => boolean): string[] {
  return fs
    .readdirSync(dir, { recursive: true, encoding: "utf8" })
    .map((f) => path.join(dir, f))
    .filter(keep);
}

/** The app's code that can reach the browser (server modules and tests never do), without its comments. */
function appBrowserCode(): { file: string; code: string }[] {
  return files(path.join(root, "app"), (f) => /\.(ts|tsx)$/.test(f) && !/\.(server|test)\.tsx?$/.test(f) && !f.includes(".server/")).map((file) => ({
    file: path.relative(root, file),
    code: fs.readFileSync(file, "utf8").replace(/\/\*[\s\S]*?\*\/|(^|[^:"'`])\/\/.*$/gm, "$1"),
  }));
}

/**
 * What the framework puts in the browser bundle: React Router's modules (version 8 ships them unbundled) but for the
 * server's (lib/server-runtime: sessions, cookies, the request handler) and React Server Components' (not used here),
 * React DOM, React, the scheduler.
 */
function frameworkCode(): { file: string; code: string }[] {
  const nm = path.join(root, "node_modules");
  return [
    ...files(
      path.join(nm, "react-router/dist/production"),
      (f) => f.endsWith(".js") && !/\/(index-react-server[^/]*\.js|lib\/server-runtime\/.*|lib\/rsc\/.*)$/.test(f),
    ),
    path.join(nm, "react-dom/cjs/react-dom-client.production.js"),
    path.join(nm, "react-dom/cjs/react-dom.production.js"),
    path.join(nm, "react/cjs/react.production.js"),
    path.join(nm, "react/cjs/react-jsx-runtime.production.js"),
    path.join(nm, "scheduler/cjs/scheduler.production.js"),
  ].map((file) => ({ file: path.relative(root, file), code: fs.readFileSync(file, "utf8") }));
}

describe("browser support (decisions 030, 089)", () => {
  it("the check tests every API of the checked list", () => {
    for (const api of CHECKED_APIS) {
      const tested = api.owner === "window" ? `"${api.name}" in window` : `"${api.name}" in ${api.owner}`;
      expect(CUT_THE_MUSTARD, `${api.owner}.${api.name}`).toContain(tested);
    }
  });

  it("no browser code of the app uses an API newer than the oldest browsers that pass the check", () => {
    const uses = appBrowserCode().flatMap(({ file, code }) =>
      NEWER_APIS.filter((api) => !api.noScan && usePattern(api).test(code)).map((api) => `${file}: ${api.owner}.${api.name} (${api.lackedBy})`),
    );
    expect(uses).toEqual([]);
  });

  it("nor does the framework's browser code", () => {
    const uses = frameworkCode().flatMap(({ file, code }) =>
      NEWER_APIS.filter((api) => !api.noScan && usePattern(api).test(code)).map((api) => `${file}: ${api.owner}.${api.name}`),
    );
    expect(uses).toEqual([]);
  });

  it("React Router's inline script needs only ReadableStream and TextEncoderStream, and the check tests the newer one", () => {
    const scripts = frameworkCode()
      .flatMap(({ code }) => [...code.matchAll(/let contextScript = staticContext \? `([^`]*)`/g)].map((m) => m[1]!))
      .filter((s, i, all) => all.indexOf(s) === i);
    expect(scripts).toHaveLength(1);
    const constructed = [...scripts[0]!.matchAll(/new (\w+)\(/g)].map((m) => m[1]);
    // ReadableStream: Chrome 43, Firefox 65, Safari 10.1, older than anything that passes the rest of the check.
    expect(constructed.sort()).toEqual(["ReadableStream", "TextEncoderStream"]);
    expect(CUT_THE_MUSTARD).toContain('"TextEncoderStream" in window');
  });
});
