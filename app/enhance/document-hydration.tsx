import { type ReactNode, startTransition, useEffect } from "react";
import { hydrateRoot } from "react-dom/client";

/**
 * True in the production browser build, which runs on Preact's React layer (vite/preact-browser.ts,
 * docs/decisions/118); false on the server and in the dev server's browser build, which run React.
 */
const PREACT = import.meta.env.PORTAL_PREACT === true;

/**
 * The page's `<html>` element. React renders it and hydrates the document from it. Preact hydrates the document
 * through `<html>`'s children (`<head>`, `<body>`), so in its build this renders only them and keeps the `lang`
 * attribute up to date itself.
 */
export function DocumentElement({ lang, children }: { lang: string; children: ReactNode }) {
  useEffect(() => {
    if (PREACT) document.documentElement.lang = lang;
  }, [lang]);
  if (PREACT) return <>{children}</>;
  return (
    <html lang={lang} suppressHydrationWarning>
      {children}
    </html>
  );
}

/**
 * Hydrates the whole document once the first render cannot suspend. React Router's `<HydratedRouter>` throws the
 * promise of its decoding of the page's data on its first render, and waits for it (React Suspense). Preact,
 * hydrating, keeps only the one DOM node in front of a component that suspends, so a resumed render would build
 * the `<body>` again. `firstRender` renders the component once outside the tree: whatever promise it throws is
 * awaited, and the tree is hydrated after it (anything else it throws is left for the real render to meet).
 */
export async function hydrateDocument(tree: ReactNode, firstRender: () => void) {
  try {
    firstRender();
  } catch (thrown) {
    if (thrown instanceof Promise) await thrown;
  }
  startTransition(() => {
    hydrateRoot(document, tree);
  });
}

/**
 * Marks the moment the page is hydrated: rendered last in the root layout, its effect runs once the router's
 * whole tree has committed. `npm run bench` times the performance mark; tests wait for `<html data-hydrated>`,
 * which a page clock faked by the test cannot hide.
 */
export function HydratedMark() {
  useEffect(() => {
    performance.mark("portal:hydrated");
    document.documentElement.dataset.hydrated = "";
  }, []);
  return null;
}
