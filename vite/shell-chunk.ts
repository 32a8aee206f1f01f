import type { Rollup } from "vite";

/**
 * The browser build's one "shell" chunk: every module the client entry and the root route import, directly or
 * not (React, React DOM, the Remix runtime, the layout's components and the enhancements), except those two
 * modules themselves, which Remix loads by their own URLs. Every page loads all of it before its own code, so
 * nothing moves onto a page that did not load it already; as one file it gzips smaller than the five to eight
 * shared chunks Rollup made of it (decision 077). Route modules and what only they import stay split per page.
 */
export function shellChunk(entries: readonly string[]): Rollup.ManualChunksOption {
  let shell: Set<string> | null = null;
  return (id, { getModuleInfo }) => {
    if (!shell) {
      const seen = new Set<string>();
      const walk = (m: string) => {
        if (seen.has(m)) return;
        seen.add(m);
        for (const imported of getModuleInfo(m)?.importedIds ?? []) walk(imported);
      };
      for (const entry of entries) {
        // A renamed root or entry would silently give back Rollup's many shared chunks: fail the build instead.
        if (!getModuleInfo(entry)) throw new Error(`vite/shell-chunk.ts: ${entry} is not in the client build`);
        walk(entry);
      }
      for (const entry of entries) seen.delete(entry);
      shell = seen;
    }
    return shell.has(id) ? "shell" : undefined;
  };
}
