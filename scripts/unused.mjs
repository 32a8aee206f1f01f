// `node scripts/unused.mjs` (part of `npm test`): finds exports no other module imports, and English locale keys no
// code names. Exits 1 with the list when it finds any.
// - Exports: every module of the TypeScript project, except those a framework or a tool loads by name (React Router routes,
//   root and entries, config files, scripts). Only values: exported types are the shape of a module's interface.
//   An export is unused when neither another module (tests included) nor its own module refers to it.
// - Locale keys: a key counts as used when the code (tests aside) holds it as a string, holds one of its parents
//   (a whole group handed over), or builds it from a template whose fixed start is a prefix of it.
import path from "node:path";
import { fileURLToPath } from "node:url";
import ts from "typescript";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const rel = (file) => path.relative(root, file).split(path.sep).join("/");

/** Modules loaded by name by React Router, Vite, Vitest, Playwright or npm scripts: their exports are their interface. */
const ENTRY_POINTS = [
  /^app\/routes\//,
  /^app\/root\.tsx$/,
  /^app\/entry\.(client|server)\.tsx$/,
  /^app\/routes\.ts$/,
  /\.config\.(ts|mjs|js)$/,
  /^scripts\//,
  /^bench\//,
  /\.d\.ts$/,
  /^tests\/e2e\/.*\.spec\.ts$/,
  // Vitest's global set-up (vitest.config.ts globalSetup).
  /^registry\/testing\/system-tools-setup\.ts$/,
];
const isTest = (file) => /\.test\.tsx?$/.test(file) || file.startsWith("tests/");

function program() {
  const configPath = path.join(root, "tsconfig.json");
  const config = ts.readConfigFile(configPath, ts.sys.readFile);
  const parsed = ts.parseJsonConfigFileContent(config.config, ts.sys, root);
  return ts.createProgram({ rootNames: parsed.fileNames, options: parsed.options });
}

export function unusedExports(prog = program()) {
  const checker = prog.getTypeChecker();
  const files = prog.getSourceFiles().filter((sf) => !sf.isDeclarationFile && !sf.fileName.includes("/node_modules/"));
  /** module file -> names imported from it by other modules ("*" for everything). */
  const used = new Map();
  /** [barrel, target] for each `export * from "./target"`. */
  const stars = [];
  const markUsed = (target, name) => {
    if (!used.has(target)) used.set(target, new Set());
    used.get(target).add(name);
  };
  const resolve = (from, specifier) =>
    ts.resolveModuleName(specifier, from.fileName, prog.getCompilerOptions(), ts.sys).resolvedModule?.resolvedFileName;

  for (const sf of files) {
    const visit = (node) => {
      if ((ts.isImportDeclaration(node) || ts.isExportDeclaration(node)) && node.moduleSpecifier && ts.isStringLiteral(node.moduleSpecifier)) {
        const target = resolve(sf, node.moduleSpecifier.text);
        if (target) {
          if (ts.isImportDeclaration(node)) {
            const clause = node.importClause;
            if (!clause) markUsed(target, "*");
            else {
              if (clause.name) markUsed(target, "default");
              const bindings = clause.namedBindings;
              if (bindings && ts.isNamespaceImport(bindings)) markUsed(target, "*");
              if (bindings && ts.isNamedImports(bindings)) for (const el of bindings.elements) markUsed(target, (el.propertyName ?? el.name).text);
            }
          } else if (!node.exportClause) stars.push([sf.fileName, target]);
          else if (ts.isNamespaceExport(node.exportClause)) markUsed(target, "*");
          else for (const el of node.exportClause.elements) markUsed(target, (el.propertyName ?? el.name).text);
        }
      }
      // import("./x") and vi.mock("./x"): everything.
      if (ts.isCallExpression(node) && node.arguments.length > 0 && ts.isStringLiteral(node.arguments[0])) {
        const callee = node.expression.getText(sf);
        if (node.expression.kind === ts.SyntaxKind.ImportKeyword || callee === "vi.mock" || callee === "vi.importActual") {
          const target = resolve(sf, node.arguments[0].text);
          if (target) markUsed(target, "*");
        }
      }
      ts.forEachChild(node, visit);
    };
    visit(sf);
  }

  // A name taken from a barrel (`export * from "./x"`) is a use of ./x's export.
  for (let changed = true; changed; ) {
    changed = false;
    for (const [barrel, target] of stars) {
      for (const name of used.get(barrel) ?? []) {
        if (!used.get(target)?.has(name)) {
          markUsed(target, name);
          changed = true;
        }
      }
    }
  }

  const findings = [];
  for (const sf of files) {
    const file = rel(sf.fileName);
    if (ENTRY_POINTS.some((re) => re.test(file)) || isTest(file)) continue;
    const names = used.get(sf.fileName) ?? new Set();
    if (names.has("*")) continue;
    const moduleSymbol = checker.getSymbolAtLocation(sf);
    if (!moduleSymbol) continue;
    for (const symbol of checker.getExportsOfModule(moduleSymbol)) {
      // Types are the shape of the module's interface (used in its own signatures); only values are checked.
      const target = symbol.flags & ts.SymbolFlags.Alias ? checker.getAliasedSymbol(symbol) : symbol;
      if (!(target.flags & ts.SymbolFlags.Value)) continue;
      // What a barrel passes on with `export *` is checked where it is declared.
      const declaredHere = (target.declarations ?? []).some((d) => d.getSourceFile() === sf) || symbol.flags & ts.SymbolFlags.Alias;
      if (!declaredHere && stars.some(([barrel]) => barrel === sf.fileName)) continue;
      if (names.has(symbol.name) || usedInOwnModule(sf, symbol.name)) continue;
      findings.push(`${file}: export ${symbol.name}`);
    }
  }
  return findings.sort();
}

