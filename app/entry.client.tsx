import { RemixBrowser } from "@remix-run/react";
import i18next from "i18next";
import { startTransition, StrictMode } from "react";
import { hydrateRoot } from "react-dom/client";
import { I18nextProvider, initReactI18next } from "react-i18next";
import { enhanced } from "./enhance/cut-the-mustard";
import { installFocusMemory } from "./enhance/focus-memory";
import { installInPageLinks } from "./enhance/in-page-links";
import { installKeepTyped } from "./enhance/keep-typed";
import { installRouteChunkFallback } from "./enhance/route-chunk-fallback";
import { i18nOptions } from "./i18n";

/** The page is complete without this file; it only makes it smoother. Texts load for the page's language only. */
async function hydrate() {
  const lang = document.documentElement.lang === "es" ? "es" : "en";
  const messages = lang === "es" ? (await import("./locales/es/index")).default : (await import("./locales/en/index")).default;
  await i18next.use(initReactI18next).init({ ...i18nOptions, lng: lang, resources: { [lang]: { translation: messages } } });
  startTransition(() => {
    hydrateRoot(
      document,
      <I18nextProvider i18n={i18next}>
        <StrictMode>
          <RemixBrowser />
        </StrictMode>
      </I18nextProvider>,
    );
  });
}

// Browsers that fail the check keep the server's HTML page, which works end to end (decision 030).
if (enhanced()) {
  installRouteChunkFallback();
  installInPageLinks();
  installKeepTyped();
  installFocusMemory();
  void hydrate();
}
