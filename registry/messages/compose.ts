import type { OutgoingMessage } from "../outbox/outbox";
import { fill, textsFor, type MessageLang } from "./index";

/** An email body part: a paragraph, or a link with its label. */
type Part = string | { link: string; label: string };

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]!);

/** Plain text and HTML from the same parts (every value escaped in the HTML). */
function email(lang: MessageLang, to: string, subject: string, parts: Part[]): OutgoingMessage {
  const text = parts.map((p) => (typeof p === "string" ? p : `${p.label}: ${p.link}`)).join("\n\n") + "\n";
  const body = parts
    .map((p) => (typeof p === "string" ? `<p>${escapeHtml(p)}</p>` : `<p><a href="${escapeHtml(p.link)}">${escapeHtml(p.label)}</a></p>`))
    .join("\n");
  const html = `<!doctype html>\n<html lang="${lang}"><head><meta charset="utf-8"><title>${escapeHtml(subject)}</title></head>\n<body>\n${body}\n</body></html>\n`;
  return { channel: "email", to, subject, text, html };
}

/** The confirmation-code email (ACC-027): the code, and that it is good for 30 minutes. */
export function confirmationEmail(lang: MessageLang, to: string, code: string): OutgoingMessage {
  const t = textsFor(lang);
  const c = t.confirmationEmail;
  return email(lang, to, c.subject, [c.intro, fill(c.code, { code }), c.validity, t.common.ignore, t.common.signature]);
}

/** The confirmation-code text message. `to` is E.164 (textAddress of the number's stored form, docs/decisions/090). */
export function confirmationText(lang: MessageLang, to: string, code: string): OutgoingMessage {
  return { channel: "sms", to, subject: "", text: fill(textsFor(lang).confirmationText.text, { code }) };
}

export function resetPasswordEmail(lang: MessageLang, to: string, link: string): OutgoingMessage {
  const t = textsFor(lang);
  const r = t.resetPasswordEmail;
  return email(lang, to, r.subject, [r.intro, { link, label: r.action }, r.validity, r.unchanged, t.common.signature]);
}

/** The one-time sign-in link of a new browser over the cap (docs/decisions/132). */
export function signInLinkEmail(lang: MessageLang, to: string, link: string): OutgoingMessage {
  const t = textsFor(lang);
  const r = t.signInLinkEmail;
  return email(lang, to, r.subject, [r.intro, { link, label: r.action }, r.validity, r.unchanged, t.common.signature]);
}

export function inviteEmail(lang: MessageLang, to: string, names: { firstName: string; lastName: string }, link: string): OutgoingMessage {
  const t = textsFor(lang);
  const i = t.inviteEmail;
  return email(lang, to, i.subject, [fill(i.greeting, names), i.intro, { link, label: i.action }, i.validity, t.common.ignore, t.common.signature]);
}

/** A staff person's setup link (docs/decisions/126): choose a password, then set up the authenticator; 24 hours. */
export function staffLinkEmail(lang: MessageLang, to: string, name: string, link: string): OutgoingMessage {
  const t = textsFor(lang);
  const s = t.staffLinkEmail;
  return email(lang, to, s.subject, [fill(s.greeting, { name }), s.intro, { link, label: s.action }, s.validity, t.common.ignore]);
}

/** A lab order was approved (LAB-002): where to download it, and until when. */
export function labOrderApprovedEmail(lang: MessageLang, to: string, expires: string, dashboardLink: string): OutgoingMessage {
  const t = textsFor(lang);
  const l = t.labs.approvedEmail;
  return email(lang, to, l.subject, [l.intro, fill(l.instructions, { expires }), { link: dashboardLink, label: l.action }, t.common.signature]);
}

/** A lab's person declined the lab order (docs/decisions/133): no reason (it may be medical), how to ask again. */
export function labOrderDeclinedEmail(lang: MessageLang, to: string, dashboardLink: string): OutgoingMessage {
  const t = textsFor(lang);
  const l = t.labs.declinedEmail;
  return email(lang, to, l.subject, [l.intro, l.instructions, { link: dashboardLink, label: l.action }, t.common.signature]);
}

/** The lab results were recorded and the registration sent to the center (LAB-007). */
export function labResultsEmail(lang: MessageLang, to: string, dashboardLink: string): OutgoingMessage {
  const t = textsFor(lang);
  const l = t.labs.resultsEmail;
  return email(lang, to, l.subject, [l.intro, { link: dashboardLink, label: l.action }, t.common.signature]);
}

/** "r***@example.org": enough for the owner to recognise the new address, without spelling it out to the old one. */
export function maskEmail(email: string): string {
  const at = email.lastIndexOf("@");
  return at <= 0 ? "***" : `${email[0]}***${email.slice(at)}`;
}

