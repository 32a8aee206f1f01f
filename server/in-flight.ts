import { AsyncLocalStorage } from "node:async_hooks";
import type { Request, RequestHandler, Response } from "express";

/** MAX_REQUESTS_IN_FLIGHT's default, measured on a 2-core machine (docs/decisions/086). */
export const DEFAULT_MAX_IN_FLIGHT = 64;
/** Seconds a refused client is asked to wait (Retry-After). */
export const BUSY_RETRY_AFTER_S = 2;

/**
 * The admission classes (docs/decisions/134; the `class` label of the metrics, 131):
 * - `patient`: a signed-in session (patient or staff) or a browser with this portal's known-device mark;
 * - `page`: anything else that is not a sign-in post (anonymous pages and data requests);
 * - `sign-in`: a post from a browser neither signed in nor known (sign-in, registration, password reset...).
 */
export const ADMISSION_CLASSES = ["patient", "page", "sign-in"] as const;
export type AdmissionClass = (typeof ADMISSION_CLASSES)[number];

/**
 * How a request is admitted: its class and the keys its fair share is counted under (its address, its account).
 * `proved`: a sign-in post whose browser solved the proof of work (docs/decisions/134): it goes ahead of its class's
 * line (behind other proved ones).
 */
export type Admission = { className: AdmissionClass; keys: readonly string[]; proved?: boolean };

export type AdmissionRules = {
  /** Requests in flight in all: MAX_REQUESTS_IN_FLIGHT. */
  max: number;
  /** Places only `patient` may take: the others together never hold more than `max - patientReserve`. */
  patientReserve: number;
  /** `sign-in` never holds more than this, so that sign-in posts cannot take the anonymous pages' places. */
  signInMax: number;
  /** In flight at most, per key (an address or its /64, an account): one client cannot hold more than its share. */
  perKey: number;
  /** Requests that may wait, per class, for a place to free (first come, first served), outside the count. */
  line: number;
  /** How long one waits in that line at most before its 503. */
  lineWaitMs: number;
  /** Requests parked at once (docs/decisions/134): beyond it a wait keeps its place in the count, as before. */
  maxParked: number;
  /**
   * While the gate is full, the places in flight are cut to what the process answers in this long (its answers per
   * second, measured each second, times this): by Little's law, what an admitted request then waits. Never below
   * `minMax`; back to `max` after a second without a refusal or a line.
   */
  targetLatencyMs: number;
  minMax: number;
};

/**
 * The rules for a cap of `max` (docs/decisions/134): half the places kept for patients (every place in flight is a turn
 * of the one event loop that the patient's page waits behind, so strangers' work in flight is what a patient waits
 * for), an eighth at most for sign-in posts, an eighth per address or account.
 */
export function admissionRules(max: number): AdmissionRules {
  const cap = Math.max(1, Math.floor(max));
  return {
    max: cap,
    patientReserve: cap >= 2 ? Math.ceil(cap / 2) : 0,
    signInMax: Math.max(1, Math.ceil(cap / 8)),
    perKey: Math.max(2, Math.ceil(cap / 8)),
    line: cap,
    lineWaitMs: 1_000,
    maxParked: 16 * cap,
    targetLatencyMs: 500,
    minMax: Math.min(cap, 8),
  };
}

/** A request admitted: `leave` when its answer is sent; `park` while it waits on a timer (nothing to compute). */
export type Ticket = {
  readonly className: AdmissionClass;
  leave(): void;
  /** Leaves the count while `wait` runs, then comes back into it (without a check: it was admitted already). */
  park<T>(wait: Promise<T>): Promise<T>;
};

type Waiter = {
  admission: Admission;
  admit: (ticket: Ticket) => void;
  refuse: () => void;
  timer?: ReturnType<typeof setTimeout>;
};

/**
 * The admission gate (docs/decisions/086, 134): counts the requests in flight by class and by key and decides, for each
 * new one, at once: admitted, refused (503), or, when only the class's places are full, a place in a short line
 * (first come, first served) that a leaving request hands on. Pure bookkeeping with timers only for the line's limit:
 * no I/O, nothing about HTTP.
 */
