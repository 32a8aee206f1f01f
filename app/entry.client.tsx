import { HydratedRouter } from "react-router/dom";
import { StrictMode, startTransition } from "react";
import { hydrateRoot } from "react-dom/client";
import { enhanced } from "~/enhance/cut-the-mustard";
import { installDroppedRequestFallback, navigationWatch } from "~/enhance/dropped-request";
import { installFocusMemory } from "~/enhance/focus-memory";
import { installInPageLinks } from "~/enhance/in-page-links";
import { installKeepTyped } from "~/enhance/keep-typed";
import { installRouteChunkFallback } from "~/enhance/route-chunk-fallback";

/** Which navigation is under way, for the dropped-request fallback (observes only; decision 089). */
const INSTRUMENTATIONS = [navigationWatch];

/** The page is complete without this file; it only makes it smoother. Its texts come with the loader data (decision 059). */
function hydrate() {
  startTransition(() => {
    hydrateRoot(
      document,
      <StrictMode>
        <HydratedRouter instrumentations={INSTRUMENTATIONS} />
      </StrictMode>,
    );
  });
}

// Browsers that fail the check keep the server's HTML page, which works end to end (decision 030).
if (enhanced()) {
  installRouteChunkFallback();
  installDroppedRequestFallback();
  installInPageLinks();
  installKeepTyped();
  installFocusMemory();
  hydrate();
}
