import { describe, expect, it } from "vitest";
import { shortPageHtml } from "./short-page";

describe("shortPageHtml", () => {
  it.each([
    ["tooLarge", "en", "Too much was sent"],
    ["tooLarge", "es", "Se envió demasiado"],
    ["crossSite", "en", "Form not accepted"],
    ["crossSite", "es", "Formulario no aceptado"],
    ["unexpected", "es", "Algo salió mal"],
    ["busy", "en", "Very busy just now"],
    ["busy", "es", "Mucho tráfico en este momento"],
  ] as const)("%s in %s: a titled page with its heading and a link home under BASE_PATH", (page, lang, heading) => {
    const html = shortPageHtml(page, lang, "/portal/");
    expect(html).toContain(`<html lang="${lang}">`);
    expect(html).toContain(`<title>${heading} – `);
    expect(html).toContain(`<h1>${heading}</h1>`);
    expect(html).toContain('<a href="/portal/">');
    expect(html).not.toContain("<script");
  });
});
