import { OpenApiGeneratorV31, type RouteConfig } from "@asteasolutions/zod-to-openapi";
import { z } from "zod";
import { INVITE_TOKEN_HEADER, PORTAL_KEY_HEADER, REQUEST_ID_HEADER } from "../contract/forwarded";
import { CLIENT_ADDRESS_HEADER, CLIENT_USER_AGENT_HEADER } from "../contract/e-sign";
import { LAB_STAFF_KEY_HEADER } from "../contract/labs";
import { CENTER_STAFF_KEY_HEADER, PROGRAM_STAFF_KEY_HEADER } from "../contract/staff";
import type { Route, RouteAuth, RouteDoc } from "../http/router";

/**
 * The registry's OpenAPI 3.1 document, generated from the routes' descriptions (`doc` of each route, with the zod
 * schemas of registry/contract/) by @asteasolutions/zod-to-openapi (docs/decisions/102). No zod prototype is
 * patched (the library's `extendZodWithOpenApi` is not called): schemas are written inline, and the few plain
 * parameter and component schemas are converted by the generator itself (`jsonSchemaOf`).
 *
 * Every JSON answer is closed (`additionalProperties: false` on each object of an answer): a field the registry sends
 * that its contract does not name fails the answer check of the tests (registry/testing/answer-check.ts).
 */

/** Where the registry serves this document. */
export const OPENAPI_PATH = "/api/openapi.json";
/** Where it is committed (from the repository's root), written by `npm run docs`. */
export const OPENAPI_FILE = "docs/registry-openapi.json";

type JsonSchema = { [key: string]: unknown };
type OpenApiDocument = ReturnType<OpenApiGeneratorV31["generateDocument"]>;

const SCHEMES: Record<Exclude<RouteAuth, "none">, { name: string; scheme: JsonSchema }> = {
  patient: {
    name: "patientToken",
    scheme: {
      type: "http",
      scheme: "bearer",
      description: "The patient's sign-in token (POST /authenticate, POST /register): 30 minutes, never in a query string.",
    },
  },
  staff: {
    name: "staffToken",
    scheme: {
      type: "http",
      scheme: "bearer",
      description:
        "A staff person's session token `st_…` (POST /api/staff/sign-in/code, POST /api/staff/setup), or the pending token of a sign-in step (POST /api/staff/sign-in, POST /api/staff/links/accept). Ends after 15 minutes without a call and 12 hours in all; never a patient's token.",
    },
  },
  "lab-staff": {
    name: "labStaffKey",
    scheme: {
      type: "apiKey",
      in: "header",
      name: LAB_STAFF_KEY_HEADER,
      description: "The shared lab staff key (setting LAB_STAFF_KEY), accepted only with STAFF_SHARED_KEYS=on, for the changeover to staff accounts.",
    },
  },
  "center-staff": {
    name: "centerStaffKey",
    scheme: {
      type: "apiKey",
      in: "header",
      name: CENTER_STAFF_KEY_HEADER,
      description: "The transplant centers' staff key (setting CENTER_STAFF_KEY).",
    },
  },
  "program-staff": {
    name: "programStaffKey",
    scheme: {
      type: "apiKey",
      in: "header",
      name: PROGRAM_STAFF_KEY_HEADER,
      description: "The immune-tolerance program's staff key (setting PROGRAM_STAFF_KEY).",
    },
  },
  invite: {
    name: "inviteToken",
    scheme: { type: "apiKey", in: "header", name: INVITE_TOKEN_HEADER, description: "The token of an invitation link (never in a query string)." },
  },
};

/** What path parameters hold. */
const PATH_PARAMS: Record<string, string> = {
  id: "The signed-in patient's own medical record id (403 for another record's).",
  medicalRecordId: "A medical record id.",
  screeningId: "A screening of the signed-in patient's record.",
  postalCode: "The postal code distances are measured from.",
  distance: "Miles: 100, 300 or 1000, or 0 for any distance.",
  type: "1 opts out of automated messages, 2 opts back in.",
  requisition: "The lab order's requisition number (spaces, hyphens and case ignored).",
  referralId: "A referral id.",
  staffId: "A staff person's id.",
};

