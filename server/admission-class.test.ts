import express from "express";
import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { markMac } from "../app/platform/known-device-mark.server";
import { createSessionStore } from "../app/platform/session.server";
import type { StaffSessionData } from "../app/platform/staff-session";
import { provedAction, solveChallenge } from "../app/features/accounts/proof-of-work";
import { provedSignInPost, signInSurge, surgeChallenge } from "../app/features/accounts/sign-in-surge.server";
import type { PortalContext } from "../app/platform/context";
import { admissionClassifier } from "./admission-class";
import { admissionLimit, admissionRules, type AdmissionLimit } from "./in-flight";

/**
 * docs/decisions/134 on a real HTTP server behind one trusted proxy hop: anonymous page loads from many addresses fill
 * their share of the places, and a browser with this portal's known-device mark, or a signed-in session, still gets in;
 * a forged mark or session is a stranger's.
 */
describe("admission by class on an express app", () => {
  const secret = "a-test-secret-of-enough-length-0123456789abcdef";
  const formKey = new Uint8Array(32).fill(7);
  const sessions = createSessionStore({ secret, path: "/" });
  const staffSessions = createSessionStore<StaffSessionData>({ secret, path: "/staff", cookie: "staff_session", purpose: "staff-v1" });
  let server: http.Server;
  let base = "";
  let limit: AdmissionLimit;
  const agent = new http.Agent({ keepAlive: true, maxSockets: 200 });

  const deviceId = "AAAAAAAAAAAAAAAAAAAAAA";
  const list = `4711_${"t".repeat(16)}_${Math.floor(Date.now() / 1000)}`;
  const mark = `pass_device=d1.${deviceId}.${list}.${markMac(formKey, `d1.${deviceId}.${list}`)}`;
  const forged = `pass_device=d1.${deviceId}.${list}.${markMac(new Uint8Array(32).fill(8), `d1.${deviceId}.${list}`)}`;
  const now = Date.now();

  const sessionCookie = () => {
    const session = sessions.read(undefined);
    session.set("token", "tok");
    session.set("medicalRecordId", 4711);
    session.set("signedInAt", now);
    session.set("lastSeenAt", now);
    return sessions.write(session, false).split(";")[0]!;
  };

  beforeAll(async () => {
    const app = express();
    app.set("trust proxy", 1);
    limit = admissionLimit(
      { ...admissionRules(8), line: 0 },
      admissionClassifier({ sessions, staffSessions, formKey, hostPrefixedCookie: false, basePath: "/" }),
      (_req, res) => void res.status(503).send("busy"),
    );
    app.use("/", limit);
    app.get("/page", (_req, res) => void setTimeout(() => res.send("page"), 1_000));
    server = app.listen(0, "127.0.0.1");
    await new Promise((resolve) => server.once("listening", resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    agent.destroy();
    await new Promise((resolve) => server.close(resolve));
  });

  const get = (headers: Record<string, string>) =>
    new Promise<number>((resolve, reject) => {
      http
        .get(`${base}/page`, { agent, headers }, (res) => {
          res.resume();
          res.on("end", () => resolve(res.statusCode ?? 0));
        })
        .on("error", reject);
    });

  it("a known device and a signed-in patient are admitted while anonymous traffic fills its share; forgeries are not", async () => {
    // 30 anonymous page loads, each from its own address: the places not kept for patients, the rest refused.
    const pagePlaces = admissionRules(8).max - admissionRules(8).patientReserve;
    const flood = Array.from({ length: 30 }, (_, i) => get({ "X-Forwarded-For": `198.18.0.${i + 1}` }));
    await vi.waitFor(() => expect(limit.gate.refused("page")).toBe(30 - pagePlaces), { timeout: 3_000 });
    expect(limit.gate.current("page")).toBe(pagePlaces);
    const [known, patient, fake, fakeSession] = await Promise.all([
      get({ "X-Forwarded-For": "192.0.2.10", Cookie: mark }),
      get({ "X-Forwarded-For": "192.0.2.11", Cookie: sessionCookie() }),
      get({ "X-Forwarded-For": "192.0.2.12", Cookie: forged }),
      get({ "X-Forwarded-For": "192.0.2.13", Cookie: `${sessionCookie().slice(0, -4)}AAAA` }),
    ]);
    expect(known).toBe(200);
    expect(patient).toBe(200);
    expect(fake).toBe(503);
    expect(fakeSession).toBe(503);
    const answers = await Promise.all(flood);
    expect(answers.filter((s) => s === 200)).toHaveLength(pagePlaces);
    expect(limit.gate.refused("page")).toBe(32 - pagePlaces);
  });

  it("admits a staff person between the password and the code as the signed-in, while the pending step lasts", () => {
    const classify = admissionClassifier({ sessions, staffSessions, formKey, hostPrefixedCookie: false, basePath: "/" });
    const pendingCookie = (expiresAt: number) => {
      const staffSession = staffSessions.read(undefined);
      staffSession.set("pending", { token: "st_pending", stage: "code", email: "Rosa@Registry.example", expiresAt });
      return staffSessions.write(staffSession, false).split(";")[0]!;
    };
    const request = (method: string, url: string, cookie: string) =>
      ({ method, url, path: url, headers: { cookie }, ip: "192.0.2.9" }) as unknown as express.Request;
    const res = () => ({ locals: {} }) as unknown as express.Response;
    const inTime = pendingCookie(Date.now() + 60_000);
    expect(classify(request("GET", "/staff/code", inTime), res())).toEqual({
      className: "patient",
      keys: ["a:192.0.2.9", "s:rosa@registry.example"],
    });
    expect(classify(request("POST", "/staff/code", inTime), res()).className).toBe("patient");
    // Run out, or outside the console's path (its cookie is not read there): as anyone else.
    expect(classify(request("GET", "/staff/code", pendingCookie(Date.now() - 1)), res()).className).toBe("page");
    expect(classify(request("POST", "/staff/code", pendingCookie(Date.now() - 1)), res()).className).toBe("sign-in");
    expect(classify(request("GET", "/register", inTime), res()).className).toBe("page");
  });

  it("marks a sign-in post proved only when the feature's check vouches for the proof in its address (docs/decisions/134)", () => {
    const seen: Array<[string, string]> = [];
    const classify = admissionClassifier({
      sessions,
      staffSessions,
      formKey,
      hostPrefixedCookie: false,
      basePath: "/",
      provedSignIn: (query, _session, address) => {
        seen.push([query.toString(), address]);
        return query.get("signInProof") === "42";
      },
    });
    const request = (method: string, url: string) =>
      ({ method, url, path: url.split("?")[0], headers: {}, ip: "192.0.2.9" }) as unknown as express.Request;
    const res = () => ({ locals: {} }) as unknown as express.Response;
    expect(classify(request("POST", "/register?login=1&signInChallenge=c1.x&signInProof=42"), res())).toEqual({
      className: "sign-in",
      keys: ["a:192.0.2.9"],
      proved: true,
    });
    expect(classify(request("POST", "/register?login=1&signInChallenge=c1.x&signInProof=7"), res())).toEqual({
      className: "sign-in",
      keys: ["a:192.0.2.9"],
    });
    // No query, or not a post: not asked.
    expect(classify(request("POST", "/register"), res()).proved).toBeUndefined();
    expect(classify(request("GET", "/register?signInProof=42"), res())).toEqual({ className: "page", keys: ["a:192.0.2.9"] });
    expect(seen).toEqual([
      ["login=1&signInChallenge=c1.x&signInProof=42", "192.0.2.9"],
      ["login=1&signInChallenge=c1.x&signInProof=7", "192.0.2.9"],
    ]);
  });

  it("with the accounts feature's check: a post showing this browser's solved challenge in its address is proved, once", async () => {
    for (let i = 0; i < 5; i++) signInSurge(5, formKey).note(Date.now());
    const session = sessions.read(undefined);
    const context = { clientAddress: "192.0.2.101", signInSurgePerMinute: 5, formKey, log: () => {} } as unknown as PortalContext;
    const challenge = surgeChallenge(context, session, Date.now())!;
    const cookie = sessions.write(session, false).split(";")[0]!;
    const { webcrypto } = await import("node:crypto");
    const proof = (await solveChallenge(challenge, webcrypto.subtle as SubtleCrypto))!;
    const classify = admissionClassifier({
      sessions,
      staffSessions,
      formKey,
      hostPrefixedCookie: false,
      basePath: "/",
      provedSignIn: provedSignInPost,
    });
    const post = (url: string, ip = "192.0.2.101") =>
      classify(
        { method: "POST", url, path: "/register", headers: { cookie }, ip } as unknown as express.Request,
        {
          locals: {},
        } as unknown as express.Response,
      );
    expect(post(provedAction("/register", challenge, proof), "192.0.2.102").proved).toBeUndefined();
    expect(post(provedAction("/register", challenge, proof)).proved).toBe(true);
    expect(post(provedAction("/register", challenge, proof)).proved).toBeUndefined();
  });

  it("one address (an IPv6 /64 as one) holds at most its share", async () => {
    const rules = admissionRules(8);
    const mine = await Promise.all(Array.from({ length: 6 }, (_, i) => get({ "X-Forwarded-For": `2001:db8:1:2::${i + 1}` })));
    expect(mine.filter((s) => s === 200)).toHaveLength(rules.perKey);
    expect(mine.filter((s) => s === 503)).toHaveLength(6 - rules.perKey);
  });
});
