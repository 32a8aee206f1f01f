import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { createRegistryHandler } from "../handler";
import type { Route } from "../http/router";
import { registryDocument, registryRoutes } from "../routes";
import { answerChecker, checkedHandler, UndocumentedAnswer } from "../testing/answer-check";
import { NO_DB } from "../testing/no-db";
import { TEST_SETTINGS } from "../testing/settings";
import type { RegistrySettings } from "../settings";
import { OPENAPI_FILE, OPENAPI_PATH, openApiDocument, openApiFileText, openApiPath, operationIdOf } from "./document";

const ROOT = path.resolve(__dirname, "../..");
const document = registryDocument();
type Operation = {
  operationId: string;
  summary: string;
  security?: Record<string, string[]>[];
  parameters?: { name: string; in: string }[];
  requestBody?: unknown;
  responses: Record<string, unknown>;
};
const operation = (path: string, method: string) => (document.paths?.[path] as Record<string, Operation>)[method]!;

/** The document is built from the routes, so these hold for any route added later (docs/decisions/102). */
describe("the registry's OpenAPI document", () => {
  it("holds every route of the handler's table, and nothing else", () => {
    const routes = registryRoutes({ demoMode: true })
      .map((r) => `${r.method.toLowerCase()} ${openApiPath(r.pattern).path}`)
      .sort();
    const documented = Object.entries(document.paths ?? {})
      .flatMap(([path, item]) => Object.keys(item as object).map((method) => `${method} ${path}`))
      .sort();
    expect(documented).toEqual(routes);
    expect(routes.length).toBeGreaterThan(40);
    expect(documented).toContain("get /api/pass/{id}/medical-history");
    expect(documented).toContain("get /api/openapi.json");
  });

  it("describes every route: a summary, its path parameters, a JSON or file answer for 200 and the refusal for 4XX and 5XX", () => {
    for (const route of registryRoutes({ demoMode: true })) {
      const { path, params } = openApiPath(route.pattern);
      const op = operation(path, route.method.toLowerCase());
      const where = `${route.method} ${route.pattern}`;
      expect(op.summary.length, where).toBeGreaterThan(10);
      expect(op.operationId, where).toBe(operationIdOf(route.method, route.pattern));
      expect(op.parameters?.filter((p) => p.in === "path").map((p) => p.name) ?? [], where).toEqual(params);
      expect(Object.keys(op.responses), where).toEqual(expect.arrayContaining(["200", "4XX", "5XX"]));
      expect(op.responses["4XX"], where).toEqual({ $ref: "#/components/responses/Refusal" });
    }
  });

  it("gives every operation its own operationId, made from its method and path", () => {
    expect(operationIdOf("GET", "/api/pass/record/:id")).toBe("getPassRecordById");
    expect(operationIdOf("POST", "/api/pass/:id/screening/:screeningId/answers-pdf")).toBe("postPassByIdScreeningByScreeningIdAnswersPdf");
    expect(operationIdOf("GET", "/api/openapi.json")).toBe("getOpenapiJson");
    expect(operationIdOf("POST", "/register")).toBe("postRegister");
    const ids = Object.values(document.paths ?? {}).flatMap((item) => Object.values(item as Record<string, Operation>).map((op) => op.operationId));
    expect(new Set(ids).size).toBe(ids.length);
    const route = (pattern: string) => ({ ...registryRoutes({})[0]!, pattern });
    expect(() => openApiDocument({ a: [route("/a-b")], b: [route("/a/b")] })).toThrow(/same operationId/);
  });

  it("names its servers and describes every tag", () => {
    expect(document.servers).toEqual([expect.objectContaining({ url: "/" })]);
    for (const tag of document.tags ?? []) expect(tag.description, tag.name).toMatch(/\w/);
  });

  it("refuses to describe a route without a description", () => {
    const bare = { method: "GET", pattern: "/nothing", handle: async () => new Response() } as unknown as Route<unknown>;
    expect(() => openApiDocument({ area: [bare] })).toThrow("GET /nothing has no doc");
  });

  it("names the credential of each call: the patient's token, a staff key, an invitation", () => {
    expect(operation("/api/pass/{id}", "get").security).toEqual([{ patientToken: [] }]);
    expect(operation("/api/pass/lab-result-values/{requisition}", "post").security).toEqual([{ staffToken: [] }, { labStaffKey: [] }]);
    expect(operation("/api/staff/referrals/{referralId}/status", "post").security).toEqual([{ centerStaffKey: [] }]);
    expect(operation("/api/staff/program/{medicalRecordId}/stage", "post").security).toEqual([{ programStaffKey: [] }]);
    expect(operation("/register", "post").security).toEqual([{}, { inviteToken: [] }]);
    expect(operation("/authenticate", "post").security).toEqual([]); // public, and says so
    expect(document.components?.securitySchemes?.patientToken).toMatchObject({ type: "http", scheme: "bearer" });
    expect(document.components?.securitySchemes?.centerStaffKey).toMatchObject({ type: "apiKey", in: "header", name: "X-Center-Staff-Key" });
  });

  it("gives bodies and query parameters from the contract's schemas", () => {
    const register = operation("/register", "post");
    expect(register.requestBody).toMatchObject({
      content: { "application/json": { schema: { properties: { firstName: { maxLength: 100 }, agreedToHipaa: {} } } } },
    });
    expect(register.parameters).toEqual([expect.objectContaining({ name: "addrConfirmed", in: "query", required: false })]);
    expect(operation("/forgot-password", "post").parameters).toEqual([expect.objectContaining({ name: "emailAddress", required: true })]);
    expect(operation("/api/pass/screening/{screeningId}/lab-tests/download", "get").responses["200"]).toMatchObject({
      content: { "application/pdf": {} },
    });
  });

  it("is committed current as docs/registry-openapi.json (run `npm run docs`)", () => {
    expect(fs.readFileSync(path.join(ROOT, OPENAPI_FILE), "utf8")).toBe(openApiFileText(document));
  });
});

