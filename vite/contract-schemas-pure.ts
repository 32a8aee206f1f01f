import type { Plugin } from "vite";

/**
 * The registry contract's modules (registry/contract) hold both plain constants the browser needs (enums, keys)
 * and zod schemas built when the module loads. Zod's builders have no side effects, but a bundler cannot know:
 * each schema (and zod, 12 KiB gzip) stayed in the browser bundle of every page that needed one constant.
 * This marks each `z.` builder call in those modules `@__PURE__` in the client build, so a schema nothing uses is
 * left out (decision 060). The server build keeps everything.
 */
export function contractSchemasPure(): Plugin {
  return {
    name: "portal-contract-schemas-pure",
    apply: "build",
    transform(code, id) {
      if (this.environment?.config.build.ssr || !/[\\/]registry[\\/]contract[\\/][^\\/]+\.ts$/.test(id)) return null;
      return { code: code.replace(/(?<![\w.$])z\.(?=[a-z])/g, "/* @__PURE__ */ z."), map: null };
    },
  };
}
