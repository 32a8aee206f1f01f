import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import {
  covers,
  englishKeys,
  englishNode,
  importGraph,
  keysNamed,
  keysNamedIn,
  loaderModule,
  PAGE_KEYS_FILE,
  pageRoutes,
  renderPageKeys,
  rendersTexts,
  routeName,
  scanPageKeys,
  withFetched,
} from "../../scripts/page-texts";
import { PAGE_KEYS } from "./page-keys.generated";

/**
 * The browser has only the texts the loaders send (decisions 059, 073): the root's (its layout's keys; flash
 * messages bring their own) and each page's `withTexts(page, loader)`, the keys page-keys.generated.ts lists for it.
 * A key a page's modules name (a literal "section.key" or `section.${…}` anywhere in its import graph, server modules
 * included: their keys come back in loader and action data; and in the JSON routes it fetches, the live phone check)
 * that its loader does not send would show as the key.
 */
const app = path.resolve(__dirname, "..");
const pages = PAGE_KEYS as Record<string, readonly string[]>;
const english = englishKeys();

/** The page name a route's loader passes to withTexts, or null. */
function declaredPage(file: string): string | null {
  return /withTexts\(\s*"([^"]+)"/.exec(fs.readFileSync(loaderModule(file), "utf8"))?.[1] ?? null;
}

describe("the texts each page sends to the browser", () => {
  it("page-keys.generated.ts is current (run `npm run texts`)", () => {
    expect(fs.readFileSync(PAGE_KEYS_FILE, "utf8")).toBe(renderPageKeys());
  });

  it("reads keys, subtrees and prefixes from code, not from comments", () => {
    expect(keysNamedIn('t("landing.title"); x = `medical.questions.${q}.label`; y = `landing.badge${n}`; z = "labPages.tests";')).toEqual([
      "landing.title",
      "medical.questions.*",
      "landing.badge*",
      "labPages.tests",
    ]);
    expect(keysNamedIn('// t("landing.title")\n/** `errors.form` */\nconst a = "app.css"; const b = "landing.x" + y;')).toEqual(["landing.x"]);
    expect(keysNamedIn('e = withParams("validation.textTooLong?max=3")')).toEqual(["validation.textTooLong"]);
  });

  it("every key the root's layout (browser code) names is sent by the root and exists in English", () => {
    const named = keysNamed(importGraph(path.join(app, "root.tsx"), false));
    expect(named.length).toBeGreaterThan(10);
    expect(named.filter((k) => !pages.root!.includes(k))).toEqual([]);
    expect(named.filter((k) => !exists(k))).toEqual([]);
  });

  const routes = pageRoutes().filter(rendersTexts);
  it.each(routes.map((file) => [path.basename(file), file] as const))("%s sends every key its modules name", (_name, file) => {
    const page = declaredPage(file);
    expect(page, "the page's loader is wrapped in withTexts(its route's name, loader)").toBe(routeName(loaderModule(file)));
    const sent = [...pages.root!, ...pages[page!]!];
    const named = keysNamed(withFetched(importGraph(file, true)));
    expect(named.length).toBeGreaterThan(0);
    expect(named.filter((k) => !(k.endsWith("*") ? sent.includes(k) : covers(sent, k)))).toEqual([]);
    expect(named.filter((k) => !exists(k))).toEqual([]);
  });

  it("lists only pages whose loader sends them, and the root", () => {
    const used = new Set(routes.map(declaredPage));
    expect(Object.keys(pages).filter((p) => p !== "root" && !used.has(p))).toEqual([]);
    expect(Object.keys(scanPageKeys())).toEqual(Object.keys(pages));
  });
});

/** A written key names an English text or subtree; a prefix starts at least one English key. */
function exists(key: string): boolean {
  return key.endsWith("*") ? english.some((k) => k.startsWith(key.slice(0, -1))) : englishNode(key) !== undefined;
}