/** Whether the module refers to its own export (beyond declaring it): then it is not dead, only exported. */
function usedInOwnModule(sf, name) {
  let count = 0;
  const visit = (node) => {
    if (ts.isIdentifier(node) && node.text === name) {
      const parent = node.parent;
      const isDeclarationName =
        parent &&
        "name" in parent &&
        parent.name === node &&
        (ts.isDeclarationStatement?.(parent) ||
          ts.isVariableDeclaration(parent) ||
          ts.isFunctionDeclaration(parent) ||
          ts.isClassDeclaration(parent) ||
          ts.isExportSpecifier(parent));
      if (!isDeclarationName) count++;
    }
    ts.forEachChild(node, visit);
  };
  visit(sf);
  return count > 0;
}

function leafKeys(obj, prefix = "") {
  return Object.entries(obj).flatMap(([k, v]) => (typeof v === "string" ? [`${prefix}${k}`] : leafKeys(v, `${prefix}${k}.`)));
}

export function unusedLocaleKeys(prog = program(), en) {
  const literals = new Set();
  const prefixes = new Set();
  for (const sf of prog.getSourceFiles()) {
    const file = rel(sf.fileName);
    // The generated page lists name a key only because other code does (scripts/page-texts.ts).
    if (sf.isDeclarationFile || file.startsWith("node_modules") || file.startsWith("app/locales/") || isTest(file)) continue;
    if (file === "app/texts/page-keys.generated.ts") continue;
    const visit = (node) => {
      if (ts.isStringLiteralLike(node)) literals.add(node.text);
      if (ts.isTemplateExpression(node) && node.head.text) prefixes.add(node.head.text);
      ts.forEachChild(node, visit);
    };
    visit(sf);
  }
  const pluralBase = (key) => key.replace(/_(zero|one|two|few|many|other)$/, "");
  return leafKeys(en)
    .filter((key) => {
      const base = pluralBase(key);
      const parts = base.split(".");
      for (let i = parts.length; i > 0; i--) if (literals.has(parts.slice(0, i).join("."))) return false;
      for (const prefix of prefixes) if (base.startsWith(prefix)) return false;
      return true;
    })
    .sort();
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const prog = program();
  const { createServer } = await import("vite");
  // The English locale is TypeScript: load it through Vite's module runner rather than compiling it by hand.
  const vite = await createServer({
    root,
    configFile: false,
    logLevel: "silent",
    server: { middlewareMode: true, hmr: false },
    optimizeDeps: { noDiscovery: true },
  });
  let en;
  try {
    en = (await vite.ssrLoadModule("/app/locales/en/index.ts")).default;
  } finally {
    await vite.close();
  }
  const findings = [...unusedExports(prog).map((f) => `unused ${f}`), ...unusedLocaleKeys(prog, en).map((k) => `unused locale key ${k}`)];
  if (findings.length > 0) {
    console.error(findings.join("\n"));
    console.error(`\n${findings.length} unused: delete them, or import/use them where they are meant to be used.`);
    process.exit(1);
  }
  console.log("No unused exports or locale keys.");
}
