import { missingPopplerTools, POPPLER_PACKAGE } from "./pdf-text";

/**
 * Vitest's global set-up: one line, before the tests, when the system programs some tests need are missing (those
 * tests are then skipped: itWithPoppler). In CI, which installs them, a missing one fails the run instead.
 */
export default function checkSystemTools() {
  const missing = missingPopplerTools();
  if (missing.length === 0) return;
  const notFound = `${missing.join(", ")} not found (Debian's ${POPPLER_PACKAGE}: apt-get install ${POPPLER_PACKAGE})`;
  if (process.env.CI) throw new Error(`CI runs every test, and the tests that read PDFs back need them: ${notFound}`);
  console.warn(`${notFound}: the tests that read PDFs back are skipped`);
}
