import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import en from "~/locales/en/index";

/**
 * The browser has only the texts the loaders send (decision 059): the root's sections (and the idle warning's keys;
 * flash messages bring their own texts) and each route's
 * `withTexts([...])`. A section a route's modules name (a literal "section.key" or `section.${…}` anywhere in its
 * import graph, server modules included: their keys come back in loader and action data) but its loader does not
 * send would show its key instead of the text. This reads the sources and checks every page route covers them.
 */
const app = path.resolve(__dirname, "..");
const sections = Object.keys(en);
const keyPattern = new RegExp(`["'\`](${sections.join("|")})\\.[a-zA-Z$]`, "g");

function resolve(from: string, spec: string): string | null {
  let p: string;
  if (spec.startsWith("~/")) p = path.join(app, spec.slice(2));
  else if (spec.startsWith(".")) p = path.resolve(path.dirname(from), spec);
  else return null;
  for (const c of [p, `${p}.ts`, `${p}.tsx`, `${p}/index.ts`, `${p}/index.tsx`]) if (fs.existsSync(c) && fs.statSync(c).isFile()) return c;
  return null;
}

/** The module and every module it imports (not type-only imports, not the locale files themselves). */
function importGraph(file: string, withServer: boolean, seen = new Set<string>()): Set<string> {
  if (seen.has(file)) return seen;
  seen.add(file);
  for (const m of fs.readFileSync(file, "utf8").matchAll(/(?:^|\n)\s*(import|export)\s(?!type\s)[^;]*?from\s*["']([^"']+)["']/g)) {
    const target = resolve(file, m[2]!);
    if (!target || target.includes(`${path.sep}locales${path.sep}`)) continue;
    if (!withServer && /\.server\.tsx?$/.test(target)) continue;
    importGraph(target, withServer, seen);
  }
  return seen;
}

function sectionsNamed(files: Set<string>): Set<string> {
  const found = new Set<string>();
  for (const f of files) for (const m of fs.readFileSync(f, "utf8").matchAll(keyPattern)) found.add(m[1]!);
  return found;
}

/** The string literals of the first array after `marker` in the source. */
function declaredList(source: string, marker: RegExp): string[] | null {
  const m = marker.exec(source);
  if (!m) return null;
  const list = source.slice(m.index + m[0].length, source.indexOf("]", m.index + m[0].length));
  return [...list.matchAll(/"([^"]+)"/g)].map((x) => x[1]!);
}

const rootSource = fs.readFileSync(path.join(app, "root.tsx"), "utf8");
const rootSections = declaredList(rootSource, /ROOT_TEXTS[^=]*=\s*\[/) ?? [];
/** Single keys the root sends (the idle warning's); their section's other texts come only as flash messages. */
const rootKeys = declaredList(rootSource, /IDLE_TEXTS[^=]*=\s*\[/) ?? [];
const rootTexts = [...rootSections, ...rootKeys.map((k) => k.split(".")[0]!)];

/** Route files that render a page (a default export), with the loader's declared sections (following re-exports). */
function pageRoutes(): { file: string; declared: string[] | null }[] {
  const dir = path.join(app, "routes");
  return fs
    .readdirSync(dir)
    .map((name) => path.join(dir, name))
    .filter((file) => /export default|export \{[^}]*\bdefault\b/.test(fs.readFileSync(file, "utf8")))
    .map((file) => {
      let source = fs.readFileSync(file, "utf8");
      const reexport = /export \{[^}]*\bloader\b[^}]*\} from "([^"]+)"/.exec(source);
      if (reexport) source = fs.readFileSync(resolve(file, reexport[1]!)!, "utf8");
      return { file, declared: declaredList(source, /withTexts\(\s*\[/) };
    });
}

describe("the texts each page sends to the browser", () => {
  it("the root sends every section its layout (browser code) names, or each key it names of that section", () => {
    const graph = importGraph(path.join(app, "root.tsx"), false);
    const named = [...sectionsNamed(graph)];
    expect(rootSections.length).toBeGreaterThan(0);
    expect(named.filter((s) => !rootTexts.includes(s))).toEqual([]);
    const keyed = new Set(rootKeys.map((k) => k.split(".")[0]!));
    for (const f of graph) {
      for (const m of fs.readFileSync(f, "utf8").matchAll(/["'`]([a-zA-Z]+)\.([\w.]*)(\$\{)?/g)) {
        if (!keyed.has(m[1]!) || rootSections.includes(m[1]!)) continue;
        expect(m[3], `${m[1]}.${m[2]} is built in ${path.relative(app, f)}: send its section`).toBeUndefined();
        expect(rootKeys, path.relative(app, f)).toContain(`${m[1]}.${m[2]}`);
      }
    }
  });

  it.each(pageRoutes().map((r) => [path.basename(r.file), r] as const))("%s sends every section its modules name", (_name, route) => {
    const named = [...sectionsNamed(importGraph(route.file, true))].filter((s) => !rootTexts.includes(s)).sort();
    // A layout that renders no text of its own (the private layout's <Outlet>): its pages send what they need.
    const rendersTexts = sectionsNamed(importGraph(route.file, false)).size > 0 || /useTranslation/.test(fs.readFileSync(route.file, "utf8"));
    if (!rendersTexts || (named.length === 0 && route.declared === null)) return;
    expect(route.declared, "the page's loader is wrapped in withTexts([...])").not.toBeNull();
    expect(named.filter((s) => !route.declared!.includes(s))).toEqual([]);
    // Every listed section exists in the messages.
    expect(route.declared!.filter((s) => !sections.includes(s))).toEqual([]);
  });
});
