import { createServer as createHttpServer, type IncomingMessage, type Server } from "node:http";
import { createServer as createNetServer, type AddressInfo } from "node:net";
import { SMTPServer } from "smtp-server";
import { afterEach, describe, expect, it } from "vitest";
import { testDatabases } from "../db/test-databases";
import type { RegistrySettings } from "../settings";
import { TEST_SETTINGS, useRegistry } from "../testing/harness";
import { channelConfigured, enqueue, enqueueForPatient } from "./enqueue";
import { claimDue, enqueueMessage } from "./outbox";
import { httpSmsTransport, SendError, smtpTransport, type Transports } from "./transports";
import { processOutbox, retryDelayMs, startOutboxWorker } from "./worker";
import { outboxSecrets } from "../migrations/0008_outbox_secrets";

const FAST = { connectMs: 2000, totalMs: 4000 };

type Received = { from: string; to: string[]; raw: string };

/** A local SMTP server on 127.0.0.1 that wants AUTH user/pass and keeps what it receives. */
async function startSmtp(port = 0): Promise<{ port: number; received: Received[]; close(): Promise<void> }> {
  const received: Received[] = [];
  const server = new SMTPServer({
    secure: false,
    disabledCommands: ["STARTTLS"],
    allowInsecureAuth: true,
    logger: false,
    onAuth(auth, _session, callback) {
      if (auth.username === "user" && auth.password === "pass") callback(null, { user: "user" });
      else callback(new Error("Invalid username or password"));
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on("data", (c: Buffer) => chunks.push(c));
      stream.on("end", () => {
        received.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : "",
          to: session.envelope.rcptTo.map((r) => r.address),
          raw: Buffer.concat(chunks).toString("utf8"),
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.server.once("error", reject);
    server.listen(port, "127.0.0.1", () => resolve());
  });
  return {
    port: (server.server.address() as AddressInfo).port,
    received,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** A loopback port with nothing listening on it (for the outage). */
async function freePort(): Promise<number> {
  const s = createNetServer();
  await new Promise<void>((resolve) => s.listen(0, "127.0.0.1", () => resolve()));
  const { port } = s.address() as AddressInfo;
  await new Promise<void>((resolve) => s.close(() => resolve()));
  return port;
}

async function until(check: () => Promise<boolean>, timeoutMs = 5000): Promise<void> {
  const end = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > end) throw new Error("timed out");
    await new Promise((r) => setTimeout(r, 20));
  }
}

const withSmtp = (port: number): RegistrySettings => ({
  ...TEST_SETTINGS,
  messaging: { ...TEST_SETTINGS.messaging, smtpUrl: `smtp://user:pass@127.0.0.1:${port}`, mailFrom: "Kidney Registry <registration@portal.test>" },
});

describe.each(testDatabases())("the outbox on $name", (target) => {
  const t = useRegistry(target);
  const cleanup: (() => Promise<void>)[] = [];
  afterEach(async () => {
    while (cleanup.length) await cleanup.pop()!();
  });
  const rows = () =>
    t.db.query<{ id: number; status: string; attempts: number; last_error: string | null; next_attempt_at: Date; sent_at: Date | null }>(
      "select id, status, attempts, last_error, next_attempt_at, sent_at from outbox order by id",
    );
  const message = (to = "ana@example.org") => ({
    channel: "email" as const,
    to,
    subject: "Subject",
    text: "Body 123456",
    html: "<p>Body 123456</p>",
  });

  describe("queueing rules", () => {
    it("holds a channel without a provider, and queues one with a provider as pending", async () => {
      const smtp = withSmtp(2525);
      expect(channelConfigured(TEST_SETTINGS, "email")).toBe(false);
      expect(channelConfigured(smtp, "email")).toBe(true);
      expect(channelConfigured(smtp, "sms")).toBe(false);
      await enqueue(t.db, TEST_SETTINGS, message(), t.clock);
      await enqueue(t.db, smtp, message(), t.clock);
      await enqueue(t.db, smtp, { channel: "sms", to: "+15550100001", subject: "", text: "x" }, t.clock);
      expect((await rows()).map((r) => r.status)).toEqual(["held", "pending", "held"]);
    });

    it("an opted-out patient gets no automated message, but what was asked for (PLT-016)", async () => {
      const optedOut = { isOptedOut: true };
      expect(await enqueueForPatient(t.db, TEST_SETTINGS, optedOut, message(), { automated: true, now: t.clock })).toBeNull();
      expect(await t.count("outbox")).toBe(0);
      expect(await enqueueForPatient(t.db, TEST_SETTINGS, optedOut, message(), { automated: false, now: t.clock })).toEqual(expect.any(Number));
      expect(await enqueueForPatient(t.db, TEST_SETTINGS, { isOptedOut: false }, message(), { automated: true, now: t.clock })).toEqual(
        expect.any(Number),
      );
      expect(await t.count("outbox")).toBe(2);
    });
  });

  describe("the worker", () => {
    it("sends due pending rows, never held ones, and claims each row once across workers", async () => {
      for (let i = 0; i < 6; i++) await enqueueMessage(t.db, message(`p${i}@example.org`), { hold: false, now: t.clock });
      await enqueueMessage(t.db, message("held@example.org"), { hold: true, now: t.clock });
      const lease = new Date(t.clock.getTime() + 60_000);
      const [a, b] = await Promise.all([claimDue(t.db, ["email"], t.clock, lease, 4), claimDue(t.db, ["email"], t.clock, lease, 4)]);
      const ids = [...a!, ...b!].map((m) => m.id);
      expect(new Set(ids).size).toBe(6);
      // Claimed rows are leased: not due again before the lease ends.
      expect(await claimDue(t.db, ["email"], t.clock, lease, 10)).toEqual([]);

      t.advance(60_000);
      const sent: string[] = [];
      const transports: Transports = { email: { send: async (m) => void sent.push(m.to), close: () => {} } };
      expect(await processOutbox(t.db, transports, { now: t.clock })).toEqual({ sent: 6, failed: 0, givenUp: 0 });
      expect(sent.sort()).toEqual(["p0@example.org", "p1@example.org", "p2@example.org", "p3@example.org", "p4@example.org", "p5@example.org"]);
      expect((await rows()).map((r) => [r.status, r.attempts])).toEqual([...Array(6).fill(["sent", 1]), ["held", 0]]);
      expect(await processOutbox(t.db, transports, { now: t.clock })).toEqual({ sent: 0, failed: 0, givenUp: 0 });
    });

    it("retries a failed send with exponential backoff, keeps it, and marks it failed after the last attempt", async () => {
      expect([1, 2, 3, 4, 8, 20].map(retryDelayMs)).toEqual([30_000, 60_000, 120_000, 240_000, 3_600_000, 3_600_000]);
      await enqueueMessage(t.db, message(), { hold: false, now: t.clock });
      const logs: Record<string, unknown>[] = [];
      const failing: Transports = {
        email: {
          send: async () => {
            throw new SendError("ECONNREFUSED");
          },
          close: () => {},
        },
      };
      for (let attempt = 1; attempt <= 3; attempt++) {
        expect(await processOutbox(t.db, failing, { now: t.clock, maxAttempts: 3, log: (e) => logs.push(e) })).toEqual({
          sent: 0,
          failed: 1,
          givenUp: attempt < 3 ? 0 : 1,
        });
        const [row] = await rows();
        expect(row).toMatchObject({ status: attempt < 3 ? "pending" : "failed", attempts: attempt, last_error: "ECONNREFUSED" });
        expect(row!.next_attempt_at).toEqual(new Date(t.clock.getTime() + retryDelayMs(attempt)));
        // Not due before its backoff.
        t.advance(retryDelayMs(attempt) - 1);
        expect(await processOutbox(t.db, failing, { now: t.clock, maxAttempts: 3 })).toEqual({ sent: 0, failed: 0, givenUp: 0 });
        t.advance(1);
      }
      expect(await processOutbox(t.db, failing, { now: t.clock, maxAttempts: 3 })).toEqual({ sent: 0, failed: 0, givenUp: 0 });
      expect(await t.count("outbox")).toBe(1);
      expect(logs.map((l) => l.event)).toEqual(["outbox.retry", "outbox.retry", "outbox.failed"]);
      expect(JSON.stringify(logs)).not.toMatch(/ana@example|123456/);
    });

    it("does nothing without providers (demo mode): messages stay held", async () => {
      await enqueue(t.db, TEST_SETTINGS, message(), t.clock);
      const logs: Record<string, unknown>[] = [];
      const worker = startOutboxWorker(t.db, { settings: TEST_SETTINGS }, (e) => logs.push(e), { pollMs: 10 });
      await new Promise((r) => setTimeout(r, 50));
      await worker.stop();
      expect((await rows()).map((r) => r.status)).toEqual(["held"]);
      expect(logs).toEqual([{ level: "info", event: "outbox.worker", channels: [] }]);
      const production: Record<string, unknown>[] = [];
      await startOutboxWorker(t.db, { settings: TEST_SETTINGS, production: true }, (e) => production.push(e)).stop();
      expect(production[1]).toMatchObject({ level: "warn", event: "outbox.no-provider", channels: ["email", "sms"] });
    });
  });

  describe("SMTP (nodemailer) against a local smtp-server", () => {
    it("sends a confirmation code end to end: endpoint -> outbox -> worker -> SMTP", async () => {
      const smtp = await startSmtp();
      cleanup.push(smtp.close);
      const settings = withSmtp(smtp.port);
      const handler = t.handlerWith(settings);
      const p = await t.register(1, { preferredLanguage: 1 });
      const a = await t.call(
        "POST",
        "/api/mfa/send-confirmation-email",
        { token: p.token, body: { medicalRecordId: p.medicalRecordId, email: p.email } },
        handler,
      );
      expect(a.status).toBe(200);
      expect((await rows()).map((r) => r.status)).toEqual(["pending"]);
      const [{ text_body }] = (await t.db.query<{ text_body: string }>("select text_body from outbox")) as [{ text_body: string }];
      const code = /\b(\d{6})\b/.exec(text_body)![1]!;

      const logs: Record<string, unknown>[] = [];
      const worker = startOutboxWorker(t.db, { settings }, (e) => logs.push(e), { pollMs: 20, now: () => t.clock });
      cleanup.push(() => worker.stop());
      await until(async () => (await rows())[0]?.status === "sent");
      expect(smtp.received).toHaveLength(1);
      const mail = smtp.received[0]!;
      expect(mail.to).toEqual([p.email]);
      expect(mail.from).toBe("registration@portal.test");
      expect(mail.raw).toMatch(/^Subject: Your confirmation code\r?$/m);
      expect(mail.raw).toMatch(/^To: patient1@example\.org\r?$/m);
      expect(mail.raw).toContain(code);
      expect(mail.raw).toContain("text/html");
      expect(JSON.stringify(logs)).not.toContain(code);
      expect(JSON.stringify(logs)).not.toContain(p.email);
    });

    it("keeps a message through an SMTP outage and sends it once the server is back", async () => {
      const port = await freePort();
      const transports: Transports = {
        email: smtpTransport(`smtp://user:pass@127.0.0.1:${port}`, "Kidney Registry <registration@portal.test>", FAST),
      };
      cleanup.push(async () => transports.email!.close());
      await enqueue(t.db, withSmtp(port), message(), t.clock);

      expect(await processOutbox(t.db, transports, { now: t.clock })).toEqual({ sent: 0, failed: 1, givenUp: 0 });
      expect(await rows()).toEqual([expect.objectContaining({ status: "pending", attempts: 1, last_error: "ECONNREFUSED", sent_at: null })]);

      const smtp = await startSmtp(port);
      cleanup.push(smtp.close);
      t.advance(retryDelayMs(1));
      expect(await processOutbox(t.db, transports, { now: t.clock })).toEqual({ sent: 1, failed: 0, givenUp: 0 });
      expect(await rows()).toEqual([expect.objectContaining({ status: "sent", attempts: 2, last_error: null, sent_at: t.clock })]);
      expect(smtp.received.map((m) => m.to)).toEqual([["ana@example.org"]]);
    });

    it("records a refused login as an SMTP code, not a message", async () => {
      const smtp = await startSmtp();
      cleanup.push(smtp.close);
      const transports: Transports = { email: smtpTransport(`smtp://user:wrong@127.0.0.1:${smtp.port}`, "r@portal.test", FAST) };
      cleanup.push(async () => transports.email!.close());
      await enqueue(t.db, withSmtp(smtp.port), message(), t.clock);
      expect(await processOutbox(t.db, transports, { now: t.clock })).toEqual({ sent: 0, failed: 1, givenUp: 0 });
      expect((await rows())[0]).toMatchObject({ status: "pending", attempts: 1, last_error: "SMTP 535" });
    });
  });

  // docs/decisions/084: no bearer secret (reset link, invite link, code) stays in the outbox once a message has left.
  describe("what the outbox keeps after sending", () => {
    const stored = () =>
      t.db.query<{
        to_address: string;
        subject: string;
        channel: string;
        status: string;
        text_body: string;
        html_body: string | null;
        sent_at: Date | null;
      }>("select to_address, subject, channel, status, text_body, html_body, sent_at from outbox order by id");
    const resetLink = "http://localhost:3000/r?token=rs0123abcd";
    const reset = {
      channel: "email" as const,
      to: "ana@example.org",
      subject: "Reset your password",
      text: `Open ${resetLink} within an hour.`,
      html: `<p><a href="${resetLink}">Reset your password</a></p>`,
    };

    it("a message sent through SMTP keeps its recipient, subject and status, not its bodies; a held one keeps its text", async () => {
      const smtp = await startSmtp();
      cleanup.push(smtp.close);
      const settings = withSmtp(smtp.port);
      await enqueue(t.db, settings, reset, t.clock);
      await enqueue(t.db, settings, { channel: "sms", to: "+15550100001", subject: "", text: "Your code is 123456" }, t.clock);
      const transports: Transports = { email: smtpTransport(settings.messaging.smtpUrl!, settings.messaging.mailFrom, FAST) };
      cleanup.push(async () => transports.email!.close());

      expect(await processOutbox(t.db, transports, { now: t.clock })).toEqual({ sent: 1, failed: 0, givenUp: 0 });
      expect(smtp.received).toHaveLength(1);
      expect(smtp.received[0]!.raw).toContain("rs0123abcd");
      expect(await stored()).toEqual([
        {
          to_address: "ana@example.org",
          subject: "Reset your password",
          channel: "email",
          status: "sent",
          text_body: "",
          html_body: null,
          sent_at: t.clock,
        },
        // No SMS provider: held, its text is what the demo outbox shows (nothing was sent).
        { to_address: "+15550100001", subject: "", channel: "sms", status: "held", text_body: "Your code is 123456", html_body: null, sent_at: null },
      ]);
      expect(JSON.stringify(await t.db.query("select * from outbox where status = 'sent'"))).not.toContain("rs0123abcd");
    });

    it("a message kept for a retry keeps its bodies; one given up on does not", async () => {
      await enqueueMessage(t.db, reset, { hold: false, now: t.clock });
      const failing: Transports = {
        email: {
          send: async () => {
            throw new SendError("ECONNREFUSED");
          },
          close: () => {},
        },
      };
      await processOutbox(t.db, failing, { now: t.clock, maxAttempts: 2 });
      expect((await stored())[0]).toMatchObject({ status: "pending", text_body: reset.text, html_body: reset.html });
      t.advance(retryDelayMs(1));
      await processOutbox(t.db, failing, { now: t.clock, maxAttempts: 2 });
      expect((await stored())[0]).toMatchObject({
        to_address: "ana@example.org",
        subject: "Reset your password",
        status: "failed",
        text_body: "",
        html_body: null,
      });
    });

    it("migration 0008 clears the bodies of messages sent or given up on before it, and keeps the others", async () => {
      for (const status of ["sent", "failed", "pending", "held"]) {
        await t.db.query(
          "insert into outbox (channel, to_address, subject, text_body, html_body, status) values ('email', $1, 'Subject', $2, $3, $4)",
          [`${status}@example.org`, reset.text, reset.html, status],
        );
      }
      await t.db.exec(outboxSecrets.sql);
      expect((await stored()).map((r) => [r.to_address, r.subject, r.status, r.text_body, r.html_body])).toEqual([
        ["sent@example.org", "Subject", "sent", "", null],
        ["failed@example.org", "Subject", "failed", "", null],
        ["pending@example.org", "Subject", "pending", reset.text, reset.html],
        ["held@example.org", "Subject", "held", reset.text, reset.html],
      ]);
    });
  });

  describe("the HTTP SMS adapter", () => {
    it("POSTs {to, text} with the bearer token; a non-2xx answer is retried", async () => {
      const calls: { auth: string | undefined; body: unknown }[] = [];
      let status = 503;
      const server: Server = createHttpServer((req: IncomingMessage, res) => {
        let body = "";
        req.on("data", (c: Buffer) => (body += c.toString()));
        req.on("end", () => {
          calls.push({ auth: req.headers.authorization, body: JSON.parse(body) });
          res.statusCode = status;
          res.end("{}");
        });
      });
      await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", () => resolve()));
      cleanup.push(() => new Promise<void>((resolve) => server.close(() => resolve())));
      const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/sms`;
      const transports: Transports = { sms: httpSmsTransport(url, "sms-token-123456", FAST) };
      await enqueueMessage(t.db, { channel: "sms", to: "+15550100001", subject: "", text: "Code 123456" }, { hold: false, now: t.clock });

      expect(await processOutbox(t.db, transports, { now: t.clock })).toEqual({ sent: 0, failed: 1, givenUp: 0 });
      expect((await rows())[0]).toMatchObject({ status: "pending", attempts: 1, last_error: "HTTP 503" });
      status = 200;
      t.advance(retryDelayMs(1));
      expect(await processOutbox(t.db, transports, { now: t.clock })).toEqual({ sent: 1, failed: 0, givenUp: 0 });
      expect(calls).toEqual([
        { auth: "Bearer sms-token-123456", body: { to: "+15550100001", text: "Code 123456" } },
        { auth: "Bearer sms-token-123456", body: { to: "+15550100001", text: "Code 123456" } },
      ]);
    });

    it("records an unreachable provider by its error code", async () => {
      const port = await freePort();
      const transports: Transports = { sms: httpSmsTransport(`http://127.0.0.1:${port}/sms`, "sms-token-123456", FAST) };
      await enqueueMessage(t.db, { channel: "sms", to: "+15550100001", subject: "", text: "x" }, { hold: false, now: t.clock });
      expect(await processOutbox(t.db, transports, { now: t.clock })).toEqual({ sent: 0, failed: 1, givenUp: 0 });
      expect((await rows())[0]).toMatchObject({ status: "pending", last_error: "ECONNREFUSED" });
    });
  });
});
