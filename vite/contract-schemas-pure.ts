import type { Plugin } from "vite";

/** The ESTree nodes this transform reads (Rollup's parser gives positions as `start`/`end`). */
type Node = { type: string; start: number; end: number };
type Declarator = Node & { init: Node | null };
type Statement = Node & { declaration?: Node | null; declarations?: Declarator[] };

/** Initializers that may call something when the module loads: what a bundler keeps unless told it is pure. */
const MAY_CALL = new Set(["CallExpression", "MemberExpression", "NewExpression", "ChainExpression", "TaggedTemplateExpression"]);

/**
 * Each top-level `const x = <call or property read>` of a module, wrapped in an immediately called arrow function
 * marked `@__PURE__`: `const x = /* @__PURE__ *\/ (() => (<expression>))()`. The value and the order of evaluation
 * are the same; a bundler may drop the whole initializer when nothing reads `x`. Pure: code in, code out.
 */
export function markTopLevelInitializersPure(code: string, program: { body: Statement[] }): string {
  const initializers: Node[] = [];
  for (const statement of program.body) {
    const declaration = statement.type === "ExportNamedDeclaration" ? (statement.declaration as Statement | null) : statement;
    if (declaration?.type !== "VariableDeclaration") continue;
    for (const declarator of declaration.declarations ?? []) {
      if (declarator.init && MAY_CALL.has(declarator.init.type)) initializers.push(declarator.init);
    }
  }
  let out = code;
  // From the end, so that the positions still to come stay right.
  for (const init of initializers.sort((a, b) => b.start - a.start)) {
    out = `${out.slice(0, init.start)}/* @__PURE__ */ (() => (${out.slice(init.start, init.end)}))()${out.slice(init.end)}`;
  }
  return out;
}

/**
 * The registry contract's modules (registry/contract) hold both plain values the browser needs (enums, keys, rules)
 * and zod schemas built when the module loads. Zod's builders have no side effects, but a bundler cannot know: each
 * schema, and with it zod (~27 KiB gzip), stayed in the browser bundle of every page that needed one constant.
 *
 * In the client build, every top-level initializer of those modules that calls something is marked pure as a whole
 * (markTopLevelInitializersPure), so a schema nothing in the browser reads is left out, chains and all
 * (`z.object(…).nullable()`, `schema.omit(…)`, `.shape`). Marking only each `z.` call (decision 060's first form)
 * left the chained calls and property reads that zod 4's schemas are made of, and zod came back into every page
 * (decision 138). The server build keeps everything; tests/client-bundle.test.ts fails if zod reaches a page.
 */
export function contractSchemasPure(): Plugin {
  return {
    name: "portal-contract-schemas-pure",
    apply: "build",
    transform(code, id) {
      if (this.environment?.config.build.ssr || !/[\\/]registry[\\/]contract[\\/][^\\/]+\.ts$/.test(id)) return null;
      return { code: markTopLevelInitializersPure(code, this.parse(code) as unknown as { body: Statement[] }), map: null };
    },
  };
}
