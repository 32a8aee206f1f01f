// What the old-browser walks do in a page (puppeteer-core 5 and 10 alike): find an element as a patient names it (its
// role and accessible name, as the Playwright journeys' getByRole/getByLabel do), wait for it, click it, type into it.
// The finders run inside the old browser, so they use nothing newer than Chrome 85 and are sent as source text: a
// function's own text, never a bundler's rewrite of it.

/**
 * @typedef {{ role: "button" | "link" | "dialog" | "heading" | "field" | "radio" | "checkbox" | "text"; name: string;
 *   exact?: boolean; level?: number; within?: Query }} Query
 * @typedef {any} Page puppeteer-core's Page (5.2.1 or 10.1.0: the walks use what both have)
 * @typedef {any} ElementHandle
 */

/** Runs in the page: the finders. Self-contained (sent as its source). */
function finders() {
  const norm = (s) => (s || "").replace(/\s+/g, " ").trim();
  const visible = (el) => {
    if (!el.isConnected || el.closest('[aria-hidden="true"]')) return false;
    if (el.getClientRects().length === 0) return false;
    return getComputedStyle(el).visibility !== "hidden";
  };
  const textWithAlt = (el) =>
    norm(
      Array.from(el.childNodes)
        .map((n) => (n.nodeType === 3 ? n.textContent : n.nodeType === 1 ? (n.tagName === "IMG" ? n.getAttribute("alt") : textWithAlt(n)) : ""))
        .join(" "),
    );
  const nameOf = (el) => {
    const by = el.getAttribute("aria-labelledby");
    if (by)
      return norm(
        by
          .split(/\s+/)
          .map((id) => (document.getElementById(id) || { textContent: "" }).textContent)
          .join(" "),
      );
    const aria = el.getAttribute("aria-label");
    if (aria) return norm(aria);
    if (el.labels && el.labels.length) return norm(Array.from(el.labels, (l) => l.textContent).join(" "));
    if (el.tagName === "INPUT" && (el.type === "submit" || el.type === "button")) return norm(el.value);
    return textWithAlt(el);
  };
  const SELECTORS = {
    button: 'button, input[type="submit"], input[type="button"], [role="button"], summary',
    link: 'a[href]:not([role="button"])',
    dialog: 'dialog, [role="dialog"]',
    heading: "h1, h2, h3, h4, h5, h6",
    field: 'input:not([type="hidden"]):not([type="radio"]):not([type="checkbox"]), select, textarea',
    radio: 'input[type="radio"]',
    checkbox: 'input[type="checkbox"]',
  };
  /** A checkbox or radio is visible through its label (Pico draws its own box; the input may be styled away). */
  const shown = (el) => visible(el) || ((el.type === "radio" || el.type === "checkbox") && el.labels && Array.from(el.labels).some(visible));
  const find = (q) => {
    const root = q.within ? find(q.within) : document;
    if (!root) return null;
    const exact = q.exact !== false;
    const matches = (name) => (exact ? name === q.name : name.indexOf(q.name) >= 0);
    if (q.role === "text") {
      const text = norm(root === document ? document.body.innerText : root.innerText);
      return text.indexOf(q.name) >= 0 ? root : null;
    }
    for (const el of Array.from(root.querySelectorAll(SELECTORS[q.role]))) {
      if (q.role === "heading" && q.level && el.tagName !== "H" + q.level) continue;
      if (shown(el) && matches(nameOf(el))) return el;
    }
    return null;
  };
  return { find, nameOf, visible, norm };
}

const FINDERS = `(${finders.toString()})()`;
const DEFAULT_TIMEOUT = 15_000;

/**
 * Waits until `expression` (JavaScript, evaluated in the page) is truthy; answers its value. While a page is replaced by
 * the next one there is a moment without a document: the expression counts as false then, not as an error.
 * @param {Page} page @param {string} expression @param {() => string} failure what went wrong, when the time is up
 */
export async function waitUntil(page, expression, failure, timeout = DEFAULT_TIMEOUT) {
  try {
    return await page.waitForFunction(`(() => { try { return ${expression}; } catch (e) { return null; } })()`, { timeout, polling: 100 });
  } catch (error) {
    throw new Error(`${failure()} (${firstLine(error)})`);
  }
}

/** @param {Query} q */
export function describe(q) {
  const self = q.role === "text" ? `the text "${q.name}"` : `${q.role}${q.level ? ` (h${q.level})` : ""} "${q.name}"`;
  return q.within ? `${self} in ${describe(q.within)}` : self;
}

