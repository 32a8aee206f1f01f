// The CSS check in Chromium 85 (the oldest Chrome the portal supports, decision 030): on /register and /landing, in the
// light and the dark colour scheme, every visible control is a target of at least 24×24 CSS px or spaced as WCAG 2.2's
// 2.5.8 allows (links in a sentence left out), the
// body's font is the portal's and not the browser's serif default, and axe-core's color-contrast rule passes.
import fs from "node:fs";
import { createRequire } from "node:module";

/** @typedef {import("./page-tools.mjs").Page} Page */

const AXE_SOURCE = fs.readFileSync(createRequire(import.meta.url).resolve("axe-core/axe.min.js"), "utf8");

/** Runs in the page: the visible controls smaller than 24×24 CSS px and not spaced as 2.5.8 allows. Self-contained. */
function undersizedControls() {
  const MIN = 24;
  const describe = (el) => {
    const id = el.id ? `#${el.id}` : "";
    const cls = typeof el.className === "string" && el.className.trim() ? `.${el.className.trim().split(/\s+/).join(".")}` : "";
    const label = (el.getAttribute("aria-label") || el.textContent || el.getAttribute("value") || el.getAttribute("name") || "")
      .replace(/\s+/g, " ")
      .trim();
    return `<${el.tagName.toLowerCase()}${el.type && el.tagName === "INPUT" ? ` type=${el.type}` : ""}>${id}${cls} "${label.slice(0, 50)}"`;
  };
  const shown = (el) => {
    if (el.closest('[aria-hidden="true"]') || el.closest("[inert]")) return false;
    const style = getComputedStyle(el);
    if (style.visibility === "hidden" || style.display === "none") return false;
    const r = el.getBoundingClientRect();
    // Visually hidden (1 px, clipped) or moved off the page until focused (the skip link).
    if (r.width <= 1 || r.height <= 1) return false;
    return r.right + window.scrollX > 0 && r.bottom + window.scrollY > 0;
  };
  const block = (el) => {
    for (let p = el.parentElement; p; p = p.parentElement) if (!getComputedStyle(p).display.startsWith("inline")) return p;
    return document.body;
  };
  /** A link in a sentence or a block of text (2.5.8's "Inline" exception): its block has text besides the link. */
  const inline = (el) => {
    const own = (el.textContent || "").replace(/\s+/g, "");
    const around = (block(el).textContent || "").replace(/\s+/g, "");
    return around.length > own.length;
  };
  const targets = [];
  const controls = 'a[href], button, input:not([type="hidden"]), select, textarea, summary, [role="button"]';
  for (const el of /** @type {any[]} */ (Array.from(document.querySelectorAll(controls)))) {
    if (!shown(el)) continue;
    let r = el.getBoundingClientRect();
    // A checkbox or radio is also set by its label, which is its target too (2.5.8's "Equivalent" exception).
    if ((el.type === "checkbox" || el.type === "radio") && el.labels && el.labels.length) {
      const labels = Array.from(el.labels, (l) => l.getBoundingClientRect());
      const widest = labels.reduce((a, b) => (b.width * b.height > a.width * a.height ? b : a));
      if (widest.width >= r.width && widest.height >= r.height) r = widest;
    }
    const checked = !(el.tagName === "A" && el.getAttribute("role") !== "button" && inline(el));
    targets.push({ el, r, checked, small: r.width < MIN - 0.01 || r.height < MIN - 0.01 });
  }
  // 2.5.8's "Spacing" exception: an undersized target passes when a 24 px circle centred on it meets no other target
  // and no other undersized target's circle (as axe-core's target-size rule reads it).
  const centre = (r) => ({ x: r.left + r.width / 2, y: r.top + r.height / 2 });
  const distanceToRect = (p, r) => Math.hypot(Math.max(r.left - p.x, 0, p.x - r.right), Math.max(r.top - p.y, 0, p.y - r.bottom));
  const found = [];
  for (const t of targets) {
    if (!t.checked || !t.small) continue;
    const c = centre(t.r);
    const near = targets.find(
      (o) =>
        o !== t &&
        !o.el.contains(t.el) &&
        !t.el.contains(o.el) &&
        (distanceToRect(c, o.r) < MIN / 2 || (o.small && Math.hypot(centre(o.r).x - c.x, centre(o.r).y - c.y) < MIN)),
    );
    if (near) found.push(`${describe(t.el)} ${t.r.width.toFixed(1)}×${t.r.height.toFixed(1)}, too close to ${describe(near.el)}`);
  }
  return found;
}

/** Runs in the page: the body's computed font family. */
function bodyFont() {
  return getComputedStyle(document.body).fontFamily;
}

/** The browser's own default (no author font applied): Times New Roman or a bare serif first in the list. */
export function isSerifDefault(/** @type {string} */ family) {
  const first = family
    .split(",")[0]
    .trim()
    .replace(/^["']|["']$/g, "");
  return /^(times new roman|times|serif)$/i.test(first);
}

/** axe-core's color-contrast rule on the page as it is. @param {Page} page @returns {Promise<string[]>} */
async function contrastViolations(page) {
  // Evaluated rather than added as a <script>: the portal's Content-Security-Policy refuses inline scripts, and the
  // DevTools protocol's evaluation is not subject to it (tests/e2e/fixtures.ts does the same).
  if (!(await page.evaluate('"axe" in window'))) await page.evaluate(AXE_SOURCE);
  return page.evaluate(async () => {
    const axe = /** @type {any} */ (window).axe;
    const results = await axe.run(document, { runOnly: { type: "rule", values: ["color-contrast"] }, resultTypes: ["violations"] });
    return results.violations.flatMap((/** @type {any} */ v) =>
      v.nodes.map((/** @type {any} */ n) => `${n.target.join(" ")}: ${(n.failureSummary || "").split("\n").slice(1).join(" ").trim()}`),
    );
  });
}

/**
 * The checks of one page in one colour scheme, each a name and what it does (throws with the offending elements).
 * @param {Page} page @param {string} where @param {"light" | "dark"} scheme
 */
export function cssChecks(page, where, scheme) {
  return [
    {
      name: `CSS ${where} ${scheme}: every visible control at least 24×24 CSS px (or spaced as WCAG 2.5.8 allows)`,
      run: async () => {
        const small = await page.evaluate(`(${undersizedControls.toString()})()`);
        if (small.length)
          throw new Error(`${small.length} control(s) under 24×24 and too close to another:\n${small.map((s) => `  ${s}`).join("\n")}`);
      },
    },
    {
      name: `CSS ${where} ${scheme}: the body font is the portal's, not the serif default`,
      run: async () => {
        const family = await page.evaluate(`(${bodyFont.toString()})()`);
        if (isSerifDefault(family)) throw new Error(`the body's font-family is ${family}`);
      },
    },
    {
      name: `CSS ${where} ${scheme}: axe color-contrast`,
      run: async () => {
        const found = await contrastViolations(page);
        if (found.length) throw new Error(`${found.length} element(s) with too little contrast:\n${found.map((s) => `  ${s}`).join("\n")}`);
      },
    },
  ];
}

/** Shows the page in a colour scheme, with no transitions to wait for (as the e2e journeys: decision 117). @param {Page} page @param {"light" | "dark"} scheme */
export async function emulateScheme(page, scheme) {
  await page.emulateMediaFeatures([
    { name: "prefers-color-scheme", value: scheme },
    { name: "prefers-reduced-motion", value: "reduce" },
  ]);
}
