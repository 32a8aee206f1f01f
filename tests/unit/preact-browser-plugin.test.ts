import fs from "node:fs";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { build, type Rollup } from "vite";
import { isReactModule, preactBrowser, PREACT_FOR_REACT } from "../../vite/preact-browser";

// Inside the project, so that the entries resolve its node_modules.
const cache = path.resolve(__dirname, "../../.cache");
fs.mkdirSync(cache, { recursive: true });
const dir = fs.mkdtempSync(path.join(cache, "preact-browser-"));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

/** Builds one browser entry with the plugin, as the portal's client build does, and answers its JavaScript. */
async function browserBuild(source: string): Promise<string> {
  const entry = path.join(dir, `entry-${Math.random().toString(36).slice(2)}.tsx`);
  fs.writeFileSync(entry, source);
  const out = (await build({
    configFile: false,
    logLevel: "silent",
    root: path.resolve(__dirname, "../.."),
    plugins: [preactBrowser()],
    build: { write: false, minify: false, lib: { entry, formats: ["es"], fileName: "out" } },
  })) as Rollup.RollupOutput[];
  return out[0]!.output.map((o) => (o.type === "chunk" ? o.code : "")).join("\n");
}

describe("the browser build on Preact's React layer (vite/preact-browser.ts, decision 118)", () => {
  it("maps each React entry point to an installed Preact module", () => {
    for (const target of Object.values(PREACT_FOR_REACT)) expect(() => import.meta.resolve(target)).not.toThrow();
  });

  it("builds React code with Preact and no module of React's, and says so to the code", async () => {
    const code = await browserBuild(
      [
        'import { useState } from "react";',
        'import { hydrateRoot } from "react-dom/client";',
        "function Count() { const [n] = useState(1); return <b>{n}</b>; }",
        "export const preact = import.meta.env.PORTAL_PREACT;",
        "export const start = () => hydrateRoot(document.body, <Count />);",
      ].join("\n"),
    );
    expect(code).toContain("preact");
    // Strings only React's own code holds (its internals object; its error decoder).
    expect(code).not.toMatch(/__SECRET_INTERNALS_DO_NOT_USE|reactjs\.org\/docs\/error-decoder|react\.dev\/errors/);
    expect(code).toMatch(/const preact = true/);
  });

  it("fails the build when React's own modules would reach it", async () => {
    await expect(browserBuild('import { renderToString } from "react-dom/server";\nexport const r = renderToString;')).rejects.toThrow(
      /React's own modules reached the browser build/,
    );
  });

  it("knows React's packages from others", () => {
    expect(isReactModule("/p/node_modules/react-dom/cjs/react-dom.production.min.js")).toBe(true);
    expect(isReactModule("/p/node_modules/react/index.js")).toBe(true);
    expect(isReactModule("/p/node_modules/scheduler/index.js")).toBe(true);
    expect(isReactModule("/p/node_modules/preact/compat/dist/compat.mjs")).toBe(false);
    expect(isReactModule("/p/node_modules/react-router/dist/production/index.mjs")).toBe(false);
  });
});
