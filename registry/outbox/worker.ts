import type { Db } from "../db/types";
import type { RegistrySettings } from "../settings";
import { claimDue, markFailed, markSent } from "./outbox";
import { SendError, transportsFromSettings, type Transports } from "./transports";

export type OutboxRunOptions = {
  now: Date;
  /** Rows per claim. */
  batchSize?: number;
  /** After this many failed tries a row is 'failed' (kept in the table, never deleted). */
  maxAttempts?: number;
  /** How long a claimed row is reserved for this worker. */
  leaseMs?: number;
  log?: (entry: Record<string, unknown>) => void;
};

export const OUTBOX_DEFAULTS = { batchSize: 20, maxAttempts: 10, leaseMs: 2 * 60 * 1000, pollMs: 2000 } as const;

/** Exponential backoff after the n-th failed try: 30 s, 1 min, 2 min, ... at most 1 hour. */
export function retryDelayMs(attempts: number): number {
  return Math.min(30_000 * 2 ** Math.max(0, attempts - 1), 60 * 60 * 1000);
}

/** What one batch did: sent, failed (given up included: `givenUp` reached maxAttempts and are now 'failed'). */
export type OutboxBatch = { sent: number; failed: number; givenUp: number };

/** Sends one batch of due messages. Answers how many were sent and how many failed this time. */
export async function processOutbox(db: Db, transports: Transports, o: OutboxRunOptions): Promise<OutboxBatch> {
  const maxAttempts = o.maxAttempts ?? OUTBOX_DEFAULTS.maxAttempts;
  const channels = Object.keys(transports);
  const claimed = await claimDue(
    db,
    channels,
    o.now,
    new Date(o.now.getTime() + (o.leaseMs ?? OUTBOX_DEFAULTS.leaseMs)),
    o.batchSize ?? OUTBOX_DEFAULTS.batchSize,
  );
  let sent = 0;
  let failed = 0;
  let givenUp = 0;
  for (const message of claimed) {
    const transport = transports[message.channel]!;
    let code: string | null = null;
    try {
      await transport.send(message);
    } catch (error) {
      code = error instanceof SendError ? error.code : "SEND_ERROR";
    }
    if (code === null) {
      await markSent(db, message.id, o.now);
      sent += 1;
      o.log?.({ level: "info", event: "outbox.sent", id: message.id, channel: message.channel });
      continue;
    }
    const attempts = message.attempts + 1;
    const final = attempts >= maxAttempts;
    await markFailed(db, message.id, code, new Date(o.now.getTime() + retryDelayMs(attempts)), final);
    failed += 1;
    if (final) givenUp += 1;
    // Identifiers and the error code only: never the address or the body.
    o.log?.({
      level: final ? "error" : "warn",
      event: final ? "outbox.failed" : "outbox.retry",
      id: message.id,
      channel: message.channel,
      attempts,
      error: code,
    });
  }
  return { sent, failed, givenUp };
}

export type OutboxWorker = { stop(): Promise<void> };

/**
 * Starts the outbox worker (PLT-015) for whoever runs the registry (the portal's server, `registry serve`):
 * every `pollMs` it sends the due 'pending' messages through the configured SMTP and SMS providers, with retries.
 * Any number of workers may run on one database. With no provider configured it does nothing (messages are held).
 * `stop()` waits for the batch in progress and closes the transports.
 */
export function startOutboxWorker(
  db: Db,
  config: { settings: RegistrySettings; production?: boolean },
  log: (entry: Record<string, unknown>) => void,
  options: {
    pollMs?: number;
    now?: () => Date;
    transports?: Transports;
    maxAttempts?: number;
    /** Told what each batch did (the metrics, docs/decisions/131). */
    observe?: (batch: OutboxBatch) => void;
  } = {},
): OutboxWorker {
  const transports = options.transports ?? transportsFromSettings(config.settings.messaging);
  const pollMs = options.pollMs ?? OUTBOX_DEFAULTS.pollMs;
  const now = options.now ?? (() => new Date());
  const channels = Object.keys(transports);
  log({ level: "info", event: "outbox.worker", channels });
  const missing = (["email", "sms"] as const).filter((c) => !transports[c]);
  if (config.production && missing.length) {
    log({ level: "warn", event: "outbox.no-provider", channels: missing, hint: "messages of these channels stay held in the outbox" });
  }
  if (channels.length === 0) return { stop: async () => {} };

  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> = Promise.resolve();

  const tick = async () => {
    try {
      // Keep sending while full batches come back; then wait for the next poll.
      for (;;) {
        const batch = await processOutbox(db, transports, { now: now(), log, maxAttempts: options.maxAttempts });
        options.observe?.(batch);
        const { sent, failed } = batch;
        if (stopped || sent + failed < OUTBOX_DEFAULTS.batchSize) break;
      }
    } catch (error) {
      log({ level: "error", event: "outbox.worker.error", error: error instanceof Error ? error.constructor.name : typeof error });
    }
  };
  const schedule = () => {
    if (stopped) return;
    timer = setTimeout(() => {
      running = tick().then(schedule);
    }, pollMs);
    timer.unref?.();
  };
  running = tick().then(schedule);

  return {
    async stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
      await running;
      for (const t of Object.values(transports)) t.close();
    },
  };
}
