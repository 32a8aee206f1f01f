import { describe, expect, it } from "vitest";
import en from "~/locales/en/index";
import es from "~/locales/es/index";
import { AccountMessage } from "../../registry/contract/accounts";
import { RegistryMessage } from "../../registry/contract/envelope";
import { registryMessageKey } from "./registry-messages";
import { textKeys, type Texts } from "./texts";

const text = (tree: Texts, key: string) => key.split(".").reduce<unknown>((o, k) => (o as Record<string, unknown>)[k], tree) as string;

/** A word written like a code name (usState, postalCode), outside the {{placeholders}} of a text. */
const CODE_NAME = /\b[a-z]+[A-Z][A-Za-z]*\b/;

describe("texts a patient reads never name an internal field (ACC-036)", () => {
  it.each([
    ["en", en],
    ["es", es],
  ] as const)("no %s text holds a camelCase field name", (_lang, tree) => {
    const named = textKeys(tree as Texts)
      .map((key) => [key, text(tree as Texts, key).replace(/\{\{\w+\}\}/g, "")] as const)
      .filter(([, value]) => CODE_NAME.test(value));
    expect(named).toEqual([]);
  });

  it.each([
    [AccountMessage.addressNotValidated, "register.addressNotFound"],
    [AccountMessage.phoneDuplicate, "validation.phoneTaken"],
    [AccountMessage.tooManySends, "mfa.tooManySends"],
    [AccountMessage.contactTaken, "mfa.contactTaken"],
    [RegistryMessage.emailTaken, "validation.emailTaken"],
    [RegistryMessage.unavailable, "errors.registryDown"],
    [` ${AccountMessage.busy} `, "limits.busy"],
  ])("the registry's %j is shown as %s", (message, key) => {
    expect(registryMessageKey(message)).toBe(key);
  });

  it.each([["usState is required"], ["The request is not valid"], [""], [null], [undefined]])(
    "%j has no text: the caller says something generic",
    (message) => {
      expect(registryMessageKey(message)).toBeUndefined();
    },
  );

  it("every key it gives has a text in both languages", () => {
    const all = [...Object.values(AccountMessage), ...Object.values(RegistryMessage)];
    for (const message of all) {
      const key = registryMessageKey(message);
      if (!key) continue;
      expect(text(en as Texts, key), key).toBeTypeOf("string");
      expect(text(es as Texts, key), key).toBeTypeOf("string");
    }
  });
});