/** What each area (a tag) holds; an area not named here is described by its name (see tagDescription). */
const TAG_DESCRIPTIONS: Record<string, string> = {
  register: "Registration: the medical record and its account, the phone check and invitations.",
  auth: "Signing in: tokens, their check, refresh and revocation.",
  password: "Forgotten passwords: the reset link and the new password.",
  mfa: "Confirmation codes for a new email address or mobile number.",
  lookup: "The registration form's lists (languages, genders, US states).",
  i18n: "The registry's own texts: its email and text-message templates.",
  pass: "The patient's own medical record, account and screenings.",
  devices: "The patient's message choices and signed-in devices.",
  centers: "Transplant centers, with distances from a postal code.",
  screening: "The screening questionnaire's answers and its status.",
  referrals: "Choosing a center: the referral to it.",
  labs: "Lab orders and results, for the patient and for the lab's staff.",
  "medical-history": "The medical history of the immune-tolerance program's candidates.",
  "e-sign": "The immune-tolerance program's consent and its signature.",
  staff: "Calls of the transplant centers' and the program's staff.",
  "staff-lab": "A lab's staff: the orders of their lab, approval, decline, values and results.",
  "my-record": "The patient's own record to download, and closing the account.",
  "answers-pdf": "The patient's own answers as a PDF.",
  sms: "Text messages: the provider's inbound webhook, and whether texts are stopped.",
  health: "Whether the registry and its database answer.",
  demo: "Demo mode only: the messages it kept instead of sending.",
  openapi: "This document.",
};

/** A tag's description: its entry in TAG_DESCRIPTIONS, or one made of its name for an area added since. */
function tagDescription(tag: string): string {
  return TAG_DESCRIPTIONS[tag] ?? `The ${tag.replace(/-/g, " ")} calls.`;
}

/**
 * An operation's id, made from its method and path so every route has one (client generators name their methods with
 * it): `GET /api/pass/record/:id` -> `getPassRecordById`, `POST /api/pass/:id/screening/:screeningId/center` ->
 * `postPassByIdScreeningByScreeningIdCenter` (a leading `/api` left out; each parameter is `By` and its name).
 */
export function operationIdOf(method: string, pattern: string): string {
  const segments = pattern.split("/").filter(Boolean);
  if (segments[0] === "api") segments.shift();
  const words = segments
    .map((segment) => (segment.startsWith(":") ? `by-${segment.slice(1)}` : segment))
    .flatMap((segment) => segment.split(/[^A-Za-z0-9]+/))
    .filter(Boolean);
  return method.toLowerCase() + words.map((word) => word[0]!.toUpperCase() + word.slice(1)).join("");
}

/**
 * Where the registry answers: the origin this document is served from (GET /api/openapi.json), whether the registry
 * runs in the portal's process or alone behind its own address.
 */
const SERVERS = [{ url: "/", description: "The registry that serves this document (its origin)." }];

const DESCRIPTION = [
  "The registry of the kidney transplant registration portal. Every JSON answer is an envelope `{ success, results, message, errors? }`;",
  "a refusal (4xx, 5xx) has `success: false`, `results: null` (unless its status is documented with results), an English `message`",
  "and, for problems with fields or with the whole request, `errors`: field name (or `form`) -> a locale key the portal translates.",
  `Every answer carries \`${REQUEST_ID_HEADER}\`. Tokens travel in headers only: a query parameter \`token\` or \`access_token\` is refused (400).`,
  `A portal calling over HTTP proves itself with \`${PORTAL_KEY_HEADER}\`; only then are its \`${CLIENT_ADDRESS_HEADER}\`,`,
  `\`${CLIENT_USER_AGENT_HEADER}\` and \`${REQUEST_ID_HEADER}\` taken (stored with every audit entry).`,
].join(" ");

