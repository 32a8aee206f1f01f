import express from "express";
import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  AdmissionGate,
  admissionLimit,
  admissionRules,
  parkFor,
  type Admission,
  type AdmissionClass,
  type AdmissionLimit,
  type AdmissionRules,
  type Ticket,
} from "./in-flight";
import { shortPageHtml } from "./short-page";

/** One request at the gate: its ticket when admitted (at once or from the line), whether it was refused. */
function arrive(gate: AdmissionGate, className: AdmissionClass, keys: string[] = []) {
  const entry: { ticket?: Ticket; refused: boolean; cancel: () => void } = { refused: false, cancel: () => {} };
  entry.cancel = gate.enter(
    { className, keys },
    (t) => (entry.ticket = t),
    () => (entry.refused = true),
  );
  return entry;
}

const rules = (over: Partial<AdmissionRules> = {}): AdmissionRules => ({
  max: 8,
  patientReserve: 2,
  signInMax: 2,
  perKey: 3,
  line: 0,
  lineWaitMs: 50,
  maxParked: 100,
  targetLatencyMs: 500,
  minMax: 8,
  ...over,
});

describe("AdmissionGate (docs/decisions/134)", () => {
  it("keeps the patients' reserve: anonymous pages fill their share and are refused, patients still get in", () => {
    const gate = new AdmissionGate(rules());
    const pages = Array.from({ length: 8 }, () => arrive(gate, "page"));
    expect(pages.filter((p) => p.ticket)).toHaveLength(6);
    expect(pages.filter((p) => p.refused)).toHaveLength(2);
    const patients = [arrive(gate, "patient"), arrive(gate, "patient"), arrive(gate, "patient")];
    expect(patients.map((p) => Boolean(p.ticket))).toEqual([true, true, false]);
    expect(gate.current()).toBe(8);
    expect(gate.current("page")).toBe(6);
    expect(gate.refused("page")).toBe(2);
    expect(gate.refused("patient")).toBe(1);
  });

  it("patients may use every place, and then nobody else gets one", () => {
    const gate = new AdmissionGate(rules());
    for (let i = 0; i < 8; i++) expect(arrive(gate, "patient").ticket).toBeDefined();
    expect(arrive(gate, "page").refused).toBe(true);
    expect(arrive(gate, "sign-in").refused).toBe(true);
  });

  it("sign-in posts hold at most their share, so they never starve the anonymous pages", () => {
    const gate = new AdmissionGate(rules());
    const posts = Array.from({ length: 5 }, () => arrive(gate, "sign-in"));
    expect(posts.filter((p) => p.ticket)).toHaveLength(2);
    const pages = Array.from({ length: 4 }, () => arrive(gate, "page"));
    expect(pages.every((p) => p.ticket)).toBe(true);
    expect(gate.current("sign-in")).toBe(2);
  });

  it("gives one key (an address, an account) no more than its share, whatever is free", () => {
    const gate = new AdmissionGate(rules({ line: 10 }));
    const mine = Array.from({ length: 5 }, () => arrive(gate, "page", ["a:198.51.100.7"]));
    expect(mine.filter((p) => p.ticket)).toHaveLength(3);
    // Refused at once, not put in the line: waiting would not make its share any bigger.
    expect(mine.filter((p) => p.refused)).toHaveLength(2);
    expect(gate.waiting("page")).toBe(0);
    expect(arrive(gate, "page", ["a:198.51.100.8"]).ticket).toBeDefined();
    expect(gate.heldBy("a:198.51.100.7")).toBe(3);
    mine[0]!.ticket!.leave();
    expect(gate.heldBy("a:198.51.100.7")).toBe(2);
    expect(arrive(gate, "page", ["a:198.51.100.7"]).ticket).toBeDefined();
  });

  it("parks a waiting request outside the count; it comes back when its class has room, never refused", async () => {
    const gate = new AdmissionGate(rules());
    const posts = [arrive(gate, "sign-in", ["a:x"]), arrive(gate, "sign-in", ["a:x"])];
    expect(arrive(gate, "sign-in").refused).toBe(true);
    let release!: () => void;
    let back = false;
    const parked = posts[0]!.ticket!.park(new Promise<void>((resolve) => (release = resolve))).then(() => (back = true));
    expect(gate.current("sign-in")).toBe(1);
    expect(gate.parked()).toBe(1);
    expect(gate.heldBy("a:x")).toBe(1);
    // Its place is someone else's meanwhile.
    const other = arrive(gate, "sign-in");
    expect(other.ticket).toBeDefined();
    release();
    await new Promise((resolve) => setTimeout(resolve, 10));
    // The class is full: it waits, parked, in the class's line.
    expect(back).toBe(false);
    expect(gate.waiting("sign-in")).toBe(1);
    expect(gate.current("sign-in")).toBe(2);
    other.ticket!.leave();
    await parked;
    expect(gate.parked()).toBe(0);
    expect(gate.current("sign-in")).toBe(2);
    expect(gate.heldBy("a:x")).toBe(2);
    for (const t of posts) t.ticket!.leave();
    expect(gate.current()).toBe(0);
  });

  it("a parked request coming back yields to fresh arrivals of its class: a solved sign-in post goes first", async () => {
    const gate = new AdmissionGate(rules({ line: 4, lineWaitMs: 1_000 }));
    const posts = [arrive(gate, "sign-in"), arrive(gate, "sign-in")];
    let release!: () => void;
    let back = false;
    const parked = posts[0]!.ticket!.park(new Promise<void>((resolve) => (release = resolve))).then(() => (back = true));
    const other = arrive(gate, "sign-in");
    expect(other.ticket).toBeDefined();
    release();
    await new Promise((resolve) => setTimeout(resolve, 10));
    // The class is full: the parked one waits to come back.
    expect(back).toBe(false);
    // A fresh post (a browser that solved its challenge: nothing to wait for) arrives after it, and waits in the line.
    const fresh = arrive(gate, "sign-in");
    expect(fresh.ticket).toBeUndefined();
    expect(fresh.refused).toBe(false);
    // A place frees: the fresh post takes it, the parked one still waits (never refused).
    other.ticket!.leave();
    expect(fresh.ticket).toBeDefined();
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(back).toBe(false);
    expect(gate.parked()).toBe(1);
    // The next place is the parked one's.
    fresh.ticket!.leave();
    await parked;
    expect(back).toBe(true);
    expect(gate.parked()).toBe(0);
    expect(gate.current("sign-in")).toBe(2);
  });

  it("a proved sign-in post (a solved proof of work) has a share of its own, goes ahead in the line, and before the pages", () => {
    const gate = new AdmissionGate(rules({ line: 2, lineWaitMs: 1_000 }));
    const proved = () => {
      const entry = { refused: false } as { ticket?: Ticket; refused: boolean; cancel: () => void };
      entry.cancel = gate.enter(
        { className: "sign-in", keys: [], proved: true },
        (t) => (entry.ticket = t),
        () => (entry.refused = true),
      );
      return entry;
    };
    // The unproved posts hold their share (2) and fill the line (2); one more is refused.
    const inFlight = [arrive(gate, "sign-in"), arrive(gate, "sign-in")];
    const unproved = [arrive(gate, "sign-in"), arrive(gate, "sign-in")];
    expect(arrive(gate, "sign-in").refused).toBe(true);
    // Proved posts get in at once: their own share (2).
    const first = [proved(), proved()];
    expect(first.every((p) => p.ticket)).toBe(true);
    expect(gate.current("sign-in")).toBe(4);
    // Beyond it, a proved post takes the last unproved one's place in the full line, at the front.
    const third = proved();
    expect(third.ticket).toBeUndefined();
    expect(third.refused).toBe(false);
    expect(unproved[1]!.refused).toBe(true);
    // An unproved place frees: the unproved one behind it gets it (each kind its own share).
    inFlight[0]!.ticket!.leave();
    expect(unproved[0]!.ticket).toBeDefined();
    expect(third.ticket).toBeUndefined();
    first[0]!.ticket!.leave();
    expect(third.ticket).toBeDefined();
    // A page line does not keep a proved post out of the anonymous places they share: a freed place goes to it first.
    const fourth = proved();
    expect(fourth.ticket).toBeUndefined();
    const pages = [arrive(gate, "page"), arrive(gate, "page")];
    expect(pages.every((p) => p.ticket)).toBe(true);
    const waitingPage = arrive(gate, "page");
    expect(waitingPage.ticket).toBeUndefined();
    first[1]!.ticket!.leave();
    expect(fourth.ticket).toBeDefined();
    expect(waitingPage.ticket).toBeUndefined();
    waitingPage.cancel();
    for (const entry of [...pages, third, fourth, inFlight[1]!, unproved[0]!]) entry.ticket!.leave();
    expect(gate.current()).toBe(0);
  });

  it("a client that leaves while parked is out of the count for good", async () => {
    const gate = new AdmissionGate(rules());
    const post = arrive(gate, "sign-in");
    let release!: () => void;
    const parked = post.ticket!.park(new Promise<void>((resolve) => (release = resolve)));
    post.ticket!.leave();
    release();
    await parked;
    expect(gate.current()).toBe(0);
    expect(gate.parked()).toBe(0);
  });

  it("past maxParked a wait keeps its place (never worse than before)", async () => {
    const gate = new AdmissionGate(rules({ maxParked: 0 }));
    const post = arrive(gate, "sign-in");
    await post.ticket!.park(Promise.resolve());
    expect(gate.current("sign-in")).toBe(1);
    expect(gate.parked()).toBe(0);
  });

  it("lines up a request when only its class is full: first come, first in; refused after lineWaitMs", async () => {
    const gate = new AdmissionGate(rules({ line: 2, lineWaitMs: 40 }));
    const pages = Array.from({ length: 6 }, () => arrive(gate, "page"));
    const first = arrive(gate, "page");
    const second = arrive(gate, "page");
    const third = arrive(gate, "page");
    expect(third.refused).toBe(true);
    expect(gate.waiting("page")).toBe(2);
    pages[0]!.ticket!.leave();
    expect(first.ticket).toBeDefined();
    expect(second.ticket).toBeUndefined();
    await new Promise((resolve) => setTimeout(resolve, 80));
    expect(second.refused).toBe(true);
    expect(gate.waiting("page")).toBe(0);
    // A patient behind a line of pages: its own line is empty and its reserve free.
    expect(arrive(gate, "patient").ticket).toBeDefined();
  });

  it("a request that leaves the line is never admitted", () => {
    const gate = new AdmissionGate(rules({ line: 2 }));
    const pages = Array.from({ length: 6 }, () => arrive(gate, "page"));
    const waiting = arrive(gate, "page");
    waiting.cancel();
    pages[0]!.ticket!.leave();
    expect(waiting.ticket).toBeUndefined();
    expect(waiting.refused).toBe(false);
    expect(gate.current("page")).toBe(5);
  });

  it("while full, cuts the places to what the process answers in targetLatencyMs; back to the cap once not full", () => {
    let now = 0;
    const gate = new AdmissionGate(rules({ max: 64, patientReserve: 32, signInMax: 8, perKey: 8, minMax: 4 }), () => now);
    const held = Array.from({ length: 64 }, () => arrive(gate, "patient"));
    expect(arrive(gate, "patient").refused).toBe(true);
    // Ten answers in the second (a starved process: 10 a second): the places become 10 x 0.5 s = 5.
    for (const h of held.slice(0, 10)) {
      now += 100;
      h.ticket!.leave();
    }
    expect(gate.places()).toBe(5);
    // 54 still in flight: nobody new until they are under 5.
    expect(arrive(gate, "patient").refused).toBe(true);
    // The shares follow: of 5 places, the anonymous ones may hold 5 - ceil(32 x 5 / 64) = 2.
    for (const h of held.slice(10)) h.ticket!.leave();
    expect(arrive(gate, "page").ticket).toBeDefined();
    expect(arrive(gate, "page").ticket).toBeDefined();
    expect(arrive(gate, "page").refused).toBe(true);
    // A second with no refusal and no line: the cap again.
    now += 1_000;
    arrive(gate, "patient").ticket!.leave();
    now += 1_000;
    arrive(gate, "patient");
    expect(gate.places()).toBe(64);
  });

  it("derives the rules from MAX_REQUESTS_IN_FLIGHT: half kept for patients, an eighth at most for sign-in posts", () => {
    expect(admissionRules(64)).toMatchObject({ max: 64, patientReserve: 32, signInMax: 8, perKey: 8, line: 64 });
    expect(admissionRules(1)).toMatchObject({ max: 1, patientReserve: 0, signInMax: 1 });
  });
});

