/**
 * `npm run texts`: writes app/texts/page-keys.generated.ts, the texts each page sends to the browser (decision 073).
 *
 * A page's texts are the ones its modules name: every literal "section.key" (a text, or a whole subtree such as
 * "labPages.tests") and every template `section.sub.${…}` (all texts whose key starts so) anywhere in the route
 * file's import graph. Server modules count too: their keys come back in loader and action data (a form's errors, a
 * view model's `labelKey`s); so do the registry's contract modules the portal imports (validation-keys.ts lists
 * every field error the registry may answer). The root's entry is the layout's graph (root.tsx); flash messages
 * bring their own keys. app/texts/texts-coverage.test.ts fails when the file is stale.
 */
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import en from "../app/locales/en/index";
import { textKeys } from "../app/texts/texts";

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const APP = path.join(ROOT, "app");
export const PAGE_KEYS_FILE = path.join(APP, "texts", "page-keys.generated.ts");

type Tree = { readonly [key: string]: string | Tree };
const SECTIONS = Object.keys(en);
/** A key literal: a quote, a section, a dotted path; then the closing quote or a template's `${`. */
const KEY = new RegExp(`(["'\`])((?:${SECTIONS.join("|")})\\.[A-Za-z0-9_.]*)(?=\\1|\\$\\{|\\?)(\\$\\{)?`, "g");

function resolve(from: string, spec: string): string | null {
  let p: string;
  if (spec.startsWith("~/")) p = path.join(APP, spec.slice(2));
  else if (spec.startsWith(".")) p = path.resolve(path.dirname(from), spec);
  else return null;
  for (const c of [p, `${p}.ts`, `${p}.tsx`, `${p}/index.ts`, `${p}/index.tsx`]) if (fs.existsSync(c) && fs.statSync(c).isFile()) return c;
  return null;
}

/**
 * The module and every module it imports (not type-only imports, not the locale files nor the generated lists), the
 * ones it loads later with `import()` included: a part whose code comes later (app/enhance/later.tsx) still shows its
 * texts from the page's.
 */
export function importGraph(file: string, withServer = true, seen = new Set<string>()): Set<string> {
  if (seen.has(file)) return seen;
  seen.add(file);
  const source = fs.readFileSync(file, "utf8");
  const specifiers = [
    ...[...source.matchAll(/(?:^|\n)\s*(?:import|export)\s(?!type\s)[^;]*?from\s*["']([^"']+)["']/g)].map((m) => m[1]!),
    ...[...source.matchAll(/\bimport\(\s*["']([^"']+)["']\s*\)/g)].map((m) => m[1]!),
  ];
  for (const specifier of specifiers) {
    const target = resolve(file, specifier);
    if (!target || target.includes(`${path.sep}locales${path.sep}`) || target === PAGE_KEYS_FILE) continue;
    if (!withServer && /\.server\.tsx?$/.test(target)) continue;
    importGraph(target, withServer, seen);
  }
  return seen;
}

/**
 * The source without its comments (a comment may speak of a key, or of `errors.form`, the envelope's field): block
 * comments and `//` comments that start a line or follow code after a space.
 */
export function withoutComments(source: string): string {
  return source.replace(/^\s*\/\*[\s\S]*?\*\//gm, "").replace(/(^|\s)\/\/\s.*$/gm, "$1");
}

/**
 * The keys a module names: "a.b" (a text or a subtree) as written; `a.b${…}` or `a.b.${…}` as "a.b*" / "a.b.*",
 * every text whose dotted key starts with "a.b" / "a.b.".
 */
export function keysNamedIn(source: string): string[] {
  const out: string[] = [];
  for (const m of withoutComments(source).matchAll(KEY)) {
    const written = m[2]!;
    if (m[3]) out.push(`${written}*`);
    else if (!written.endsWith(".")) out.push(written);
  }
  return out;
}

/** The keys named anywhere in these modules, sorted, each once. */
export function keysNamed(files: Iterable<string>): string[] {
  const found = new Set<string>();
  for (const f of files) for (const k of keysNamedIn(fs.readFileSync(f, "utf8"))) found.add(k);
  return [...found].sort();
}

/** The route files that render a page (a default export of their own or re-exported). */
export function pageRoutes(): string[] {
  const dir = path.join(APP, "routes");
  return fs
    .readdirSync(dir)
    .sort()
    .map((name) => path.join(dir, name))
    .filter((file) => /export default|export \{[^}]*\bdefault\b/.test(fs.readFileSync(file, "utf8")));
}

/** A route's name in the generated module: its file name without the extension ("register", "_private.landing"). */
export function routeName(file: string): string {
  return path.basename(file).replace(/\.tsx?$/, "");
}

/** The route module whose `loader` a route uses: its own, or the one it re-exports it from. */
export function loaderModule(file: string): string {
  const reexport = /export \{[^}]*\bloader\b[^}]*\} from "([^"]+)"/.exec(fs.readFileSync(file, "utf8"));
  return reexport ? resolve(file, reexport[1]!)! : file;
}

