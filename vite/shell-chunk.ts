import type { Rollup } from "vite";

/**
 * The browser build's one "shell" chunk: every module the client entry and the root route import, directly or
 * not (React, React DOM, React Router, the layout's components and the enhancements), except those two modules
 * themselves, which React Router loads by their own URLs. Every page loads all of it before its own code; as one
 * file it gzips smaller than the five to eight shared chunks Rollup made of it (decision 077).
 *
 * With it go the few small modules that many pages import on their own (`shellBy` page modules or more, through
 * static imports: the form fields, the error summary, the contract's enumerations): each was a file of under 1.5 KiB that most pages fetched one more time over a slow network before
 * they could start (decision 124). What `sharedBy` pages or more share but fewer than `shellBy` (the
 * registration's rules, phone numbers and states; the registry's dates; the staff's action form) is not made every
 * page's weight (decision 139): such modules go into a few shared chunks, one per group of modules imported by about
 * the same pages (two modules whose sets of pages overlap by half or more of their union are grouped), so a page
 * fetches one file for them, not one per module. What fewer pages share stays in Rollup's shared chunks, what one
 * page imports in its own chunk, and what is imported lazily (`import()`) is never followed.
 */
export function shellChunk(
  entries: readonly string[],
  { sharedBy = 5, shellBy = 12 }: { sharedBy?: number; shellBy?: number } = {},
): Rollup.ManualChunksOption {
  let chunkOf: Map<string, string> | null = null;
  return (id, { getModuleInfo, getModuleIds }) => {
    if (!chunkOf) {
      /** Every module `from` imports statically, at any depth (`from` included). */
      const reach = (from: string, seen = new Set<string>()) => {
        if (seen.has(from)) return seen;
        seen.add(from);
        for (const imported of getModuleInfo(from)?.importedIds ?? []) reach(imported, seen);
        return seen;
      };
      const shell = new Set<string>();
      for (const entry of entries) {
        // A renamed root or entry would silently give back Rollup's many shared chunks: fail the build instead.
        if (!getModuleInfo(entry)) throw new Error(`vite/shell-chunk.ts: ${entry} is not in the client build`);
        reach(entry, shell);
      }
      const pages = [...getModuleIds()].filter((m) => getModuleInfo(m)?.isEntry && !entries.includes(m));
      const pagesReaching = new Map<string, Set<string>>();
      for (const page of pages) {
        for (const m of reach(page)) {
          if (m === page || shell.has(m) || pages.includes(m)) continue;
          const reaching = pagesReaching.get(m) ?? new Set<string>();
          reaching.add(page);
          pagesReaching.set(m, reaching);
        }
      }
      const shared = [...pagesReaching]
        .filter(([, reaching]) => reaching.size >= sharedBy)
        .sort(([a, ra], [b, rb]) => rb.size - ra.size || (a < b ? -1 : 1));
      const groups: { name: string; pages: Set<string> }[] = [];
      chunkOf = new Map();
      // A group is named after its first module of the project's own (a package's modules may be tree-shaken away).
      const own = shared.filter(([m]) => !m.includes("/node_modules/"));
      const chunkName = (m: string) =>
        m
          .split(/[\\/]/)
          .pop()!
          .replace(/\?.*$/, "")
          .replace(/\.\w+$/, "");
      for (const [m, reaching] of [...own, ...shared.filter(([m]) => m.includes("/node_modules/"))]) {
        if (reaching.size >= shellBy) {
          shell.add(m);
          continue;
        }
        const overlap = (other: Set<string>) => {
          const both = [...reaching].filter((p) => other.has(p)).length;
          return both / (reaching.size + other.size - both);
        };
        let group = groups.find((g) => overlap(g.pages) >= 0.5);
        if (!group) {
          group = { name: `shared-${chunkName(m)}`, pages: new Set() };
          groups.push(group);
        }
        for (const p of reaching) group.pages.add(p);
        chunkOf.set(m, group.name);
      }
      for (const entry of entries) shell.delete(entry);
      for (const m of shell) chunkOf.set(m, "shell");
    }
    return chunkOf.get(id);
  };
}
