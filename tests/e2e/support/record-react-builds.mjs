// Preloaded into a portal process by react-builds.spec.ts (`node --import`): writes the files of the `react` and
// `react-dom` packages that the process has run to the file named by RECORD_REACT_BUILDS, a line each, every 200 ms:
// the modules of CommonJS's cache that are `loaded` (Node also caches, unloaded, a file it only read to learn the
// export names of a module that an ES module imports: react/index.js names both of its builds).
import fs from "node:fs";
import { createRequire } from "node:module";

const out = process.env.RECORD_REACT_BUILDS;
if (out) {
  const { cache } = createRequire(import.meta.url);
  const record = () => {
    const files = Object.entries(cache)
      .filter(([file, module]) => module?.loaded && /[\\/]node_modules[\\/](react|react-dom)[\\/]/.test(file))
      .map(([file]) => file);
    fs.writeFileSync(out, files.join("\n"));
  };
  setInterval(record, 200).unref();
}

// RECORD_PACKAGES: the packages (their names under node_modules) whose modules the process has loaded, ES modules
// included (Node's synchronous module hooks), a line each, every 200 ms: what a portal at rest holds in memory.
const packagesOut = process.env.RECORD_PACKAGES;
if (packagesOut) {
  const { registerHooks } = await import("node:module");
  const seen = new Set();
  registerHooks({
    load(url, context, nextLoad) {
      const match = /[\\/]node_modules[\\/]((?:@[^\\/]+[\\/])?[^\\/]+)[\\/]/.exec(decodeURIComponent(url));
      if (match) seen.add(match[1].replace("\\", "/"));
      return nextLoad(url, context);
    },
  });
  setInterval(() => fs.writeFileSync(packagesOut, [...seen].sort().join("\n")), 200).unref();
}
