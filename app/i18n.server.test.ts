import { describe, expect, it } from "vitest";
import { i18nFor, languageFromHeaders } from "./i18n.server";

/** The t of useTranslation() (react-i18next calls getFixedT(null, "translation", undefined)). */
const pageT = (lang: "en" | "es") => i18nFor(lang).getFixedT(null, "translation");

describe("i18nFor: the t pages use", () => {
  it("gives each language's text for a plain key, the first time and again", () => {
    for (let i = 0; i < 2; i++) {
      expect(pageT("en")("register.submit")).toBe("Register");
      expect(pageT("es")("register.submit")).toBe("Registrarse");
    }
  });

  it("interpolates on every call, never answering an earlier value", () => {
    expect(pageT("en")("register.failedWithMessage", { message: "one" })).toBe("Unable to create registration: one");
    expect(pageT("en")("register.failedWithMessage", { message: "two" })).toBe("Unable to create registration: two");
    expect(pageT("es")("register.failedWithMessage", { message: "tres" })).toBe("No es posible crear el registro: tres");
  });

  it("answers the same as i18next itself for a key asked in another language", () => {
    expect(i18nFor("en").getFixedT("es", "translation")("register.submit")).toBe("Registrarse");
  });
});

describe("languageFromHeaders (DECISIONS D10)", () => {
  it("takes the switch's cookie, then the patient's language, then Accept-Language, then English", async () => {
    expect(await languageFromHeaders({ acceptLanguage: "es-MX,es;q=0.9", cookie: "lng=en" }, "es")).toBe("en");
    expect(await languageFromHeaders({ acceptLanguage: "en-US", cookie: "other=1" }, "es")).toBe("es");
    for (let i = 0; i < 2; i++) {
      expect(await languageFromHeaders({ acceptLanguage: "es-MX,es;q=0.9" })).toBe("es");
      expect(await languageFromHeaders({ acceptLanguage: "fr-FR,en;q=0.5" })).toBe("en");
      expect(await languageFromHeaders({ acceptLanguage: "de" })).toBe("en");
      expect(await languageFromHeaders({})).toBe("en");
      expect(await languageFromHeaders({ acceptLanguage: `es,${"x".repeat(300)}` })).toBe("es");
    }
  });
});
