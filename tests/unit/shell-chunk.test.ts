import { describe, expect, it } from "vitest";
import type { Rollup } from "vite";
import { shellChunk } from "../../vite/shell-chunk";

/** A module graph as Rollup's getModuleInfo gives it: each module's static imports. */
const graph: Record<string, string[]> = {
  "/app/entry.client.tsx": ["/node_modules/react-dom/client.js", "/app/enhance/keep-typed.tsx"],
  "/app/root.tsx": ["/node_modules/react/index.js", "/app/components/site-header.tsx"],
  "/node_modules/react-dom/client.js": ["/node_modules/react/index.js"],
  "/node_modules/react/index.js": [],
  "/app/enhance/keep-typed.tsx": [],
  "/app/components/site-header.tsx": ["/app/components/dialog.tsx"],
  "/app/components/dialog.tsx": [],
  "/app/routes/register.tsx": ["/app/components/dialog.tsx", "/node_modules/zod/index.js", "/app/components/fields.tsx"],
  "/node_modules/zod/index.js": [],
  "/app/routes/profile.tsx": ["/app/components/fields.tsx", "/app/features/address.tsx"],
  "/app/routes/landing.tsx": ["/app/components/fields.tsx", "/app/features/address.tsx"],
  "/app/components/fields.tsx": ["/app/components/error-summary.tsx"],
  "/app/components/error-summary.tsx": [],
  "/app/features/address.tsx": [],
};
const entryIds = new Set([
  "/app/entry.client.tsx",
  "/app/root.tsx",
  "/app/routes/register.tsx",
  "/app/routes/profile.tsx",
  "/app/routes/landing.tsx",
]);
const meta = {
  getModuleInfo: (id: string) => (graph[id] ? { importedIds: graph[id], isEntry: entryIds.has(id) } : null),
  getModuleIds: () => Object.keys(graph)[Symbol.iterator](),
} as unknown as Rollup.ManualChunkMeta;
const chunkOf = (manualChunks: Rollup.ManualChunksOption, id: string) => (manualChunks as Rollup.GetManualChunk)(id, meta);

describe("shellChunk (decision 077)", () => {
  const manualChunks = shellChunk(["/app/entry.client.tsx", "/app/root.tsx"]);

  it("puts everything the entry and the root import, at any depth, in the shell", () => {
    for (const id of [
      "/node_modules/react-dom/client.js",
      "/node_modules/react/index.js",
      "/app/enhance/keep-typed.tsx",
      "/app/components/dialog.tsx",
    ])
      expect(chunkOf(manualChunks, id)).toBe("shell");
  });

  it("leaves the entry, the root and what only pages import to Rollup", () => {
    for (const id of ["/app/entry.client.tsx", "/app/root.tsx", "/app/routes/register.tsx", "/node_modules/zod/index.js"])
      expect(chunkOf(manualChunks, id)).toBeUndefined();
  });

  it("takes in what at least `sharedBy` pages import, at any depth, and leaves what fewer share", () => {
    const threeShared = shellChunk(["/app/entry.client.tsx", "/app/root.tsx"], { sharedBy: 3, shellBy: 3 });
    expect(chunkOf(threeShared, "/app/components/fields.tsx")).toBe("shell");
    expect(chunkOf(threeShared, "/app/components/error-summary.tsx")).toBe("shell");
    expect(chunkOf(threeShared, "/app/features/address.tsx")).toBeUndefined();
    expect(chunkOf(threeShared, "/app/routes/profile.tsx")).toBeUndefined();
    // With the default (5), three pages are too few.
    expect(chunkOf(manualChunks, "/app/components/fields.tsx")).toBeUndefined();
  });

  it("puts what `sharedBy` pages or more share but fewer than `shellBy` in shared chunks, one per group of about the same pages", () => {
    const grouped = shellChunk(["/app/entry.client.tsx", "/app/root.tsx"], { sharedBy: 2, shellBy: 3 });
    // Three pages of three: the shell.
    expect(chunkOf(grouped, "/app/components/fields.tsx")).toBe("shell");
    // Two pages: a shared chunk, not the shell (register does not need it); zod, reached by one page only, stays Rollup's.
    expect(chunkOf(grouped, "/app/features/address.tsx")).toBe("shared-address");
    expect(chunkOf(grouped, "/node_modules/zod/index.js")).toBeUndefined();
  });

  it("groups modules whose pages overlap by half or more, and keeps the others apart", () => {
    const pages = ["a", "b", "c", "d", "e", "f"].map((p) => `/app/routes/${p}.tsx`);
    const wide: Record<string, string[]> = {
      "/app/entry.client.tsx": [],
      "/app/root.tsx": [],
      "/app/phone.ts": [],
      "/app/us-states.ts": [],
      "/app/dates.ts": [],
      [pages[0]!]: ["/app/phone.ts", "/app/us-states.ts"],
      [pages[1]!]: ["/app/phone.ts", "/app/us-states.ts"],
      [pages[2]!]: ["/app/phone.ts"],
      [pages[3]!]: ["/app/us-states.ts", "/app/dates.ts"],
      [pages[4]!]: ["/app/dates.ts"],
      [pages[5]!]: ["/app/dates.ts"],
    };
    const wideMeta = {
      getModuleInfo: (id: string) =>
        wide[id] ? { importedIds: wide[id], isEntry: id.startsWith("/app/routes/") || id.endsWith("root.tsx") || id.endsWith("client.tsx") } : null,
      getModuleIds: () => Object.keys(wide)[Symbol.iterator](),
    } as unknown as Rollup.ManualChunkMeta;
    const chunks = shellChunk(["/app/entry.client.tsx", "/app/root.tsx"], { sharedBy: 2, shellBy: 6 }) as Rollup.GetManualChunk;
    // phone (a, b, c) and us-states (a, b, d) overlap by 2 of 4: one chunk; dates (d, e, f) overlaps them by 1 of 5.
    expect(chunks("/app/phone.ts", wideMeta)).toBe("shared-phone");
    expect(chunks("/app/us-states.ts", wideMeta)).toBe("shared-phone");
    expect(chunks("/app/dates.ts", wideMeta)).toBe("shared-dates");
  });

  it("fails the build when an entry is not in it", () => {
    expect(() => chunkOf(shellChunk(["/app/root.jsx"]), "/app/root.tsx")).toThrow(/root\.jsx is not in the client build/);
  });
});
