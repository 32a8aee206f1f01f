import type { LoaderFunctionArgs } from "react-router";
import { describe, expect, it } from "vitest";
import { testDatabases } from "../../../registry/db/test-databases";
import { TEST_SETTINGS, useRegistry, validRegistration } from "../../../registry/testing/harness";
import type { Db } from "../../../registry/db/types";
import { createRegistryHandler } from "../../../registry/handler";
import { createRegistryClient, type Fetcher } from "~/registry/client.server";
import { loader as phoneCheckLoader } from "~/routes/register_.phone-check";
import { Session } from "~/platform/session.server";
import { issueFormStamp } from "./bot-check.server";
import { claimFor, KNOWN_DEVICE_COOKIE, readKnownDevice } from "./known-device.server";
import { BOT_PURPOSE, registerAction } from "./register.server";
import type { FormFailure } from "~/forms/types";
import { routerContextFor, type PortalContext } from "~/platform/context";

/**
 * The phone availability check of ACC-015 at route level, against the reference registry: on submit (the check
 * without JavaScript, and before every registration) and through GET /register/phone-check (the live check's
 * JavaScript). A registry whose POST /validate-phone fails shows what the patient is told then.
 */
const formKey = new Uint8Array(32).fill(5);

function registrationForm(n: number, overrides: Record<string, string> = {}): FormData {
  const f = new FormData();
  for (const [k, v] of Object.entries(validRegistration(n))) f.set(k, typeof v === "boolean" ? (v ? "true" : "") : String(v));
  f.set("confirmPassword", String(f.get("password")));
  f.set("formIssued", issueFormStamp(formKey, BOT_PURPOSE, Date.now() - 10_000));
  f.set("website", "");
  for (const [k, v] of Object.entries(overrides)) f.set(k, v);
  return f;
}

/** What the action answered: a redirect's location, or the form handed back with its status. */
function outcome(result: unknown): { location?: string; status?: number; failure?: FormFailure } {
  if (result instanceof Response) return { location: result.headers.get("Location") ?? undefined, status: result.status };
  const d = result as { data: FormFailure; init: { status?: number } | null };
  return { failure: d.data, status: d.init?.status ?? 200 };
}