export class AdmissionGate {
  readonly rules: AdmissionRules;
  private total = 0;
  private readonly byClass: Record<AdmissionClass, number> = { patient: 0, page: 0, "sign-in": 0 };
  private readonly refusedByClass: Record<AdmissionClass, number> = { patient: 0, page: 0, "sign-in": 0 };
  private readonly byKey = new Map<string, number>();
  private readonly lines: Record<AdmissionClass, Waiter[]> = { patient: [], page: [], "sign-in": [] };
  /** Parked requests coming back, by class: served after every line (the lowest priority in the gate). */
  private readonly comingBack: Record<AdmissionClass, Array<() => void>> = { patient: [], page: [], "sign-in": [] };
  private parkedNow = 0;
  /** Proved sign-in posts in flight (counted in `sign-in` too). */
  private provedNow = 0;

  /** The places in flight now: `rules.max`, or fewer while the gate is full (`targetLatencyMs`). */
  private limit: number;
  private readonly now: () => number;
  private windowStart: number;
  private windowDone = 0;
  private windowFull = false;

  constructor(rules: AdmissionRules, now: () => number = () => performance.now()) {
    this.rules = rules;
    this.limit = rules.max;
    this.now = now;
    this.windowStart = now();
  }

  /** The places in flight now (the cap, or fewer while the gate is full and the process slow). */
  places(): number {
    return this.limit;
  }

  /**
   * Each second: when the gate was full (a refusal or a line), the places become what the process answered in that
   * second times targetLatencyMs; when it was not, the cap. So a starved process (a busy machine, a slow database)
   * keeps few requests in flight and answers them promptly instead of many slowly (docs/decisions/134).
   */
  private tick(done: number) {
    this.windowDone += done;
    const now = this.now();
    const elapsed = now - this.windowStart;
    if (elapsed < 1_000) return;
    const r = this.rules;
    const perSecond = (this.windowDone * 1_000) / elapsed;
    this.limit = this.windowFull ? Math.max(r.minMax, Math.min(r.max, Math.ceil((perSecond * r.targetLatencyMs) / 1_000))) : r.max;
    this.windowStart = now;
    this.windowDone = 0;
    this.windowFull = false;
  }

  /** Admitted and not yet answered (parked ones not counted), in one class or in all. */
  current(className?: AdmissionClass): number {
    return className ? this.byClass[className] : this.total;
  }
  refused(className: AdmissionClass): number {
    return this.refusedByClass[className];
  }
  /** Waiting for a place in a class: its line and its parked requests coming back. */
  waiting(className: AdmissionClass): number {
    return this.lines[className].length + this.comingBack[className].length;
  }
  parked(): number {
    return this.parkedNow;
  }
  /** In flight under one key (an address, an account). */
  heldBy(key: string): number {
    return this.byKey.get(key) ?? 0;
  }

  /**
   * Whether the class has a place now (the total, the patients' reserve, the sign-in posts' share). A proved sign-in
   * post (docs/decisions/134) has a share of its own, as large, that the patients' reserve may give: the unproved ones
   * (the flood's posts, hashing or coming back) and the pages never hold its places.
   */
  private classHasRoom(className: AdmissionClass, proved = false): boolean {
    const r = this.rules;
    const max = this.limit;
    if (this.total >= max) return false;
    if (className === "patient") return true;
    // A proved sign-in post may take a place the patients' reserve keeps, within a share of its own (the sign-in
    // posts' share, as large): a browser that spent the work is let in however many pages and posts strangers send.
    const signInShare = Math.max(1, Math.ceil((r.signInMax * max) / r.max));
    if (className === "sign-in" && proved) return this.provedNow < signInShare;
    // The shares scale with the places there are now.
    const others = max - Math.ceil((r.patientReserve * max) / r.max);
    if (this.byClass.page + this.byClass["sign-in"] >= others) return false;
    return className !== "sign-in" || this.byClass["sign-in"] - this.provedNow < signInShare;
  }
  private keysHaveRoom(keys: readonly string[]): boolean {
    const r = this.rules;
    const share = Math.max(2, Math.ceil((r.perKey * this.limit) / r.max));
    return keys.every((key) => (this.byKey.get(key) ?? 0) < share);
  }

