import { getSystemErrorName } from "node:util";
import type { Transporter } from "nodemailer";
import type { MessagingSettings } from "../settings";
import type { ClaimedMessage } from "./outbox";

/** Sends one message or throws; the error's `code` (never its text) is what the outbox keeps. */
export type Transport = { send(message: ClaimedMessage): Promise<void>; close(): void };
export type Transports = Partial<Record<ClaimedMessage["channel"], Transport>>;

export class SendError extends Error {
  override name = "SendError";
  constructor(readonly code: string) {
    super(code);
  }
}

export type TransportTimeouts = { connectMs: number; totalMs: number };
const DEFAULT_TIMEOUTS: TransportTimeouts = { connectMs: 10_000, totalMs: 30_000 };

/** Email through SMTP (`smtp://user:pass@host:587`, STARTTLS when offered; `smtps://` for TLS on connect). */
export function smtpTransport(smtpUrl: string, mailFrom: string, timeouts: TransportTimeouts = DEFAULT_TIMEOUTS): Transport {
  // nodemailer is loaded with the first email (about 6 MiB of the process's memory at rest otherwise, and a demo or a
  // portal without SMTP never sends one: docs/decisions/142).
  let mailer: Promise<Transporter> | undefined;
  const open = () =>
    (mailer ??= import("nodemailer").then(({ default: nodemailer }) =>
      nodemailer.createTransport({
        url: smtpUrl,
        connectionTimeout: timeouts.connectMs,
        greetingTimeout: timeouts.connectMs,
        socketTimeout: timeouts.totalMs,
        logger: false,
        debug: false,
      }),
    ));
  return {
    async send(m) {
      try {
        await (await open()).sendMail({ from: mailFrom, to: m.to, subject: m.subject, text: m.text, ...(m.html ? { html: m.html } : {}) });
      } catch (error) {
        throw new SendError(smtpErrorCode(error));
      }
    },
    close: () =>
      void mailer?.then(
        (m) => m.close(),
        () => {},
      ),
  };
}

/** `SMTP 535` for a refusal by the server, the system error (`ECONNREFUSED`) for a connection failure, else nodemailer's code. */
function smtpErrorCode(error: unknown): string {
  const e = error as { code?: unknown; responseCode?: unknown; errno?: unknown };
  if (typeof e.responseCode === "number") return `SMTP ${e.responseCode}`;
  if (typeof e.errno === "number" && e.errno < 0) {
    try {
      return getSystemErrorName(e.errno);
    } catch {
      // not a system error number
    }
  }
  return typeof e.code === "string" ? e.code : "SMTP_ERROR";
}

/** Text messages through an HTTP provider adapter: POST JSON {to, text} with a bearer token; any 2xx is sent. */
export function httpSmsTransport(smsUrl: string, smsToken: string, timeouts: TransportTimeouts = DEFAULT_TIMEOUTS): Transport {
  return {
    async send(m) {
      let response: Response;
      try {
        response = await fetch(smsUrl, {
          method: "POST",
          headers: { "content-type": "application/json", authorization: `Bearer ${smsToken}` },
          body: JSON.stringify({ to: m.to, text: m.text }),
          signal: AbortSignal.timeout(timeouts.totalMs),
        });
      } catch (error) {
        const cause = (error as { cause?: { code?: unknown }; name?: string }).cause;
        throw new SendError(typeof cause?.code === "string" ? cause.code : (error as Error).name || "SMS_ERROR");
      }
      await response.body?.cancel().catch(() => {});
      if (!response.ok) throw new SendError(`HTTP ${response.status}`);
    },
    close: () => {},
  };
}

/** The transports of the configured providers (none in demo mode). */
export function transportsFromSettings(m: MessagingSettings): Transports {
  const t: Transports = {};
  if (m.smtpUrl) t.email = smtpTransport(m.smtpUrl, m.mailFrom);
  if (m.smsUrl && m.smsToken) t.sms = httpSmsTransport(m.smsUrl, m.smsToken);
  return t;
}