describe("the answer check", () => {
  const check = answerChecker();
  const json = "application/json; charset=utf-8";
  const signedIn = { success: true, results: { token: "t", medicalRecordId: 3, expires: "2025-03-10T15:30:00.000Z" }, message: null };

  it("passes an answer as documented, and a refusal of any call", () => {
    expect(check({ method: "POST", url: "http://r/authenticate", status: 200, contentType: json, body: JSON.stringify(signedIn) })).toEqual([]);
    const refused = JSON.stringify({ success: false, results: null, message: "Forbidden" });
    expect(check({ method: "GET", url: "http://r/api/pass/7", status: 403, contentType: json, body: refused })).toEqual([]);
    expect(check({ method: "GET", url: "http://r/no/such/path", status: 404, contentType: json, body: refused })).toEqual([]);
  });

  it.each([
    ["a missing field", { ...signedIn, results: { token: "t", expires: "x" } }, "must have required property 'medicalRecordId'"],
    [
      "a field of the wrong type",
      { ...signedIn, results: { ...signedIn.results, medicalRecordId: "3" } },
      "/results/medicalRecordId must be integer",
    ],
    [
      "a field the contract does not name",
      { ...signedIn, results: { ...signedIn.results, passwordHash: "x" } },
      "must NOT have additional properties",
    ],
    ["an envelope without its message", { success: true, results: signedIn.results }, "must have required property 'message'"],
  ])("fails an answer with %s", (_what, body, problem) => {
    expect(check({ method: "POST", url: "http://r/authenticate", status: 200, contentType: json, body: JSON.stringify(body) }).join("\n")).toContain(
      problem,
    );
  });

  it("fails a refusal that says success, an undocumented status, and a file where JSON is documented", () => {
    expect(
      check({
        method: "GET",
        url: "http://r/api/pass/7",
        status: 403,
        contentType: json,
        body: JSON.stringify({ success: true, results: null, message: "x" }),
      })[0],
    ).toContain("/success");
    expect(check({ method: "GET", url: "http://r/health", status: 302, contentType: json, body: "{}" })).toEqual([
      "GET /health answered 302, which the document does not describe",
    ]);
    expect(check({ method: "GET", url: "http://r/health", status: 200, contentType: "application/pdf", body: "" })[0]).toContain(
      "documented: application/json",
    );
  });

  it("fails a body the registry accepted that the document does not describe", () => {
    const call = { method: "POST", url: "http://r/authenticate", status: 200, contentType: json, body: JSON.stringify(signedIn) };
    expect(check({ ...call, sent: JSON.stringify({ email: "a@example.org", password: "p" }) })).toEqual([]);
    expect(check({ ...call, sent: JSON.stringify({ email: "a@example.org", password: 7 }) }).join()).toContain(
      "accepted a body: /password must be string",
    );
    expect(
      check({ ...call, status: 400, sent: JSON.stringify({ password: 7 }), body: JSON.stringify({ success: false, results: null, message: "x" }) }),
    ).toEqual([]);
  });

  it("makes a checked handler throw on an answer the document does not describe", async () => {
    const liar = checkedHandler(
      async () =>
        new Response(JSON.stringify({ success: true, results: { database: "slow" }, message: null }), { headers: { "content-type": json } }),
    );
    await expect(liar(new Request("http://r/health"))).rejects.toThrow(UndocumentedAnswer);
    const honest = checkedHandler(
      async () => new Response(JSON.stringify({ success: true, results: { database: "ok" }, message: null }), { headers: { "content-type": json } }),
    );
    expect((await honest(new Request("http://r/health"))).status).toBe(200);
  });
});

describe(`GET ${OPENAPI_PATH}`, () => {
  // The tests' settings in production mode (no demo routes).
  const settings: RegistrySettings = { ...TEST_SETTINGS, demoMode: false };
  // The document comes from code, not the database.
  const handler = checkedHandler(createRegistryHandler({ db: NO_DB, settings, log: () => {} }));

  it("serves the document without a sign-in, the committed one, in production mode too", async () => {
    const response = await handler(new Request(`http://registry.test${OPENAPI_PATH}`));
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toContain("application/json");
    const served = (await response.json()) as { openapi: string; paths: Record<string, unknown> };
    expect(served.openapi).toBe("3.1.0");
    expect(served).toEqual(JSON.parse(fs.readFileSync(path.join(ROOT, OPENAPI_FILE), "utf8")));
    expect((await handler(new Request(`http://registry.test${OPENAPI_PATH}`, { method: "POST" }))).status).toBe(405);
  });
});