  private count(admission: Admission, delta: 1 | -1) {
    this.total += delta;
    this.byClass[admission.className] += delta;
    if (admission.proved) this.provedNow += delta;
    for (const key of admission.keys) {
      const held = (this.byKey.get(key) ?? 0) + delta;
      if (held > 0) this.byKey.set(key, held);
      else this.byKey.delete(key);
    }
  }

  private ticket(admission: Admission): Ticket {
    let state: "in" | "parked" | "gone" = "in";
    this.count(admission, 1);
    const out = () => {
      this.count(admission, -1);
      this.tick(1);
      this.drain();
    };
    return {
      className: admission.className,
      leave: () => {
        if (state === "gone") return;
        if (state === "in") out();
        else this.parkedNow -= 1;
        state = "gone";
      },
      park: async <T>(wait: Promise<T>): Promise<T> => {
        if (state !== "in" || this.parkedNow >= this.rules.maxParked) return wait;
        state = "parked";
        this.parkedNow += 1;
        out();
        let result: T;
        try {
          result = await wait;
        } finally {
          // Back into the count (unless the client left meanwhile) when its class has room: after every line, so a
          // fresh request of its class (a sign-in post whose browser solved its challenge) goes first. It was admitted
          // once, so it waits as long as it takes and is never refused; while it waits it still counts as parked (at
          // most maxParked).
          await this.resume(admission, () => {
            if (state !== "parked") return;
            this.parkedNow -= 1;
            state = "in";
            this.count(admission, 1);
          });
        }
        return result;
      },
    };
  }

  /**
   * A new request: `admit` with its ticket (at once, or from the line), else `refuse` (at once when its key holds its
   * share or the line is full; after `lineWaitMs` in the line). Answers a function that takes it out of the line
   * (its client left before it was admitted).
   */
  enter(admission: Admission, admit: (ticket: Ticket) => void, refuse: () => void): () => void {
    this.tick(0);
    const refuseNow = () => {
      this.refusedByClass[admission.className] += 1;
      refuse();
    };
    // Over its key's share: refused, and no sign that the gate is full (one greedy client never shrinks the places).
    if (!this.keysHaveRoom(admission.keys)) {
      refuseNow();
      return () => {};
    }
    const line = this.lines[admission.className];
    const proved = admission.proved === true;
    if ((line.length === 0 || proved) && this.classHasRoom(admission.className, proved)) {
      admit(this.ticket(admission));
      return () => {};
    }
    // A proved post goes ahead of the unproved ones: behind the proved ones already waiting.
    const unproved = proved ? line.findIndex((w) => !w.admission.proved) : -1;
    if (line.length >= this.rules.line) {
      this.windowFull = true;
      if (unproved < 0) {
        refuseNow();
        return () => {};
      }
      // The line is full: the last unproved one gives its place up (refused as if the line had been full for it).
      const last = line.pop()!;
      clearTimeout(last.timer);
      last.refuse();
    }
    this.windowFull = true;
    const waiter: Waiter = { admission, admit, refuse: refuseNow };
    waiter.timer = setTimeout(() => {
      const at = line.indexOf(waiter);
      if (at >= 0) line.splice(at, 1);
      refuseNow();
    }, this.rules.lineWaitMs);
    if (unproved >= 0) line.splice(unproved, 0, waiter);
    else line.push(waiter);
    return () => {
      const at = line.indexOf(waiter);
      if (at < 0) return;
      line.splice(at, 1);
      clearTimeout(waiter.timer);
    };
  }

  /**
   * Resolves when `admission`'s class has room for a parked request coming back (at once when it has and nobody of
   * its class waits): behind the class's line and the parked ones already coming back.
   */
  private resume(admission: Admission, comeIn: () => void): Promise<void> {
    const className = admission.className;
    const back = this.comingBack[className];
    if (this.lines[className].length === 0 && back.length === 0 && this.classHasRoom(className)) {
      comeIn();
      return Promise.resolve();
    }
    return new Promise<void>((resolve) => {
      back.push(() => {
        comeIn();
        resolve();
      });
    });
  }

