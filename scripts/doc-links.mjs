// The links of README.md and docs/**/*.md: each relative target must exist in the repository, and an anchor into a
// Markdown file must name one of its headings (GitHub's heading ids). tests/unit/docs-links.test.ts runs it.
// Node built-ins only.
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");

/** README.md and every Markdown file under docs/, relative to the repository root. */
export function markdownFiles() {
  const out = ["README.md"];
  const walk = (dir) => {
    for (const name of fs.readdirSync(path.join(root, dir)).sort()) {
      const rel = path.posix.join(dir, name);
      if (fs.statSync(path.join(root, rel)).isDirectory()) walk(rel);
      else if (name.endsWith(".md")) out.push(rel);
    }
  };
  walk("docs");
  return out;
}

/** The text outside fenced code blocks, so that code that looks like a link or a heading is not read as one. */
function withoutFences(text) {
  return text.replace(/^(```|~~~)[^\n]*\n[\s\S]*?^\1[^\n]*$/gm, "");
}

/** The text outside fenced code blocks and inline code spans. */
function prose(text) {
  return withoutFences(text).replace(/`[^`\n]*`/g, "");
}

/** Every inline link and image target of a Markdown text, as written. */
export function linkTargets(text) {
  const targets = [];
  for (const match of prose(text).matchAll(/!?\[(?:[^\]\\]|\\.)*\]\(\s*<?([^)\s>]+)>?(?:\s+"[^"]*")?\s*\)/g)) targets.push(match[1] ?? "");
  return targets;
}

/** GitHub's id of a heading: lower case, punctuation dropped, spaces as hyphens, a repeat numbered. */
export function headingIds(text) {
  const seen = new Map();
  const ids = [];
  for (const line of withoutFences(text).split("\n")) {
    const heading = /^#{1,6}\s+(.*?)\s*#*\s*$/.exec(line);
    if (!heading) continue;
    const plain = (heading[1] ?? "").replace(/\[([^\]]*)\]\([^)]*\)/g, "$1").replace(/[*_`]/g, "");
    const base = plain
      .toLowerCase()
      .replace(/[^\p{L}\p{N}\s-]/gu, "")
      .replace(/\s/g, "-");
    const count = seen.get(base) ?? 0;
    seen.set(base, count + 1);
    ids.push(count === 0 ? base : `${base}-${count}`);
  }
  return ids;
}

/** Links of `file` (relative to the root) whose target is not in the repository, as "file: target (why)". */
export function brokenLinks(file, readFile = (f) => fs.readFileSync(path.join(root, f), "utf8"), exists = (f) => fs.existsSync(path.join(root, f))) {
  const broken = [];
  const text = readFile(file);
  for (const target of linkTargets(text)) {
    if (/^[a-z][a-z0-9+.-]*:/i.test(target)) continue; // http:, https:, mailto:: outside by design
    const [rawPath = "", anchor] = target.split("#", 2);
    const pathPart = decodeURIComponent(rawPath);
    if (pathPart.startsWith("/")) {
      broken.push(`${file}: ${target} (an absolute path)`);
      continue;
    }
    const resolved = pathPart === "" ? file : path.posix.normalize(path.posix.join(path.posix.dirname(file), pathPart));
    if (resolved.startsWith("../")) {
      broken.push(`${file}: ${target} (outside the repository)`);
      continue;
    }
    if (!exists(resolved)) {
      broken.push(`${file}: ${target} (no such file)`);
      continue;
    }
    if (anchor !== undefined && resolved.endsWith(".md") && !headingIds(readFile(resolved)).includes(anchor)) {
      broken.push(`${file}: ${target} (no such heading)`);
    }
  }
  return broken;
}
