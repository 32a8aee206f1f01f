// `npm start` rebuilds only when what the build is made from changed (scripts/lib.mjs sourceFingerprint): a touch, a
// checkout or an editor's save of the same text keeps the build; a changed byte does not.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { sourceFingerprint } from "../../scripts/lib.mjs";

const fingerprint: (base?: string) => string = sourceFingerprint;
let base: string;

beforeEach(() => {
  base = fs.mkdtempSync(path.join(os.tmpdir(), "fingerprint-"));
  fs.mkdirSync(path.join(base, "app", "routes"), { recursive: true });
  fs.writeFileSync(path.join(base, "app", "routes", "page.tsx"), "export default 1;\n");
  fs.writeFileSync(path.join(base, "app", "routes", "page.test.tsx"), "test\n");
  fs.mkdirSync(path.join(base, "vite"));
  fs.writeFileSync(path.join(base, "vite", "plugin.ts"), "export {};\n");
});
afterEach(() => fs.rmSync(base, { recursive: true, force: true }));

describe("the build's source fingerprint", () => {
  it("stays the same when files are touched or rewritten with the same content", () => {
    const before = fingerprint(base);
    const file = path.join(base, "app", "routes", "page.tsx");
    fs.utimesSync(file, new Date(2030, 0, 1), new Date(2030, 0, 1));
    fs.writeFileSync(file, "export default 1;\n");
    expect(fingerprint(base)).toBe(before);
  });

  it("changes when a source's content, or a build plugin, changes, and not when a test changes", () => {
    const before = fingerprint(base);
    fs.writeFileSync(path.join(base, "app", "routes", "page.test.tsx"), "another test\n");
    expect(fingerprint(base)).toBe(before);
    fs.writeFileSync(path.join(base, "vite", "plugin.ts"), "export const x = 1;\n");
    const afterPlugin = fingerprint(base);
    expect(afterPlugin).not.toBe(before);
    fs.writeFileSync(path.join(base, "app", "routes", "page.tsx"), "export default 2;\n");
    expect(fingerprint(base)).not.toBe(afterPlugin);
  });

  it("changes when a file is added or renamed", () => {
    const before = fingerprint(base);
    fs.renameSync(path.join(base, "app", "routes", "page.tsx"), path.join(base, "app", "routes", "other.tsx"));
    expect(fingerprint(base)).not.toBe(before);
  });
});
