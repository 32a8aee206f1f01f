import { parseAst } from "vite";
import { describe, expect, it } from "vitest";
import { markTopLevelInitializersPure } from "../../vite/contract-schemas-pure";

const mark = (code: string) => markTopLevelInitializersPure(code, parseAst(code) as never);

describe("the contract's schemas marked pure in the browser build (decisions 060, 138)", () => {
  it("wraps each top-level initializer that calls or reads a property, chains included, as one pure call", () => {
    const code = [
      'import { z } from "zod";',
      "export const account = z.object({ id: z.number().int() }).nullable();",
      "const session = account.unwrap().omit({ id: true });",
      "export const shape = session.shape;",
    ].join("\n");
    expect(mark(code).split("\n")).toEqual([
      'import { z } from "zod";',
      "export const account = /* @__PURE__ */ (() => (z.object({ id: z.number().int() }).nullable()))();",
      "const session = /* @__PURE__ */ (() => (account.unwrap().omit({ id: true })))();",
      "export const shape = /* @__PURE__ */ (() => (session.shape))();",
    ]);
  });

  it("leaves plain values, functions and statements as they are", () => {
    const code = [
      'export const Country = { us: "US", other: "other" };',
      "export const LIMIT = 15 * 60 * 1000;",
      "export const KEYS = [Country.us, Country.other];",
      "export function isUs(value) { return value === Country.us; }",
      "export const isOther = (value) => value === Country.other;",
      "let counter = 0;",
    ].join("\n");
    expect(mark(code)).toBe(code);
  });

  it("keeps each value the same when the module runs", async () => {
    const code = "const base = { a: 1 }; export const copy = Object.assign({}, base, { b: 2 }); export const two = copy.b;";
    const marked = mark(code);
    expect(marked).toContain("/* @__PURE__ */ (() => (Object.assign({}, base, { b: 2 })))()");
    const run = (source: string) => import(`data:text/javascript,${encodeURIComponent(source)}`) as Promise<{ copy: unknown; two: unknown }>;
    const [before, after] = await Promise.all([run(code), run(marked)]);
    expect(after.copy).toEqual(before.copy);
    expect(after.two).toBe(2);
  });
});