/**
 * Waits until the element is there and visible; answers it.
 * @param {Page} page
 * @param {Query} q
 * @returns {Promise<ElementHandle>}
 */
export async function waitFor(page, q, timeout = DEFAULT_TIMEOUT) {
  const handle = await waitUntil(page, `${FINDERS}.find(${JSON.stringify(q)})`, () => `${describe(q)} did not appear on ${page.url()}`, timeout);
  return handle.asElement();
}

/** @param {Page} page @param {Query} q */
export async function waitGone(page, q, timeout = DEFAULT_TIMEOUT) {
  await waitUntil(page, `document.body && !${FINDERS}.find(${JSON.stringify(q)})`, () => `${describe(q)} was still shown on ${page.url()}`, timeout);
}

/** @param {Page} page @param {Query} q @returns {Promise<boolean>} */
export async function isShown(page, q) {
  return page.evaluate(`!!${FINDERS}.find(${JSON.stringify(q)})`);
}

/** @param {Page} page @param {Query} q */
export async function click(page, q) {
  const el = await waitFor(page, q);
  await el.click();
}

/** Waits until the address (path and query) matches. @param {Page} page @param {RegExp} pattern */
export async function waitForUrl(page, pattern, timeout = DEFAULT_TIMEOUT) {
  const test = `new RegExp(${JSON.stringify(pattern.source)}).test(location.pathname + location.search)`;
  await waitUntil(page, test, () => `the address never matched ${pattern} (it is ${page.url()})`, timeout);
}

/** Types into an empty field as a patient does, key by key. @param {Page} page @param {Query} q @param {string} text */
export async function type(page, q, text) {
  const el = await waitFor(page, q);
  // A click lands in the segment under the pointer of a date field (the year, at its middle): focus starts at the first.
  if (await el.evaluate((/** @type {HTMLInputElement} */ e) => e.type === "date")) await el.focus();
  else await el.click();
  await el.type(text);
}

/** The field's current value. @param {Page} page @param {Query} q @returns {Promise<string>} */
export async function valueOf(page, q) {
  const el = await waitFor(page, q);
  return el.evaluate((/** @type {HTMLInputElement} */ e) => (e.type === "checkbox" || e.type === "radio" ? String(e.checked) : e.value));
}

/** Chooses the option shown as `label` in a select, as a patient picks it. @param {Page} page @param {Query} q @param {string} label */
export async function choose(page, q, label) {
  const el = await waitFor(page, q);
  const value = await el.evaluate((/** @type {HTMLSelectElement} */ s, /** @type {string} */ wanted) => {
    const option = Array.from(s.options).find((o) => o.text.replace(/\s+/g, " ").trim() === wanted);
    return option ? option.value : null;
  }, label);
  if (value === null) throw new Error(`no option "${label}" in ${describe(q)}`);
  await el.focus();
  await el.select(value);
}

/** Waits until the enhanced layer has hydrated the page (`<html data-hydrated>`, app/enhance/document-hydration.tsx). @param {Page} page */
export async function hydrated(page, timeout = DEFAULT_TIMEOUT) {
  const hasMark = 'document.documentElement.hasAttribute("data-hydrated")';
  await waitUntil(page, hasMark, () => `${page.url()} was never hydrated: no <html data-hydrated>`, timeout);
  // React Router asks for the routes of the page's links as it hydrates (route discovery, /__manifest). A full page
  // load started before that answer came logs "Failed to fetch manifest patches": harmless to a patient, but a console
  // error here. A person takes longer than that to click; the walk waits for the answer.
  const pending = discoveries.get(page);
  if (!pending) return;
  const end = Date.now() + timeout;
  await new Promise((resolve) => setTimeout(resolve, 50));
  while (pending.size > 0 && Date.now() < end) await new Promise((resolve) => setTimeout(resolve, 20));
}

/** @type {WeakMap<object, Set<unknown>>} the route-discovery requests of each page still without an answer */
const discoveries = new WeakMap();

/** Follows the page's route-discovery requests, for hydrated(). @param {any} page */
export function followRouteDiscovery(page) {
  const pending = new Set();
  discoveries.set(page, pending);
  page.on("request", (/** @type {any} */ request) => {
    if (new URL(request.url()).pathname.endsWith("/__manifest")) pending.add(request);
  });
  for (const event of ["requestfinished", "requestfailed"]) page.on(event, (/** @type {any} */ request) => pending.delete(request));
}

/** @param {unknown} error */
export function firstLine(error) {
  return String(error instanceof Error ? error.message : error).split("\n")[0];
}