/** The envelope of a refusal: every 4xx and 5xx answer. */
const refusal = z.object({
  success: z.literal(false),
  results: z.null(),
  message: z.string(),
  errors: z.record(z.string(), z.string()).optional(),
});

/** The envelope of an answer with these results (status 200, or a refusal documented with results). */
function envelopeOf(results: z.ZodType, extras: z.ZodRawShape | undefined, success: z.ZodType): z.ZodObject {
  return z.object({
    success,
    results: results.nullable(),
    message: z.string().nullable(),
    errors: z.record(z.string(), z.string()).optional(),
    ...extras,
  });
}

/** The JSON schema the generator makes of one zod schema (the body of a throw-away route). */
function jsonSchemaOf(schema: z.ZodType): JsonSchema {
  const route: RouteConfig = { method: "post", path: "/", request: { body: { content: { "application/json": { schema } } } }, responses: {} };
  const doc = new OpenApiGeneratorV31([{ type: "route", route }]).generateDocument({ openapi: "3.1.0", info: { title: "", version: "" } });
  return (doc.paths?.["/"]?.post?.requestBody as { content: Record<string, { schema: JsonSchema }> }).content["application/json"]!.schema;
}

/** The parameters of an object of them (query or header). */
function parametersOf(shape: z.ZodObject | undefined, location: "query" | "header") {
  return Object.entries(shape?.shape ?? {}).map(([name, schema]) => {
    const s = schema as z.ZodType;
    // The description once, on the parameter.
    const { description: _inSchema, ...json } = jsonSchemaOf(s);
    return { name, in: location, required: !s.safeParse(undefined).success, ...(s.description ? { description: s.description } : {}), schema: json };
  });
}

/** `/api/pass/:id` -> `/api/pass/{id}`, with the names of its parameters. */
export function openApiPath(pattern: string): { path: string; params: string[] } {
  const params: string[] = [];
  const path = pattern.replace(/:([A-Za-z]\w*)/g, (_whole, name: string) => {
    params.push(name);
    return `{${name}}`;
  });
  return { path, params };
}

/** The credentials an operation takes: `[]` for a public one (stated, not left out), `{}` among others for "or none". */
function security(auth: RouteDoc["auth"]): Record<string, string[]>[] {
  const list: readonly RouteAuth[] = typeof auth === "string" ? [auth] : auth;
  if (list.length === 1 && list[0] === "none") return [];
  return list.map((a) => (a === "none" ? {} : { [SCHEMES[a].name]: [] }));
}

function routeConfig<C>(route: Route<C>, tag: string): RouteConfig {
  const { doc } = route;
  const { path, params } = openApiPath(route.pattern);
  const answer = doc.answer;
  const json = (schema: z.ZodType) => ({ content: { "application/json": { schema } } });
  const success =
    answer instanceof z.ZodType
      ? { description: "The envelope with the results.", ...json(envelopeOf(answer, doc.extras, z.boolean())) }
      : "file" in answer
        ? { description: "The file.", content: { [answer.file]: { schema: { type: "string" as const, contentMediaType: answer.file } } } }
        : { description: "The answer.", ...json(answer.bare) };
  const refusals = Object.fromEntries(
    Object.entries(doc.refusals ?? {}).map(([status, results]) => [
      status,
      { description: "A refusal with results.", ...json(envelopeOf(results, doc.extras, z.literal(false))) },
    ]),
  );
  const parameters = [
    ...params.map((name) => ({
      name,
      in: "path" as const,
      required: true,
      ...(PATH_PARAMS[name] ? { description: PATH_PARAMS[name] } : {}),
      schema: { type: "string" as const },
    })),
    ...parametersOf(doc.query, "query"),
    ...parametersOf(doc.headers, "header"),
  ];
  return {
    method: route.method.toLowerCase() as RouteConfig["method"],
    path,
    operationId: operationIdOf(route.method, route.pattern),
    summary: doc.summary,
    tags: [tag],
    security: security(doc.auth),
    ...(parameters.length ? { parameters } : {}),
    ...(doc.body ? { request: { body: { required: true, ...json(doc.body) } } } : {}),
    responses: {
      200: success,
      ...refusals,
      "4XX": { $ref: "#/components/responses/Refusal" },
      "5XX": { $ref: "#/components/responses/Refusal" },
    },
  };
}

