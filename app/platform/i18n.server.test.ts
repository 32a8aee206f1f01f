import { describe, expect, it } from "vitest";
import { languageFromHeaders } from "./i18n.server";

describe("languageFromHeaders (PLT-005)", () => {
  it("takes the switch's cookie, then the patient's language, then Accept-Language, then English", async () => {
    expect(await languageFromHeaders({ acceptLanguage: "es-MX,es;q=0.9", cookie: "lng=en" }, "es")).toBe("en");
    expect(await languageFromHeaders({ acceptLanguage: "en-US", cookie: "other=1" }, "es")).toBe("es");
    for (let i = 0; i < 2; i++) {
      expect(await languageFromHeaders({ acceptLanguage: "es-MX,es;q=0.9" })).toBe("es");
      expect(await languageFromHeaders({ acceptLanguage: "fr-FR,en;q=0.5" })).toBe("en");
      expect(await languageFromHeaders({ acceptLanguage: "de" })).toBe("en");
      expect(await languageFromHeaders({})).toBe("en");
      expect(await languageFromHeaders({ acceptLanguage: `es,${"x".repeat(300)}` })).toBe("es");
      // As the `accepts` package reads them (2.x, as 1.x did): a region matches its language, q=0 refuses, * takes the first.
      expect(await languageFromHeaders({ acceptLanguage: "es-419" })).toBe("es");
      expect(await languageFromHeaders({ acceptLanguage: "fr, es;q=0.5, en;q=0.4" })).toBe("es");
      expect(await languageFromHeaders({ acceptLanguage: "en-GB;q=0, es" })).toBe("es");
      expect(await languageFromHeaders({ acceptLanguage: "*" })).toBe("en");
    }
  });
});
