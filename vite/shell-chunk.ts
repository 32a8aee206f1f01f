import type { Rollup } from "vite";

/**
 * The browser build's one "shell" chunk: every module the client entry and the root route import, directly or
 * not (React, React DOM, React Router, the layout's components and the enhancements), except those two modules
 * themselves, which React Router loads by their own URLs. Every page loads all of it before its own code; as one
 * file it gzips smaller than the five to eight shared chunks Rollup made of it (decision 077).
 *
 * With it go the few small modules that most pages import on their own (`sharedBy` page modules or more, through
 * static imports: the form fields, the error summary, the contract's enumerations): each was a file of under 1.5 KiB
 * that most pages fetched one more time over a slow network before they could start (decision 124). What fewer pages
 * share stays in Rollup's shared chunks, what one page imports in its own chunk, and what is imported lazily
 * (`import()`) is never followed.
 */
export function shellChunk(entries: readonly string[], { sharedBy = 5 }: { sharedBy?: number } = {}): Rollup.ManualChunksOption {
  let shell: Set<string> | null = null;
  return (id, { getModuleInfo, getModuleIds }) => {
    if (!shell) {
      /** Every module `from` imports statically, at any depth (`from` included). */
      const reach = (from: string, seen = new Set<string>()) => {
        if (seen.has(from)) return seen;
        seen.add(from);
        for (const imported of getModuleInfo(from)?.importedIds ?? []) reach(imported, seen);
        return seen;
      };
      const seen = new Set<string>();
      for (const entry of entries) {
        // A renamed root or entry would silently give back Rollup's many shared chunks: fail the build instead.
        if (!getModuleInfo(entry)) throw new Error(`vite/shell-chunk.ts: ${entry} is not in the client build`);
        reach(entry, seen);
      }
      const pages = [...getModuleIds()].filter((m) => getModuleInfo(m)?.isEntry && !entries.includes(m));
      const pagesReaching = new Map<string, number>();
      for (const page of pages) {
        for (const m of reach(page)) if (m !== page && !seen.has(m)) pagesReaching.set(m, (pagesReaching.get(m) ?? 0) + 1);
      }
      for (const [m, count] of pagesReaching) if (count >= sharedBy && !pages.includes(m)) seen.add(m);
      for (const entry of entries) seen.delete(entry);
      shell = seen;
    }
    return shell.has(id) ? "shell" : undefined;
  };
}
