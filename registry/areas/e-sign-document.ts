import { createHash } from "node:crypto";
import { expectedSignature } from "../contract/e-sign";
import { patientDate } from "../contract/patient-dates";
import { withoutBidiControls } from "../contract/text-rules";
import { renderPdf, type PdfBlock } from "../domain/pdf";
import { textsFor, type MessageLang } from "../messages/index";

/**
 * The immune-tolerance program's consent (ESG-001): one structured content, personalised with the
 * patient's name and a date, rendered as HTML for the e-sign page and, once signed, as a PDF with a signature block.
 * The texts are the registry's (messages/{en,es}.ts `consent`). No database, no clock: the caller passes both.
 */

/**
 * Changes whenever the consent's wording changes (stored with every signature). 2026-1: the pre-workup lab tests are
 * arranged by the program's team, not ordered through the portal (docs/decisions/095).
 */
export const CONSENT_VERSION = "immunofree-consent-2026-1";

type Section = { heading: string; paragraphs: string[]; items: string[] };

export type ConsentContent = {
  lang: MessageLang;
  title: string;
  /** Label/value rows under the title: participant, date, version. */
  facts: Array<[label: string, value: string]>;
  intro: string;
  sections: Section[];
  /** The signature the patient must type (ESG-002). */
  fullName: string;
  /** YYYY-MM-DD (UTC) of the date shown. */
  isoDate: string;
};

export type ConsentDocument = { content: ConsentContent; html: string; hash: string; version: string };

/** Escaped for HTML, without bidirectional formatting characters (a name's U+202E must not reorder the document). */
const escapeHtml = (s: string) =>
  withoutBidiControls(s).replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]!);

/** The consent's content for a patient on a day. */
export function consentContent(p: { firstName: string; lastName: string; lang: MessageLang; day: Date }): ConsentContent {
  const c = textsFor(p.lang).consent;
  const fullName = expectedSignature(p.firstName, p.lastName);
  const section = (heading: string, paragraphs: string[], items: string[] = []): Section => ({ heading, paragraphs, items });
  return {
    lang: p.lang,
    title: c.title,
    facts: [
      [c.participant, fullName],
      [c.date, patientDate(p.day, p.lang)],
      [c.version, CONSENT_VERSION],
    ],
    intro: c.intro,
    sections: [
      section(c.purposeHeading, [c.purpose]),
      section(c.involvesHeading, [], [c.involves.history, c.involves.labs, c.involves.contact, c.involves.followUp]),
      section(c.risksHeading, [c.risks]),
      section(c.benefitsHeading, [c.benefits]),
      section(c.voluntaryHeading, [c.voluntary]),
      section(c.privacyHeading, [c.privacy]),
      section(c.costsHeading, [c.costs]),
      section(c.contactHeading, [c.contact]),
      section(c.agreementHeading, [c.agreement]),
    ],
    fullName,
    isoDate: p.day.toISOString().slice(0, 10),
  };
}

/** The content as an HTML fragment (every text escaped, bidirectional controls removed), for the portal to show as it is. */
export function consentHtml(content: ConsentContent): string {
  const lines = [
    `<article class="consent-document" lang="${content.lang}">`,
    `<h2>${escapeHtml(content.title)}</h2>`,
    `<dl>`,
    ...content.facts.map(([label, value]) => `<dt>${escapeHtml(label)}</dt><dd>${escapeHtml(value)}</dd>`),
    `</dl>`,
    `<p>${escapeHtml(content.intro)}</p>`,
  ];
  for (const s of content.sections) {
    lines.push(`<section>`, `<h3>${escapeHtml(s.heading)}</h3>`);
    for (const p of s.paragraphs) lines.push(`<p>${escapeHtml(p)}</p>`);
    if (s.items.length) lines.push(`<ul>`, ...s.items.map((i) => `<li>${escapeHtml(i)}</li>`), `</ul>`);
    lines.push(`</section>`);
  }
  lines.push(`</article>`);
  return lines.join("\n");
}

/** SHA-256 (hex) of the exact HTML shown. */
export function documentHash(html: string): string {
  return createHash("sha256").update(html, "utf8").digest("hex");
}

/** The patient's document of the day: content, HTML, its hash and the consent version. */
export function consentDocument(p: { firstName: string; lastName: string; lang: MessageLang; day: Date }): ConsentDocument {
  const content = consentContent(p);
  const html = consentHtml(content);
  return { content, html, hash: documentHash(html), version: CONSENT_VERSION };
}

export type SignatureFacts = { typedName: string; signedAt: Date; hash: string; clientAddress: string; userAgent: string };

/** "2025-03-10 15:00:00 UTC". */
function utcTime(date: Date): string {
  return `${date.toISOString().slice(0, 19).replace("T", " ")} UTC`;
}

/** The signed document: the same content, then a signature block with who, when, which document and from where. */
export async function signedConsentPdf(content: ConsentContent, s: SignatureFacts): Promise<Uint8Array> {
  const c = textsFor(content.lang).consent;
  const blocks: PdfBlock[] = [
    { kind: "fields", rows: content.facts },
    { kind: "paragraph", text: content.intro },
  ];
  for (const section of content.sections) {
    blocks.push({ kind: "heading", text: section.heading });
    for (const text of section.paragraphs) blocks.push({ kind: "paragraph", text });
    if (section.items.length) blocks.push({ kind: "list", items: section.items });
  }
  blocks.push({
    kind: "signature",
    caption: c.signatureCaption,
    rows: [
      [c.signedBy, s.typedName],
      [c.signedAt, utcTime(s.signedAt)],
      [c.version, CONSENT_VERSION],
      // On a line of its own, never cut: a verifier copies it whole (docs/decisions/129).
      [c.documentHash, s.hash, "whole"],
      [c.clientAddress, s.clientAddress],
      [c.userAgent, s.userAgent],
    ],
  });
  return renderPdf({
    title: content.title,
    lang: content.lang,
    blocks,
    footer: c.footer,
    author: "National Kidney Registry",
    subject: CONSENT_VERSION,
    createdAt: s.signedAt,
  });
}
