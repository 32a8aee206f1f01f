/**
 * The browser support policy as data (docs/decisions/030, 089), shared by the Playwright fixtures (which delete these
 * APIs before any page script runs, to act as an older browser) and tests/unit/browser-support.test.ts (which checks
 * that the check tests the first list and that nothing reaching the browser needs the second).
 *
 * `owner` is a path from `window` ("Array.prototype"); `name` the property deleted from it.
 */
export type BrowserApi = {
  owner: string;
  name: string;
  lackedBy: string;
  /** A property read (or a name too common to tell apart in a scan): only the e2e deletion covers it. */
  noScan?: true;
  /** Playwright's own injected script needs it (role and visibility queries): only the scan covers it. */
  scanOnly?: true;
};

/**
 * What the "cut the mustard" check tests (app/enhance/cut-the-mustard.tsx): a browser that lacks any of them keeps
 * the server's HTML page. Each one is the newest thing some engine needs for the enhanced layer.
 */
export const CHECKED_APIS: readonly BrowserApi[] = [
  { owner: "HTMLDialogElement.prototype", name: "showModal", lackedBy: "Firefox < 98, Safari < 15.4" },
  { owner: "SubmitEvent.prototype", name: "submitter", lackedBy: "Chrome < 81, Firefox < 75, Safari < 15.4" },
  { owner: "HTMLScriptElement.prototype", name: "noModule", lackedBy: "Chrome < 61, Firefox < 60, Safari < 11" },
  { owner: "String.prototype", name: "replaceAll", lackedBy: "Chrome < 85, Firefox < 77, Safari < 13.1" },
  { owner: "window", name: "TextEncoderStream", lackedBy: "Firefox < 105 (ESR 102 included)" },
];

/**
 * APIs newer than the oldest browsers that pass the check (Chrome/Edge 85, Firefox 105, Safari/iOS 15.4, Samsung
 * Internet 14): the bundle must not need any of them. The Playwright project `oldest` deletes them all and runs the main
 * journeys with the enhanced layer; `older` deletes them too, with the checked ones.
 */
export const NEWER_APIS: readonly BrowserApi[] = [
  { owner: "Array.prototype", name: "at", lackedBy: "Chrome/Edge < 92, Samsung Internet < 16, Safari < 15.4" },
  { owner: "String.prototype", name: "at", lackedBy: "Chrome/Edge < 92, Samsung Internet < 16, Safari < 15.4" },
  { owner: "Object", name: "hasOwn", lackedBy: "Chrome/Edge < 93, Samsung Internet < 17" },
  { owner: "window", name: "structuredClone", lackedBy: "Chrome/Edge < 98, Samsung Internet < 18" },
  { owner: "Array.prototype", name: "findLast", lackedBy: "Chrome/Edge < 97, Firefox < 104" },
  { owner: "Array.prototype", name: "findLastIndex", lackedBy: "Chrome/Edge < 97, Firefox < 104" },
  { owner: "Array.prototype", name: "toSorted", lackedBy: "Chrome/Edge < 110, Firefox < 115, Safari < 16" },
  { owner: "Array.prototype", name: "toReversed", lackedBy: "Chrome/Edge < 110, Firefox < 115, Safari < 16" },
  { owner: "Promise", name: "withResolvers", lackedBy: "Chrome/Edge < 119, Firefox < 121, Safari < 17.4" },
  { owner: "Object", name: "groupBy", lackedBy: "Chrome/Edge < 117, Firefox < 119, Safari < 17.4" },
  { owner: "URL", name: "canParse", lackedBy: "Chrome/Edge < 120, Firefox < 115, Safari < 17" },
  { owner: "AbortSignal", name: "timeout", lackedBy: "Chrome/Edge < 103, Safari < 16" },
  { owner: "AbortSignal", name: "any", lackedBy: "Chrome/Edge < 116, Firefox < 124, Safari < 17.4" },
  { owner: "AbortSignal.prototype", name: "throwIfAborted", lackedBy: "Chrome/Edge < 100, Safari < 15.4" },
  { owner: "AbortSignal.prototype", name: "reason", lackedBy: "Chrome/Edge < 98", noScan: true },
  { owner: "ReadableStream.prototype", name: "values", lackedBy: "Chrome/Edge < 124, Safari (none)", noScan: true },
  { owner: "Crypto.prototype", name: "randomUUID", lackedBy: "Chrome/Edge < 92, Safari < 15.4" },
  { owner: "window", name: "requestIdleCallback", lackedBy: "Safari (none)" },
  { owner: "HTMLElement.prototype", name: "inert", lackedBy: "Chrome/Edge < 102, Firefox < 112, Safari < 15.5", noScan: true },
  { owner: "Element.prototype", name: "checkVisibility", lackedBy: "Chrome/Edge < 105, Firefox < 106, Safari < 17.4", scanOnly: true },
  { owner: "HTMLElement.prototype", name: "showPopover", lackedBy: "Chrome/Edge < 114, Firefox < 125, Safari < 17" },
];

