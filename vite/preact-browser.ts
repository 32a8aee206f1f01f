import type { Plugin } from "vite";

/**
 * What the browser build imports in place of React (docs/decisions/118): Preact's React layer, about 36 KiB gzip
 * less on every page. The server still renders with React; the dev server keeps React (and its fast refresh).
 */
export const PREACT_FOR_REACT: Readonly<Record<string, string>> = {
  react: "preact/compat",
  "react-dom": "preact/compat",
  "react-dom/client": "preact/compat/client",
  "react/jsx-runtime": "preact/jsx-runtime",
  "react/jsx-dev-runtime": "preact/jsx-dev-runtime",
};

/** A module of React's own packages (`react`, `react-dom`, `scheduler`), which the browser build must not hold. */
export function isReactModule(id: string): boolean {
  return /[\\/]node_modules[\\/](react|react-dom|scheduler)[\\/]/.test(id);
}

/**
 * The production browser build resolves React's entry points to Preact's; every other build and environment keeps
 * React. The guard: the build fails when a module of React's own packages still got into it (an entry point this
 * table does not map, imported by a new dependency or a new React Router), instead of shipping both.
 */
export function preactBrowser(): Plugin {
  return {
    name: "portal:preact-browser",
    apply: "build",
    enforce: "pre",
    // app/enhance/document-hydration.tsx: Preact hydrates the document through <html>'s children.
    configEnvironment: (name) => (name === "client" ? { define: { "import.meta.env.PORTAL_PREACT": "true" } } : undefined),
    applyToEnvironment: (environment) => environment.name === "client",
    async resolveId(source, importer, options) {
      const target = PREACT_FOR_REACT[source];
      if (!target) return null;
      return this.resolve(target, importer, { ...options, skipSelf: true });
    },
    generateBundle() {
      const react = [...this.getModuleIds()].filter(isReactModule);
      if (react.length > 0) {
        this.error(`vite/preact-browser.ts: React's own modules reached the browser build (map their import): ${react.join(", ")}`);
      }
    },
  };
}