describe.each(testDatabases().slice(0, 1))("the phone check on /register ($name)", (target) => {
  const t = useRegistry(target);
  /** The registry, except that POST /validate-phone answers `validatePhone` when given. */
  const context = (validatePhone?: () => Response): PortalContext => {
    const fetch: Fetcher = async (request) =>
      validatePhone && new URL(request.url).pathname === "/validate-phone" ? validatePhone() : t.handler(request);
    return {
      session: new Session({ csrf: "c" }, true),
      registry: createRegistryClient({ fetch, baseUrl: "http://registry.test" }),
      formKey,
      lang: "en",
      clientAddress: "203.0.113.9",
      log: () => {},
    } as unknown as PortalContext;
  };
  const liveCheck = async (ctx: PortalContext, phone: string) => {
    const request = new Request(`http://portal.test/register/phone-check?phoneNumber=${encodeURIComponent(phone)}`);
    const response = await phoneCheckLoader({
      request,
      url: new URL(request.url),
      context: routerContextFor(ctx),
      params: {},
    } as unknown as LoaderFunctionArgs);
    return response.json();
  };

  it("a registry that fails (5xx, unreachable): the form comes back as typed with 'We could not save this just now', not a phone error", async () => {
    // docs/decisions/086: this said "Phone number validation failed. Please check your phone number" with the disk full.
    const failing = context(() => new Response("upstream down", { status: 503 }));
    const answer = outcome(await registerAction(registrationForm(1), failing));
    expect(answer.status).toBe(503);
    expect(answer.failure?.message).toEqual({ key: "errors.notSaved" });
    expect(answer.failure?.errors).toEqual({});
    expect(answer.failure?.values).toMatchObject({
      firstName: "Ana",
      email: "patient1@example.org",
      phoneNumber: validRegistration(1).phoneNumber,
      city: "Springfield",
    });
    expect(answer.failure?.values).not.toHaveProperty("password");
    expect(answer.failure?.values).not.toHaveProperty("confirmPassword");
    expect(await t.count("medical_records")).toBe(0);

    // The live check (ACC-015) still says 'Unable to validate phone number. Please try again.' and raises the toast.
    expect(await liveCheck(failing, String(validRegistration(1).phoneNumber))).toEqual({
      status: "error",
      key: "register.phoneCheckFailed",
      toast: true,
    });
  });

  it("a database that cannot write (disk full): the registry answers 503 and the form comes back as typed with 'We could not save this just now'", async () => {
    // Every write of the real registry fails as PostgreSQL (and PGlite) fail on a full disk; reads still work.
    const diskFull = () =>
      Object.assign(new Error('could not extend file "base/5/16384": No space left on device'), { name: "error", code: "53100" });
    const writes = /^\s*(insert|update|delete|with)\b/i;
    const full: Db = {
      query: (sql, params) => (writes.test(sql) ? Promise.reject(diskFull()) : t.db.query(sql, params)),
      transaction: () => Promise.reject(diskFull()),
      close: async () => {},
    };
    const logs: Record<string, unknown>[] = [];
    const registry = createRegistryHandler({ db: full, settings: TEST_SETTINGS, now: () => t.clock, log: (e) => logs.push(e), scryptPool: t.pool });
    const ctx = {
      ...context(),
      registry: createRegistryClient({ fetch: registry, baseUrl: "http://registry.test" }),
    } as unknown as PortalContext;
    const answer = outcome(await registerAction(registrationForm(5), ctx));
    expect(answer.status).toBe(503);
    expect(answer.failure?.message).toEqual({ key: "errors.notSaved" });
    expect(answer.failure?.errors).toEqual({});
    expect(answer.failure?.values).toMatchObject({ firstName: "Ana", phoneNumber: validRegistration(5).phoneNumber });
    expect(await t.count("medical_records")).toBe(0);
    // The log names the fault readably, with its code: never a minified class name.
    expect(logs[0]).toMatchObject({
      level: "error",
      event: "registry.unhandled",
      error: "DatabaseError",
      code: "53100",
      hint: "the database's disk is full",
    });
    expect(JSON.stringify(logs)).not.toContain("patient5@example.org");
    // And the registry is not ready until the fault is FAULT_WINDOW_MS old.
    expect((await registry(new Request("http://registry.test/health"))).status).toBe(503);
  });

  it("a refusal without a message: 'Unable to validate phone number' at the field, no toast, nothing registered", async () => {
    const refusing = context(() => Response.json({ success: false, results: null, message: null }, { status: 400 }));
    const answer = outcome(await registerAction(registrationForm(2), refusing));
    expect(answer.status).toBe(400);
    expect(answer.failure?.errors).toEqual({ phoneNumber: "register.phoneCheckUnable" });
    expect(answer.failure?.message).toBeUndefined();
    expect(answer.failure?.values.lastName).toBe("Lopez");
    expect(await t.count("medical_records")).toBe(0);
    expect(await liveCheck(refusing, "5552100002")).toEqual({ status: "error", key: "register.phoneCheckUnable" });
  });

  it("the registry's own answers: a number already registered is refused with its message; an available one registers", async () => {
    await t.register(3);
    const registry = context();
    expect(await liveCheck(registry, "(555) 210-0003")).toEqual({ status: "duplicate", key: "validation.phoneTaken" });
    const taken = outcome(await registerAction(registrationForm(4, { phoneNumber: "(555) 210-0003" }), registry));
    expect(taken.failure?.errors).toEqual({ phoneNumber: "validation.phoneTaken" });
    expect(taken.failure?.message).toBeUndefined();

    expect(await liveCheck(registry, "(555) 210-0004")).toEqual({ status: "valid", key: "register.phoneAvailable" });
    expect(outcome(await registerAction(registrationForm(4), registry)).location).toBe("/landing");
    expect(await t.count("medical_records")).toBe(2);
  });

  it("registering makes this browser a known device of the new account, as a sign-in does, keeping the accounts it knew (131)", async () => {
    const ctx = { ...context(), basePath: "/", isSecure: false } as unknown as PortalContext;
    const first = await registerAction(registrationForm(6), ctx);
    expect(first).toBeInstanceOf(Response);
    const mark = (first as Response).headers.get("Set-Cookie") ?? "";
    expect(mark).toMatch(new RegExp(`^${KNOWN_DEVICE_COOKIE}=d1\\.`));
    expect(mark).toContain("HttpOnly");
    const cookie = mark.split(";")[0]!;
    const device = readKnownDevice(cookie, formKey);
    const [ana] = await t.db.query<{ id: number }>("select id from medical_records where email = $1", ["patient6@example.org"]);
    expect(claimFor(device, formKey, "Patient6@example.org")).toMatchObject({ deviceId: device!.deviceId, medicalRecordId: ana!.id });

    // A second account registered on the same browser joins the first on the same device id.
    const second = (await registerAction(registrationForm(7), ctx, cookie)) as Response;
    const both = readKnownDevice(second.headers.get("Set-Cookie")!.split(";")[0], formKey);
    expect(both?.deviceId).toBe(device!.deviceId);
    expect(claimFor(both, formKey, "patient6@example.org")?.medicalRecordId).toBe(ana!.id);
    expect(claimFor(both, formKey, "patient7@example.org")?.medicalRecordId).toBeGreaterThan(ana!.id);
  });
});
