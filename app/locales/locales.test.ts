import { describe, expect, it } from "vitest";
import en from "~/locales/en/index";
import es from "~/locales/es/index";

function keys(obj: object, prefix = ""): string[] {
  return Object.entries(obj).flatMap(([k, v]) => (typeof v === "string" ? [`${prefix}${k}`] : keys(v as object, `${prefix}${k}.`)));
}
function placeholders(text: string): string[] {
  return [...text.matchAll(/\{\{(\w+)\}\}/g)].map((m) => m[1]!).sort();
}
function lookup(obj: object, key: string): string {
  return key.split(".").reduce<unknown>((o, k) => (o as Record<string, unknown>)[k], obj) as string;
}

describe("locales", () => {
  it("English and Spanish have exactly the same keys", () => {
    expect(keys(es).sort()).toEqual(keys(en).sort());
  });
  it("no text is empty, and each Spanish text keeps the English placeholders", () => {
    for (const key of keys(en)) {
      expect(lookup(en, key).trim(), key).not.toBe("");
      expect(lookup(es, key).trim(), key).not.toBe("");
      expect(placeholders(lookup(es, key)), key).toEqual(placeholders(lookup(en, key)));
    }
  });
  it("every validation key the shared contract uses exists in both languages", async () => {
    const { ValidationKey } = await import("../../registry/contract/validation-keys");
    for (const key of Object.values(ValidationKey)) {
      expect(keys(en), key).toContain(key);
      expect(keys(es), key).toContain(key);
    }
  });
});

describe("account reasons the registry answers", () => {
  it("every form reason and account field key exists in both languages", async () => {
    const { FormReason, AccountFieldKey } = await import("../../registry/contract/accounts");
    for (const key of [...Object.values(FormReason), ...Object.values(AccountFieldKey)]) {
      expect(keys(en), key).toContain(key);
      expect(keys(es), key).toContain(key);
    }
  });
});
