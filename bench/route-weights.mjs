// The JavaScript a document load of each page brings, from the build's React Router manifest (issue 13: "JavaScript loaded
// by any page"): the client entry and its imports, then every route of the page's match (root, layouts, the page)
// with its imports; each file counted once, gzip level 9. Routes whose module is empty (redirects, resource routes)
// render no page and are left out.
import fs from "node:fs";
import path from "node:path";

/** The React Router manifest of a client build (build/client). */
export function manifestOf(clientDir) {
  const assets = path.join(clientDir, "assets");
  const manifestFile = fs.readdirSync(assets).find((f) => /^manifest-[\w-]+\.js$/.test(f));
  if (!manifestFile) throw new Error(`no React Router manifest in ${assets}`);
  const text = fs.readFileSync(path.join(assets, manifestFile), "utf8");
  return JSON.parse(text.slice(text.indexOf("{"), text.lastIndexOf("}") + 1));
}

/** The files a document load of the route brings: the entry and its imports, then each matched route's module and imports. */
export function pageFiles(manifest, id) {
  const routes = manifest.routes;
  const chain = (r) => (r ? [...chain(routes[r].parentId), routes[r]] : []);
  const files = new Set([manifest.entry.module, ...manifest.entry.imports]);
  for (const r of chain(id)) for (const f of [r.module, ...(r.imports ?? [])]) files.add(f);
  return [...files];
}

/** Answers [{ id, files, bytes, gzip }] for every page route, heaviest first. */
export function routeWeights(clientDir, { gzipSize }) {
  const assets = path.join(clientDir, "assets");
  const manifest = manifestOf(clientDir);
  const fileOf = (url) => path.join(assets, path.basename(url));
  const sizes = new Map();
  const size = (url) => {
    if (!sizes.has(url)) {
      const body = fs.readFileSync(fileOf(url));
      sizes.set(url, { bytes: body.length, gzip: gzipSize(body) });
    }
    return sizes.get(url);
  };
  const out = [];
  for (const route of Object.values(manifest.routes)) {
    if (route.id === "root" || size(route.module).bytes < 32) continue;
    const list = pageFiles(manifest, route.id);
    out.push({
      id: route.id,
      path: route.path ?? "",
      files: list.length,
      bytes: list.reduce((n, f) => n + size(f).bytes, 0),
      gzip: list.reduce((n, f) => n + size(f).gzip, 0),
    });
  }
  return out.sort((a, b) => b.gzip - a.gzip);
}

/** The report's section. */
export function routeWeightsSection(weights, { kib, goalKiB = 80 }) {
  const out = [];
  const heaviest = weights[0];
  out.push(`## JavaScript of every page (from the build's manifest; goal ≤ ${goalKiB} KiB gzip)`);
  out.push("");
  out.push(
    heaviest
      ? `Heaviest: **${heaviest.id}, ${kib(heaviest.gzip)} KiB gzip** over ${heaviest.files} files — goal ${heaviest.gzip <= goalKiB * 1024 ? "met" : "**not met**"}.`
      : "No page routes found.",
  );
  out.push("");
  out.push("| Route | Files | JS | JS gzip |");
  out.push("| --- | --- | --- | --- |");
  for (const w of weights) out.push(`| ${w.id} | ${w.files} | ${kib(w.bytes)} KiB | ${kib(w.gzip)} KiB |`);
  out.push("");
  out.push(
    "A document load of the page brings the client entry with its imports and, for each route of the page's match (root, layout, page), the route's module with its imports (React Router's `modulepreload` links); each file counted once, gzip level 9. Routes with an empty module (redirects, resource routes) are left out. What each page is made of, per package: `CLIENT_SOURCEMAP=1 npx react-router build`, then `node bench/client-packages.mjs` (decision 077).",
  );
  out.push("");
  return out.join("\n");
}
