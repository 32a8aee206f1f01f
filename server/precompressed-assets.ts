import accepts from "accepts";
import type { RequestHandler } from "express";
import fs from "node:fs";
import path from "node:path";

/** The extensions whose files the build compresses ahead (scripts/build.mjs `precompressAssets`). */
export const PRECOMPRESSED_EXTENSIONS = [".js", ".css", ".svg"];

/**
 * docs/decisions/143: the browser build's scripts and stylesheets, compressed once at build time with Brotli's best
 * quality (`<file>.br` beside each), sent as they are to a browser that accepts `br`; the others go on to the static
 * files and the on-the-fly compression. The files are listed once, when the server starts: a request names one of
 * them or is passed on (no file-system look-up per request, no path outside the folder).
 */
export function precompressedAssets(dir: string, options: { maxAge: string } = { maxAge: "1y" }): RequestHandler {
  const ready = new Set(
    fs.existsSync(dir)
      ? fs
          .readdirSync(dir)
          .filter((name) => name.endsWith(".br"))
          .map((name) => name.slice(0, -".br".length))
          .filter((name) => PRECOMPRESSED_EXTENSIONS.includes(path.extname(name)))
      : [],
  );
  return (req, res, next) => {
    if (req.method !== "GET" && req.method !== "HEAD") return next();
    const name = req.path.startsWith("/") ? req.path.slice(1) : req.path;
    if (!ready.has(name)) return next();
    res.vary("Accept-Encoding");
    // `br` when the browser takes it (not refused with q=0); any other answer is the static file's, compressed or not.
    if (accepts(req).encodings(["br", "identity"]) !== "br") return next();
    res.type(path.extname(name));
    res.setHeader("Content-Encoding", "br");
    res.sendFile(`${name}.br`, { root: dir, immutable: true, maxAge: options.maxAge, dotfiles: "deny" }, (error) => {
      if (error && !res.headersSent) next();
    });
  };
}