/** Whether a route renders texts of its own (not so the private layout's bare <Outlet>, whose pages send theirs). */
export function rendersTexts(file: string): boolean {
  return keysNamed(importGraph(file, false)).length > 0 || /useTranslation/.test(fs.readFileSync(file, "utf8"));
}

/** Whether `key` (a written key, not a prefix) is among `keys`, as itself, as part of a subtree or under a prefix. */
export function covers(keys: readonly string[], key: string): boolean {
  return keys.some((k) => (k.endsWith("*") ? key.startsWith(k.slice(0, -1)) : key === k || key.startsWith(`${k}.`)));
}

/**
 * The resource routes that answer JSON to a page's own fetch (the live phone check), by their address
 * ("register/phone-check"): what they answer is shown by the page that fetches them. Routes with a parameter in
 * their address answer files or redirects (their messages are flash messages).
 */
function jsonRoutes(): { url: string; file: string }[] {
  const dir = path.join(APP, "routes");
  return fs
    .readdirSync(dir)
    .map((name) => path.join(dir, name))
    .filter((file) => !pageRoutes().includes(file) && /Response\.json\(/.test(fs.readFileSync(file, "utf8")))
    .map((file) => ({ file, segments: routeName(file).replace("[.]", "\0").split(".") }))
    .filter(({ segments }) => !segments.some((s) => s.startsWith("$")))
    .map(({ file, segments }) => ({
      file,
      url: segments
        .filter((s) => !s.startsWith("_"))
        .map((s) =>
          s
            .replace(/_$/, "")
            .replace(/\[(.*)\]/, "$1")
            .replace("\0", "."),
        )
        .join("/"),
    }));
}

/** The graph and the graphs of the JSON routes its modules fetch by address. */
export function withFetched(graph: Set<string>): Set<string> {
  for (const route of jsonRoutes()) {
    const address = new RegExp(`[/}]${route.url.replace(/[.]/g, "\\.")}(?![\\w/-])`);
    if ([...graph].some((f) => address.test(fs.readFileSync(f, "utf8")))) importGraph(route.file, true, graph);
  }
  return graph;
}

/**
 * The root's keys (its layout and error page: browser modules only, its loader's data holds no key but the flash
 * messages', which come with their texts) and each page's, by the name of the route module whose loader sends them
 * (a route that re-exports another's loader adds its graph to that one's; JSON routes the page fetches add theirs).
 * A page leaves out what the root sends.
 */
export function scanPageKeys(): Record<string, string[]> {
  const root = keysNamed(importGraph(path.join(APP, "root.tsx"), false));
  const graphs = new Map<string, Set<string>>();
  for (const file of pageRoutes().filter(rendersTexts)) {
    const owner = routeName(loaderModule(file));
    graphs.set(owner, withFetched(importGraph(file, true, graphs.get(owner))));
  }
  const pages: Record<string, string[]> = { root };
  for (const [name, graph] of [...graphs].sort(([a], [b]) => a.localeCompare(b))) {
    pages[name] = keysNamed(graph).filter((k) => k.endsWith("*") || !covers(root, k));
  }
  return pages;
}

/** The English node a written key names (a text or a subtree), or undefined. */
export function englishNode(key: string): string | Tree | undefined {
  let node: string | Tree | undefined = en as Tree;
  for (const part of key.split(".")) {
    if (node === undefined || typeof node === "string") return undefined;
    node = node[part];
  }
  return node;
}

/** Every English key ("section.key.sub"), for the prefixes. */
export function englishKeys(): string[] {
  return textKeys(en);
}

export function renderPageKeys(pages: Record<string, string[]> = scanPageKeys()): string {
  const lines = Object.entries(pages).map(
    ([name, keys]) =>
      `  ${/^[A-Za-z_$][\w$]*$/.test(name) ? name : JSON.stringify(name)}: [\n${keys.map((k) => `    ${JSON.stringify(k)},\n`).join("")}  ],`,
  );
  return [
    "// Generated by `npm run texts` (scripts/page-texts.ts): do not edit. The texts each page sends to the browser",
    '// (docs/decisions/073): the keys its modules name; "a.b" a text or a subtree, "a.b*" every text whose key starts so.',
    "export const PAGE_KEYS = {",
    ...lines,
    "} as const;",
    "",
    "/** A page that sends texts (`withTexts(page, loader)`), or the root's layout. */",
    "export type Page = keyof typeof PAGE_KEYS;",
    "",
  ].join("\n");
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  fs.writeFileSync(PAGE_KEYS_FILE, renderPageKeys());
  process.stdout.write(`Wrote ${path.relative(process.cwd(), PAGE_KEYS_FILE)}\n`);
}