  /**
   * A place freed: the lines' first requests that now fit go in, the patients' line first, then the proved sign-in
   * posts, the pages, the other sign-in posts; then the parked requests
   * coming back, whose class's line is empty (docs/decisions/134: they yield to fresh arrivals).
   */
  private drain() {
    // The proved sign-in posts at the front of their line first after the patients' (they share the anonymous places
    // with the pages: a flood of page loads must not keep them out), then every line in order.
    for (const [className, provedOnly] of DRAIN_ORDER) {
      const line = this.lines[className];
      for (let at = 0; at < line.length; ) {
        const waiter = line[at]!;
        const proved = waiter.admission.proved === true;
        // The proved ones are at the line's front.
        if (provedOnly && !proved) break;
        if (!this.classHasRoom(className, proved)) {
          // A sign-in post of the other kind (proved, unproved) behind it may have room in its own share.
          if (className === "sign-in") at += 1;
          else break;
          continue;
        }
        line.splice(at, 1);
        clearTimeout(waiter.timer);
        // Its key took its share meanwhile (another request of the same client went in): refused, as it would be now.
        if (!this.keysHaveRoom(waiter.admission.keys)) waiter.refuse();
        else waiter.admit(this.ticket(waiter.admission));
      }
    }
    for (const className of ADMISSION_CLASSES) {
      const back = this.comingBack[className];
      // Counted by its ticket when it resumes (in this same turn, before the next).
      while (back.length > 0 && this.lines[className].length === 0 && this.classHasRoom(className)) back.shift()!();
    }
  }
}

/** The order in which freed places go to the lines (docs/decisions/134): `true`, only the proved ones at its front. */
const DRAIN_ORDER: ReadonlyArray<readonly [AdmissionClass, boolean]> = [
  ["patient", false],
  ["sign-in", true],
  ["page", false],
  ["sign-in", false],
];

const current = new AsyncLocalStorage<Ticket>();

/**
 * Waits `ms` outside the count when called within an admitted request (the no-JavaScript sign-in's surge wait, the
 * in-process registry's refusal delay: docs/decisions/134), else simply waits.
 */
export function parkFor(ms: number): Promise<void> {
  return parkWhile(new Promise<void>((resolve) => setTimeout(resolve, ms)));
}

/** Waits for `wait` outside the count when called within an admitted request, else simply waits. */
export function parkWhile<T>(wait: Promise<T>): Promise<T> {
  const ticket = current.getStore();
  return ticket ? ticket.park(wait) : wait;
}

export type AdmissionLimit = RequestHandler & { gate: AdmissionGate };

/**
 * docs/decisions/086, 134: at most `rules.max` page and data requests in the app at once, shared by class. A request
 * beyond its class's places waits in a short line, or is answered at once by `refuse` (503 with Retry-After and the
 * short "very busy" page). A request leaves the count when its answer is sent or its connection closes, whichever
 * comes first. Mount it after the health checks and the static files: those are never refused.
 */
export function admissionLimit(
  rules: AdmissionRules,
  classify: (req: Request, res: Response) => Admission,
  refuse: (req: Request, res: Response) => void,
): AdmissionLimit {
  const gate = new AdmissionGate(rules);
  const handler: RequestHandler = (req, res, next) => {
    let left = false;
    let ticket: Ticket | undefined;
    const cancel = gate.enter(
      classify(req, res),
      (admitted) => {
        if (left) return admitted.leave();
        ticket = admitted;
        // The admitted request goes on in the event loop's next turn, after the requests that arrived with it have
        // been counted. React 19 renders a page within the same turn (React 18 waited a turn), so without this a crowd
        // is taken one whole request at a time: never more than one in flight, nobody refused, everyone queued
        // unseen, the health checks behind them.
        setImmediate(() => current.run(admitted, next));
      },
      () => {
        if (left) return;
        res.setHeader("Retry-After", String(BUSY_RETRY_AFTER_S));
        refuse(req, res);
      },
    );
    const leave = () => {
      if (left) return;
      left = true;
      cancel();
      ticket?.leave();
    };
    res.once("finish", leave);
    res.once("close", leave);
  };
  return Object.assign(handler, { gate });
}
