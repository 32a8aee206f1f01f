import { RemixBrowser } from "@remix-run/react";
import { startTransition, StrictMode } from "react";
import { hydrateRoot } from "react-dom/client";
import { enhanced } from "./enhance/cut-the-mustard";
import { installInPageLinks } from "./enhance/in-page-links";
import { installKeepTyped } from "./enhance/keep-typed";
import { installRouteChunkFallback } from "./enhance/route-chunk-fallback";

/** The page is complete without this file; it only makes it smoother. Its texts come with the loader data (decision 059). */
function hydrate() {
  startTransition(() => {
    hydrateRoot(
      document,
      <StrictMode>
        <RemixBrowser />
      </StrictMode>,
    );
  });
}

// Browsers that fail the check keep the server's HTML page, which works end to end (decision 030).
if (enhanced()) {
  installRouteChunkFallback();
  installInPageLinks();
  installKeepTyped();
  hydrate();
}
