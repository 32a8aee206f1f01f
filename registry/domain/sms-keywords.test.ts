import { describe, expect, it } from "vitest";
import { readKeyword } from "./sms-keywords";

// ACC-040 (docs/decisions/106): the whole message is one keyword; case, spaces, punctuation and accents do not matter.
describe("readKeyword", () => {
  it.each([
    ["STOP", "stop", "en"],
    ["stop", "stop", "en"],
    ["  Stop.\n", "stop", "en"],
    ["STOP ALL", "stop", "en"],
    ["stopall", "stop", "en"],
    ["Unsubscribe", "stop", "en"],
    ["cancel", "stop", "en"],
    ["END", "stop", "en"],
    ["quit!", "stop", "en"],
    ["¡Alto!", "stop", "es"],
    ["parar", "stop", "es"],
    ["CANCELAR", "stop", "es"],
    ["START", "start", "en"],
    ["unstop", "start", "en"],
    ["Yes", "start", "en"],
    ["comenzar", "start", "es"],
    ["Inicio", "start", "es"],
    ["Sí", "start", "es"],
    ["SÍ.", "start", "es"],
    ["HELP", "help", "en"],
    ["help?", "help", "en"],
    ["info", "help", "en"],
    ["Ayuda", "help", "es"],
    ["¿AYUDA?", "help", "es"],
    ["ÁYUDA", "help", "es"],
  ])("%j is %s (%s)", (text, keyword, lang) => {
    expect(readKeyword(text)).toEqual({ keyword, lang });
  });

  it.each(["", "   ", "please stop texting me", "stop it", "stopp", "help me", "no", "hola", "S T O P X", "12345"])("%j is no keyword", (text) => {
    expect(readKeyword(text)).toBeNull();
  });
});
