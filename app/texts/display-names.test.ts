import { describe, expect, it } from "vitest";
import en from "~/locales/en/index";
import es from "~/locales/es/index";
import { ReferralStatus } from "../../registry/contract/enums";
import { REFERRAL_STATUS_TEXT } from "../../registry/contract/screening";
import { usStates } from "../../registry/contract/us-states";
import { displayNameKeys, referralStatusKey } from "./display-names";
import { usStateKey } from "./us-state-names";

function text(messages: object, key: string): unknown {
  return key.split(".").reduce<unknown>((o, k) => (o && typeof o === "object" ? (o as Record<string, unknown>)[k] : undefined), messages);
}

describe("enum values and contract data a patient sees have words in both languages (decision 038)", () => {
  it("every referral status and every US state has a key in English and Spanish", () => {
    expect(displayNameKeys()).toHaveLength(Object.keys(ReferralStatus).length + usStates.length);
    for (const key of displayNameKeys()) {
      expect(typeof text(en, key), `en ${key}`).toBe("string");
      expect(typeof text(es, key), `es ${key}`).toBe("string");
    }
  });
  it("the English words are the registry's own display text", () => {
    for (const id of Object.values(ReferralStatus)) expect(text(en, referralStatusKey(id)!)).toBe(REFERRAL_STATUS_TEXT[id]);
    for (const s of usStates) expect(text(en, usStateKey(s.abbreviation))).toBe(s.description);
  });
  it("Spanish pages say the statuses and the states that differ in Spanish", () => {
    expect(text(es, referralStatusKey(ReferralStatus.PendingCenter)!)).toBe("Pendiente del centro");
    expect(text(es, referralStatusKey(ReferralStatus.CancelledByPatient)!)).toBe("Cancelada por el paciente");
    for (const id of Object.values(ReferralStatus)) expect(text(es, referralStatusKey(id)!)).not.toBe(REFERRAL_STATUS_TEXT[id]);
    expect(text(es, usStateKey("NY"))).toBe("Nueva York");
    expect(text(es, usStateKey("NC"))).toBe("Carolina del Norte");
  });
  it("an unknown status has no key (the registry's text is shown)", () => {
    expect(referralStatusKey(99)).toBeNull();
  });
  it("no title says PASS (decision 093), no Spanish column says Recipient Shield alone, and the organisation keeps its name", () => {
    for (const messages of [en, es]) {
      expect(messages.selectCenter.pageTitle).not.toMatch(/PASS/);
      expect(messages.forgot.title).not.toMatch(/PASS/);
    }
    expect(es.selectCenter.column.recipientShield).not.toBe(en.selectCenter.column.recipientShield);
    expect(es.footer.copyright).toContain("National Kidney Registry");
    expect(es.footer.siteRegistry).toBe("National Kidney Registry");
  });
});