/**
 * Every object of an answer's schema without a rule for other properties gets `additionalProperties: false`. The
 * parts of an intersection (`allOf`, a zod intersection, and the branches of a union inside one) stay open, each
 * holding only some of the properties: the `allOf` itself gets `unevaluatedProperties: false` instead (JSON Schema
 * 2020-12), so the whole is closed.
 */
function closeObjects(schema: unknown, part = false): void {
  if (Array.isArray(schema)) return schema.forEach((item) => closeObjects(item, part));
  if (typeof schema !== "object" || schema === null) return;
  const s = schema as JsonSchema;
  if (s.allOf && s.additionalProperties === undefined && s.unevaluatedProperties === undefined) s.unevaluatedProperties = false;
  else if (!part && s.properties && s.additionalProperties === undefined) s.additionalProperties = false;
  for (const [key, value] of Object.entries(s)) closeObjects(value, key === "allOf" || (part && (key === "oneOf" || key === "anyOf")));
}

function closeAnswers(doc: OpenApiDocument): void {
  const responses = Object.values(doc.paths ?? {}).flatMap((item) =>
    Object.values(item as Record<string, { responses?: Record<string, { content?: Record<string, { schema: unknown }> }> }>).flatMap((op) =>
      Object.values(op.responses ?? {}),
    ),
  );
  for (const response of [...responses, ...Object.values(doc.components?.responses ?? {})]) {
    for (const media of Object.values((response as { content?: Record<string, { schema: unknown }> }).content ?? {})) closeObjects(media.schema);
  }
}

/** The committed file's text of a document. */
export function openApiFileText(doc: OpenApiDocument): string {
  return JSON.stringify(doc, null, 2) + "\n";
}

/**
 * The document of these routes, by area (each area a tag). Throws for a route without a description (a route
 * added by hand in JavaScript, past the type), whose path parameters are not its pattern's, or whose operation id
 * another route has already.
 */
export function openApiDocument<C>(areas: Readonly<Record<string, readonly Route<C>[]>>): OpenApiDocument {
  const ids = new Map<string, string>();
  const definitions = Object.entries(areas).flatMap(([tag, routes]) =>
    routes.map((route) => {
      if (!route.doc) throw new Error(`${route.method} ${route.pattern} has no doc: describe it (registry/http/router.ts RouteDoc)`);
      const config = routeConfig(route, tag);
      const taken = ids.get(config.operationId!);
      if (taken) throw new Error(`${route.method} ${route.pattern} and ${taken} have the same operationId ${config.operationId}`);
      ids.set(config.operationId!, `${route.method} ${route.pattern}`);
      return { type: "route" as const, route: config };
    }),
  );
  const generator = new OpenApiGeneratorV31([
    ...Object.values(SCHEMES).map(({ name, scheme }) => ({
      type: "component" as const,
      componentType: "securitySchemes" as const,
      name,
      component: scheme,
    })),
    {
      type: "component",
      componentType: "responses",
      name: "Refusal",
      component: {
        description:
          "A refusal: `success: false`, `results: null`, an English `message`, and `errors` (field or `form` -> locale key) where it has them.",
        headers: {
          "Retry-After": { description: "Seconds to wait (429, 503).", schema: { type: "string" } },
          Allow: { description: "The methods the path takes (405).", schema: { type: "string" } },
        },
        content: { "application/json": { schema: jsonSchemaOf(refusal) } },
      },
    },
    ...definitions,
  ]);
  const doc = generator.generateDocument({
    openapi: "3.1.0",
    info: { title: "Kidney transplant registry", version: "1.0.0", description: DESCRIPTION },
    servers: SERVERS,
    tags: Object.keys(areas).map((name) => ({ name, description: tagDescription(name) })),
  });
  closeAnswers(doc);
  return doc;
}
