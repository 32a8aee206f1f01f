import { describe, expect, it } from "vitest";
import en from "~/locales/en/index";
import es from "~/locales/es/index";
import type { AccountFieldKey, FormReason } from "../../registry/contract/accounts";
import type { ESignFieldKey, ESignReason } from "../../registry/contract/e-sign";
import type { MedicalHistoryKey } from "../../registry/contract/medical-history";
import type { MedicalHistoryReason } from "../../registry/contract/medical-history-refusal";
import { withParams, type ValidationKeyValue } from "../../registry/contract/validation-keys";
import { fieldMessage, type FieldError, type KeyUnder } from "./text-key";
import { asFieldError, asFieldErrors, fieldError, textKey, withCheckedErrors } from "./text-key.server";
import { textKeys, translate, type T, type TextKey } from "./texts";
import { translator } from "./texts.server";

/** Compiles only when every value of A is a TextKey. */
type OnlyTextKeys<A extends TextKey> = A;

describe("text keys are checked by the compiler (docs/decisions/074)", () => {
  it("a misspelled, removed or partial key does not compile; a real one does", () => {
    const t: T = translator("en");
    expect(t("common.continue")).toBe(en.common.continue);
    expect(t("header.welcome", { name: "Rosa" })).toBe("Welcome, Rosa");
    // Each line below fails `npx tsc --noEmit` without its @ts-expect-error (an unused one fails it too).
    // @ts-expect-error misspelled
    expect(t("common.contineu")).toBe("common.contineu");
    // @ts-expect-error a section, not a text
    expect(t("header")).toBe("header");
    // @ts-expect-error any string
    expect(t(String("common.continue"))).toBe(en.common.continue);
  });

  it("a param the text does not name does not compile", () => {
    const t: T = translator("en");
    expect(t("footer.copyright", { year: 2026 })).toContain("2026");
    // @ts-expect-error misspelled param ({{name}})
    expect(t("header.welcome", { nmae: "Rosa" })).toBe("Welcome, ");
    // @ts-expect-error a text without placeholders takes none
    expect(t("common.continue", { name: "Rosa" })).toBe(en.common.continue);
    const key = "landing.card.centerApprovedText" as "landing.card.centerApprovedText" | "landing.card.completedByCenterText";
    expect(t(key, { center: "Mercy" })).toContain("Mercy");
  });

  it("keys built from a union stay checked, and a field error carries its text's params", () => {
    const t: T = translator("es");
    const lang = "es" as "en" | "es";
    expect(t(`language.${lang}`)).toBe(es.language.es);
    const languages: KeyUnder<"language">[] = ["en", "es"];
    expect(languages).toHaveLength(Object.keys(en.language).length);
    const withMax: FieldError = withParams("validation.textTooLong", { max: "100" });
    expect(t(...fieldMessage(withMax))).toBe(translate(es, "validation.textTooLong", { max: "100" }));
  });

  it("the keys the registry's contract answers are all texts (else this file does not compile)", () => {
    type Values<O> = O[keyof O];
    type Checked = OnlyTextKeys<
      | ValidationKeyValue
      | Values<typeof FormReason>
      | Values<typeof AccountFieldKey>
      | Values<typeof ESignReason>
      | Values<typeof ESignFieldKey>
      | Values<typeof MedicalHistoryKey>
      | Values<typeof MedicalHistoryReason>
    >;
    const sample: Checked = "validation.required";
    expect(textKey(sample)).toBe(sample);
  });
});

describe("keys from outside the code become TextKeys only when English has them", () => {
  it("textKey answers every English key, and nothing else", () => {
    for (const key of textKeys(en)) expect(textKey(key), key).toBe(key);
    expect(textKey("common.contineu")).toBeUndefined();
    expect(textKey("header")).toBeUndefined();
    expect(textKey("")).toBeUndefined();
    expect(textKey("center.giveAdditionalTime")).toBeUndefined();
  });

  it("a field error keeps its params when its key is a text", () => {
    expect(fieldError("validation.textTooLong?max=100")).toBe("validation.textTooLong?max=100");
    expect(fieldError("validation.nope?max=100")).toBeUndefined();
    expect(fieldError("validation.required")).toBe("validation.required");
  });

  it("a registry error without a text shows 'This value is not valid', never a raw key", () => {
    expect(asFieldError("validation.phoneTaken")).toBe("validation.phoneTaken");
    expect(asFieldError("validation.fromANewerRegistry")).toBe("validation.invalidValue");
    expect(translator("en")(...fieldMessage(asFieldError("validation.fromANewerRegistry")))).toBe(en.validation.invalidValue);
    expect(asFieldErrors({ email: "validation.emailTaken", form: "register.somethingNew" })).toEqual({
      email: "validation.emailTaken",
      form: "validation.invalidValue",
    });
    expect(asFieldErrors(undefined)).toEqual({});
    expect(withCheckedErrors({ status: 409, errors: { phoneNumber: "nope" } })).toEqual({
      status: 409,
      errors: { phoneNumber: "validation.invalidValue" },
    });
  });
});