/** "(***) ***-1234" from a US number's 10 digits. */
export function maskPhone(digits: string): string {
  return `(***) ***-${digits.slice(-4)}`;
}

/** To the OLD address when the account's email changed (ASVS 2.2.3; docs/decisions/025). `newEmail` is shown masked. */
export function emailChangedEmail(lang: MessageLang, to: string, newEmail: string): OutgoingMessage {
  const t = textsFor(lang);
  const c = t.contactChanged;
  return email(lang, to, c.emailSubject, [fill(c.emailIntro, { newValue: maskEmail(newEmail) }), c.emailWarning, t.common.signature]);
}

/** To the OLD mobile number (E.164) when the primary phone changed. `newDigits` is shown masked. */
export function phoneChangedText(lang: MessageLang, to: string, newDigits: string): OutgoingMessage {
  return { channel: "sms", to, subject: "", text: fill(textsFor(lang).contactChanged.text, { newValue: maskPhone(newDigits) }) };
}

/**
 * After a password change (`changed`, from the profile) or a reset (`reset`, through an emailed link): what happened,
 * that every session ended, and what to do if it was not the patient. No link and no secret (docs/decisions/088).
 */
export function passwordChangedEmail(lang: MessageLang, to: string, how: "changed" | "reset"): OutgoingMessage {
  const t = textsFor(lang);
  const p = t.passwordChanged;
  return email(lang, to, p.subject, [p[how], p.signedOut, p.warning, t.common.signature]);
}

/** The same notice as a text message to a confirmed mobile number (E.164). */
export function passwordChangedText(lang: MessageLang, to: string): OutgoingMessage {
  return { channel: "sms", to, subject: "", text: textsFor(lang).passwordChanged.text };
}

/** The journey's emails (docs/decisions/042): which one, with what it names. */
export type JourneyEmail =
  | { kind: "screening"; outcome: "selectCenter" | "ifCandidate" | "otherGoal" | "notContinuing" }
  | { kind: "screening"; outcome: "referred" | "staysNonMember"; center: string }
  | { kind: "medicalHistory" | "eSign" | "preWorkupLabs" | "programCompleted" }
  | { kind: "referralApproved" | "referralCompleted" | "referralDeclined" | "referralCancelledByCenter"; center: string }
  | { kind: "centerSelected"; center: string; labs: boolean };

/**
 * An email along the journey: what happened, what comes next, and the dashboard link. `labsByText`: the lab order's
 * news goes to the patient by text only (the patient's choice for lab news, docs/decisions/128), so the email
 * promises a text, not an email.
 */
export function journeyEmail(
  lang: MessageLang,
  to: string,
  which: JourneyEmail,
  dashboardLink: string,
  { labsByText = false }: { labsByText?: boolean } = {},
): OutgoingMessage {
  const t = textsFor(lang);
  const j = t.journey;
  const center = "center" in which ? which.center : "";
  const outcome = which.kind === "screening" && which.outcome === "referred" && labsByText ? "referredByText" : null;
  const [subject, ...lines] =
    which.kind === "screening"
      ? [j.screening.subject, j.screening.intro, fill(j.screening[outcome ?? which.outcome], { center })]
      : which.kind === "centerSelected"
        ? [
            j.centerSelected.subject,
            fill(j.centerSelected.intro, { center }),
            which.labs ? (labsByText ? j.centerSelected.nextLabsByText : j.centerSelected.nextLabs) : j.centerSelected.nextCenter,
          ]
        : [j[which.kind].subject, fill(j[which.kind].intro, { center }), j[which.kind].next];
  return email(lang, to, subject, [...lines, { link: dashboardLink, label: j.action }, t.common.signature]);
}

/** The news a text message can carry: each step of the journey, the lab order ready, the lab results received. */
export type JourneyNews = JourneyEmail["kind"] | "labOrderReady" | "labOrderDeclined" | "labResults";

/**
 * The text message of a piece of news (docs/decisions/042, 128): what happened, without medical detail, and the
 * dashboard; never a pointer to an email, which a patient who chose texts does not get. `to` is E.164.
 */
export function journeyText(lang: MessageLang, to: string, news: JourneyNews): OutgoingMessage {
  return { channel: "sms", to, subject: "", text: textsFor(lang).journey.texts[news] };
}

/** The answer to a text-message keyword (docs/decisions/106): STOP's confirmation, START's, HELP's. `to` is E.164. */
export function keywordReply(lang: MessageLang, to: string, keyword: "stop" | "start" | "help", portalUrl: string): OutgoingMessage {
  const k = textsFor(lang).keywords;
  const text = keyword === "stop" ? k.stopped : keyword === "start" ? k.started : fill(k.help, { url: portalUrl });
  return { channel: "sms", to, subject: "", text };
}
