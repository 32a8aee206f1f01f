import { describe, expect, it } from "vitest";
import { confirmationEmail, confirmationText, inviteEmail, resetPasswordEmail } from "./compose";
import en from "./en";
import es from "./es";
import { fill, langOf, textsFor } from "./index";

function keys(obj: object, prefix = ""): string[] {
  return Object.entries(obj).flatMap(([k, v]) => (typeof v === "string" ? [`${prefix}${k}`] : keys(v as object, `${prefix}${k}.`)));
}
const lookup = (obj: object, key: string) => key.split(".").reduce<unknown>((o, k) => (o as Record<string, unknown>)[k], obj) as string;
const placeholders = (text: string) => [...text.matchAll(/\{\{(\w+)\}\}/g)].map((m) => m[1]!).sort();

describe("the registry's texts", () => {
  it("English and Spanish have the same keys, none empty, with the same placeholders", () => {
    expect(keys(es).sort()).toEqual(keys(en).sort());
    for (const key of keys(en)) {
      expect(lookup(en, key).trim(), key).not.toBe("");
      expect(lookup(es, key).trim(), key).not.toBe("");
      expect(placeholders(lookup(es, key)), key).toEqual(placeholders(lookup(en, key)));
      expect(lookup(es, key), key).not.toBe(lookup(en, key));
    }
  });

  it("picks the language: es, else English; preferred language 2 is Spanish", () => {
    expect(textsFor("es")).toBe(es);
    expect(textsFor("fr")).toBe(en);
    expect(textsFor(null)).toBe(en);
    expect(langOf(2)).toBe("es");
    expect(langOf(1)).toBe("en");
    expect(langOf(0)).toBe("en");
    expect(fill("{{a}} and {{b}}", { a: "1" })).toBe("1 and {{b}}");
  });

  it("builds plain text and escaped HTML from the same parts", () => {
    const m = inviteEmail("en", "x@example.org", { firstName: "<Ana>", lastName: "O'Neil" }, "http://portal.test/register?token=a&b");
    expect(m.text).toContain("Hello <Ana> O'Neil,");
    expect(m.text).toContain("Register now: http://portal.test/register?token=a&b");
    expect(m.html).toContain("Hello &lt;Ana&gt; O&#39;Neil,");
    expect(m.html).toContain('<a href="http://portal.test/register?token=a&amp;b">Register now</a>');
    expect(m.html).not.toContain("<Ana>");
    expect(confirmationEmail("es", "x@example.org", "012345")).toMatchObject({ channel: "email", subject: "Su código de confirmación" });
    expect(confirmationEmail("en", "x@example.org", "012345").text).toContain(
      "Your confirmation code is 012345\n\nEnter this code into the confirmation form. The code is good for 30 minutes.",
    );
    expect(confirmationText("en", "+15550100001", "012345")).toEqual({
      channel: "sms",
      to: "+15550100001",
      subject: "",
      text: "Your National Kidney Registry confirmation code is 012345. The code is good for 30 minutes.",
    });
    expect(resetPasswordEmail("en", "x@example.org", "http://portal.test/register?h=t").html).toContain('href="http://portal.test/register?h=t"');
  });
});
