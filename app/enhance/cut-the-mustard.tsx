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
 * - `String.prototype.replaceAll`: stands for the JavaScript syntax of the build target (vite.config.ts).
 */
export const ENHANCED_CLASS = "js-enabled";

export const CUT_THE_MUSTARD =
  '"HTMLDialogElement" in window && "showModal" in HTMLDialogElement.prototype' +
  ' && "SubmitEvent" in window && "submitter" in SubmitEvent.prototype' +
  ' && "noModule" in HTMLScriptElement.prototype && "replaceAll" in String.prototype';

const script = `if (${CUT_THE_MUSTARD}) document.documentElement.className += " ${ENHANCED_CLASS}";`;

/** The check, first thing in <head>, with the page's CSP nonce. */
export function CutTheMustard({ nonce }: { nonce?: string }) {
  return <script nonce={nonce} dangerouslySetInnerHTML={{ __html: script }} />;
}

/** Whether this page passed the check (the browser side of it). */
export function enhanced(): boolean {
  return document.documentElement.classList.contains(ENHANCED_CLASS);
}
