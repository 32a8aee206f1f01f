import type * as PdfLib from "@cantoo/pdf-lib";
import type FontkitModule from "@cantoo/fontkit";

/**
 * pdf-lib and fontkit, loaded when a document is first rendered, not when the process starts (docs/decisions/142):
 * together about 25 MiB of a process's memory at rest, for what only the lab, my-record, answers and consent documents
 * need. `loadPdfLibraries()` before any use (renderPdf and embedTypeface do it); `pdfLib()` and `fontkit()` then answer
 * them, and throw if called before.
 */
type Libraries = { pdfLib: typeof PdfLib; fontkit: typeof FontkitModule };
let libraries: Libraries | undefined;
let loading: Promise<Libraries> | undefined;

export async function loadPdfLibraries(): Promise<void> {
  if (libraries) return;
  loading ??= Promise.all([import("@cantoo/pdf-lib"), import("@cantoo/fontkit")]).then(
    ([pdfLib, fontkit]) => (libraries = { pdfLib, fontkit: fontkit.default }),
    (error: unknown) => {
      loading = undefined;
      throw error;
    },
  );
  await loading;
}

function loaded(): Libraries {
  if (!libraries) throw new Error("the PDF libraries are not loaded: await loadPdfLibraries() first");
  return libraries;
}

export const pdfLib = (): typeof PdfLib => loaded().pdfLib;
export const fontkit = (): typeof FontkitModule => loaded().fontkit;
