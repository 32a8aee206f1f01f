import { describe, expect } from "vitest";
import { consentDocument, signedConsentPdf } from "../areas/e-sign-document";
import { itWithPoppler as it, pdfFonts, pdfText } from "../testing/pdf-text";
import { labOrderPdf } from "./lab-documents";

/**
 * Names print as typed in every PDF (docs/decisions/028): the lab order and the signed consent, read back with
 * pdftotext; bidirectional controls are neutralised; the fonts are embedded subsets, so the files stay small.
 */

const text = (bytes: Uint8Array) => pdfText(bytes).replace(/[ \t]+/g, " ");

const NOW = new Date("2026-11-24T15:00:00Z");

function labOrder(firstName: string, lastName: string) {
  return labOrderPdf({
    lang: "en",
    patient: { firstName, middleInitial: "", lastName, birthDate: "1980-05-17" },
    requisition: "K7P4-9QX2",
    orderedAt: NOW,
    expiresOn: "2027-01-23",
    centerName: "Centro Médico São Paulo",
    now: NOW,
  });
}

async function signedConsent(firstName: string, lastName: string, lang: "en" | "es" = "en") {
  const doc = consentDocument({ firstName, lastName, lang, day: NOW });
  const pdf = await signedConsentPdf(doc.content, {
    typedName: `${firstName} ${lastName}`,
    signedAt: NOW,
    hash: doc.hash,
    clientAddress: "203.0.113.7",
    userAgent: "Mozilla/5.0",
  });
  return { doc, pdf };
}

describe("names in the PDFs", () => {
  it.each([
    ["Nguyễn", "王小明"],
    ["김민준", "さくら"],
    ["Ελένη", "Παπαδοπούλου"],
    ["Дмитрий", "Иванов"],
    ["Łukasz", "Żółć"],
    ["María José", "Núñez-Çelik"],
  ])("%s %s: printed exactly on the lab order and the signed consent (participant and signature block)", async (first, last) => {
    const name = `${first} ${last}`;
    const order = await labOrder(first, last);
    expect(text(order)).toContain(`Name ${name}\n`);
    expect(text(order)).toContain("Centro Médico São Paulo");
    const { pdf } = await signedConsent(first, last);
    const consent = text(pdf);
    expect(consent).toContain(`Participant ${name}\n`);
    expect(consent).toContain(`Signed by ${name}\n`);
    // Subsets: only the glyphs used (the CJK font alone is 10 MB).
    expect(order.byteLength).toBeLessThan(200_000);
    expect(pdf.byteLength).toBeLessThan(200_000);
  });

  it("embeds the fonts (Noto Sans; Noto Sans SC / KR only for Chinese and Japanese / Korean text) and draws no text in a font it does not embed", async () => {
    const latin = pdfFonts(await labOrder("Łukasz", "Żółć"));
    expect(latin).toMatch(/NotoSans-Regular\S* +CID TrueType +Identity-H +yes/);
    expect(latin).not.toContain("NotoSansSC");
    const cjk = pdfFonts((await signedConsent("Nguyễn", "王小明", "es")).pdf);
    expect(cjk).toMatch(/NotoSansSC-Regular\S* +CID TrueType +Identity-H +yes/);
    expect(cjk).not.toContain("NotoSansKR");
    for (const fonts of [latin, cjk]) {
      for (const line of fonts.split("\n").slice(2).filter(Boolean)) expect(line).toMatch(/ yes +(no|yes) +yes /); // embedded, with ToUnicode
    }
  });

  it("neutralises a right-to-left override (and other bidi controls) in the consent's HTML and in every PDF", async () => {
    const first = "Ana\u202E";
    const last = "\u2067Lopez\u200F";
    const { doc, pdf } = await signedConsent(first, last);
    expect(doc.html).not.toMatch(/[\u202A-\u202E\u2066-\u2069\u200E\u200F\u061C]/);
    expect(doc.html).toContain("<dt>Participant</dt><dd>Ana Lopez</dd>");
    expect(doc.content.fullName).toBe("Ana Lopez");
    const consent = text(pdf);
    expect(consent).not.toMatch(/[\u202A-\u202E\u2066-\u2069\u200E\u200F\u061C]/);
    expect(consent).toContain("Participant Ana Lopez\n");
    expect(consent).toContain("Signed by Ana Lopez\n");
    const order = text(await labOrder(first, last));
    expect(order).toContain("Name Ana Lopez\n");
    expect(order).not.toMatch(/[\u202A-\u202E\u2066-\u2069]/);
  });

  it("prints a character no font has as a visible replacement, never failing the document", async () => {
    const bytes = await labOrder("Ana 😀", "Lopez\u{10FFFD}");
    expect(text(bytes)).toContain("Name Ana \uFFFD Lopez\uFFFD\n");
    expect(pdfFonts(bytes)).not.toMatch(/NotoSans(SC|KR)/); // the CJK fonts, read to look for the glyphs, are not embedded
  });
});