/** How code spells a use of one of NEWER_APIS (a method call, a global, a static), for a scan. */
export function usePattern(api: BrowserApi): RegExp {
  if (api.owner === "window") return new RegExp(`\\b${api.name}\\b`);
  if (api.owner.endsWith(".prototype")) return new RegExp(`\\.${api.name}\\s*\\(`);
  return new RegExp(`\\b${api.owner}\\.${api.name}\\b`);
}

/**
 * Runs in the page before any of its scripts (Playwright's addInitScript): deletes each API, and what cannot be
 * deleted is emulated as the oldest browsers behave:
 * - `ReadableStream` async iteration (`Symbol.asyncIterator`) goes with `values`;
 * - `new FormData(form, submitter)` ignores the submitter (Chrome < 112, Firefox < 111, Safari < 16.4), so React
 *   Router adds the pressed button's name and value itself;
 * - CSS `:has()` (Chrome < 105, Firefox < 121, Samsung Internet < 20): every style rule whose selector has it is
 *   dropped from the page's style sheets once they load, as such a browser drops the whole rule.
 * Self-contained: Playwright serializes it into the page.
 */
export function deleteApis(apis: readonly { owner: string; name: string; scanOnly?: true }[]) {
  for (const { owner, name, scanOnly } of apis) {
    if (scanOnly) continue;
    let target: unknown = window;
    for (const part of owner === "window" ? [] : owner.split(".")) target = (target as Record<string, unknown> | undefined)?.[part];
    if (target && (typeof target === "object" || typeof target === "function")) Reflect.deleteProperty(target, name);
    if (owner === "ReadableStream.prototype" && name === "values") Reflect.deleteProperty(ReadableStream.prototype, Symbol.asyncIterator);
  }
  const NativeFormData = window.FormData;
  class FormDataWithoutSubmitter extends NativeFormData {
    constructor(form?: HTMLFormElement) {
      super(form);
    }
  }
  window.FormData = FormDataWithoutSubmitter;
  const dropHas = (rules: CSSRuleList) => {
    for (let i = rules.length - 1; i >= 0; i -= 1) {
      const rule = rules[i];
      if (rule instanceof CSSStyleRule && rule.selectorText.includes(":has(")) {
        if (rule.parentRule instanceof CSSGroupingRule) rule.parentRule.deleteRule(i);
        else rule.parentStyleSheet?.deleteRule(i);
      } else if (rule instanceof CSSGroupingRule) dropHas(rule.cssRules);
    }
  };
  const dropHasEverywhere = () => {
    for (const sheet of Array.from(document.styleSheets)) {
      try {
        dropHas(sheet.cssRules);
      } catch {
        // A sheet still loading (or from another origin): it is seen again on its load event.
      }
    }
  };
  // A style sheet's rules can be read once it has loaded (its load event, caught on the way down) or, for a <style>,
  // once it is in the document.
  document.addEventListener("load", dropHasEverywhere, true);
  document.addEventListener("DOMContentLoaded", dropHasEverywhere);
  new MutationObserver((changes) => {
    if (changes.some((c) => Array.from(c.addedNodes).some((n) => n.nodeName === "STYLE" || n.nodeName === "LINK"))) dropHasEverywhere();
  }).observe(document, { childList: true, subtree: true });
}