/**
 * The admission on a real HTTP server: a slow page stands for a render, 60 requests arrive at once with a cap of 5.
 * Before the cap, such a crowd ended in renders cut short and sent as 500.
 */
describe("admissionLimit", () => {
  let server: http.Server;
  let base = "";
  let limit: AdmissionLimit;
  const agent = new http.Agent({ keepAlive: true, maxSockets: 100 });
  const classify = (req: express.Request): Admission => ({
    className: req.headers["x-class"] === "patient" ? "patient" : req.method === "POST" ? "sign-in" : "page",
    keys: [],
  });

  beforeAll(async () => {
    const app = express();
    app.get("/healthz", (_req, res) => void res.json({ status: "ok" }));
    limit = admissionLimit({ ...admissionRules(5), line: 0 }, classify, (req, res) => {
      res
        .status(503)
        .type("html")
        .send(shortPageHtml("busy", req.headers["accept-language"] === "es" ? "es" : "en", "/"));
    });
    app.use("/", limit);
    app.get("/landing", (_req, res) => void setTimeout(() => res.type("html").send("<h1>Dashboard</h1>"), 100));
    app.post("/sign-in", (_req, res) => void parkFor(200).then(() => res.send("checked")));
    server = app.listen(0, "127.0.0.1");
    await new Promise((resolve) => server.once("listening", resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    agent.destroy();
    await new Promise((resolve) => server.close(resolve));
  });

  const send = (path: string, headers: Record<string, string> = {}, method = "GET") =>
    new Promise<{ status: number; retryAfter?: string; body: string }>((resolve, reject) => {
      http
        .request(`${base}${path}`, { agent, headers, method }, (res) => {
          let body = "";
          res.setEncoding("utf8");
          res.on("data", (chunk: string) => (body += chunk));
          res.on("end", () => resolve({ status: res.statusCode ?? 0, retryAfter: res.headers["retry-after"], body }));
        })
        .on("error", reject)
        .end();
    });

  it("answers the requests beyond the cap 503 with Retry-After and the short page, at once, and never 500", async () => {
    const started = performance.now();
    const answers = await Promise.all(
      Array.from({ length: 60 }, (_, i) => send("/landing", { "accept-language": i % 2 ? "es" : "en", "x-class": "patient" })),
    );
    const byStatus = answers.reduce<Record<number, number>>((acc, a) => ({ ...acc, [a.status]: (acc[a.status] ?? 0) + 1 }), {});
    expect(byStatus[500]).toBeUndefined();
    expect(byStatus[200]).toBeGreaterThanOrEqual(5);
    expect(byStatus[503]).toBeGreaterThan(0);
    expect(byStatus[200]! + byStatus[503]!).toBe(60);
    for (const busy of answers.filter((a) => a.status === 503)) {
      expect(busy.retryAfter).toBe("2");
      expect(busy.body).toMatch(/<h1>(Very busy just now|Mucho tráfico en este momento)<\/h1>/);
    }
    expect(limit.gate.refused("patient")).toBe(byStatus[503]);
    // Each admitted request took 100 ms; the crowd did not queue behind them.
    expect(performance.now() - started).toBeLessThan(3_000);
    expect(limit.gate.current()).toBe(0);
  });

  it("never counts what is mounted before it (health checks), and frees a place when an answer is sent", async () => {
    const slow = Array.from({ length: 5 }, () => send("/landing", { "x-class": "patient" }));
    await new Promise((resolve) => setTimeout(resolve, 30));
    expect(limit.gate.current()).toBe(5);
    expect((await send("/healthz")).status).toBe(200);
    expect((await send("/landing", { "x-class": "patient" })).status).toBe(503);
    await Promise.all(slow);
    expect((await send("/landing", { "x-class": "patient" })).status).toBe(200);
  });

  it("a request sleeping in parkFor holds no place: more sleep at once than the cap, a page still gets in", async () => {
    // Four posts, more than the sign-in posts' share of two, one after the other: each parks and frees its place.
    const posts = [];
    for (let i = 0; i < 4; i++) {
      posts.push(send("/sign-in", {}, "POST"));
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
    expect(limit.gate.parked()).toBe(4);
    expect(limit.gate.current()).toBe(0);
    expect((await send("/landing")).status).toBe(200);
    expect((await Promise.all(posts)).map((a) => a.status)).toEqual([200, 200, 200, 200]);
    expect(limit.gate.parked()).toBe(0);
    expect(limit.gate.current()).toBe(0);
  });
});
