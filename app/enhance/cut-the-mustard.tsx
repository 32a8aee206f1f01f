/**
 * "Cut the mustard" (decision 030): the enhanced layer runs only in browsers that have everything the client code
 * needs. The test runs in a tiny inline script before any other script, and marks <html class="js-enabled"> when
 * it passes; app/entry.client.tsx hydrates only then. Everywhere else the page stays the server's HTML, which
 * works end to end without JavaScript.
 *
 * - `showModal`: the dialogs (app/components/dialog.tsx);
 * - `SubmitEvent.submitter`: React Router reads the pressed button's name/value from it;
 * - `noModule` on script elements: ES modules (dynamic `import()` arrived in the same or earlier releases of every
 *   browser that also has `submitter`);
 * - `String.prototype.replaceAll`: stands for the JavaScript syntax of the build target (vite.config.ts);
 * - `TextEncoderStream`: React Router's inline script (`<Scripts>`) pipes the page's data through one; without it
 *   (Firefox 98-104) hydration finds no data and the page goes blank (docs/decisions/089).
 * Nothing else the bundle uses is newer than the oldest browsers these pass (Chrome/Edge 85, Firefox 105, Safari 15.4,
 * Samsung Internet 14): tests/unit/browser-support.test.ts scans for such APIs, and the Playwright project `oldest`
 * runs the main journeys with them deleted (tests/e2e/support/old-browsers.ts).
 */
export const ENHANCED_CLASS = "js-enabled";

export const CUT_THE_MUSTARD =
  '"HTMLDialogElement" in window && "showModal" in HTMLDialogElement.prototype' +
  ' && "SubmitEvent" in window && "submitter" in SubmitEvent.prototype' +
  ' && "noModule" in HTMLScriptElement.prototype && "replaceAll" in String.prototype && "TextEncoderStream" in window';

const script = `if (${CUT_THE_MUSTARD}) document.documentElement.className += " ${ENHANCED_CLASS}";`;

/** The check, first thing in <head>, with the page's CSP nonce. */
export function CutTheMustard({ nonce }: { nonce?: string }) {
  return <script nonce={nonce} dangerouslySetInnerHTML={{ __html: script }} />;
}

/** Whether this page passed the check (the browser side of it). */
export function enhanced(): boolean {
  return document.documentElement.classList.contains(ENHANCED_CLASS);
}
