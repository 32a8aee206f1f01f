import { Ajv2020, type ValidateFunction } from "ajv/dist/2020";
import type { RegistryHandler } from "../handler";
import { matchRoute } from "../http/router";
import { openApiPath } from "../openapi/document";
import { registryDocument, registryRoutes } from "../routes";

type Media = { schema?: object };
type Answer = { $ref?: string; content?: Record<string, Media> };
type Operation = { requestBody?: { content: Record<string, Media> }; responses: Record<string, Answer> };
type Document = ReturnType<typeof registryDocument>;

/** One call as the test saw it: the request (and the JSON body it sent) and the answer. */
export type Exchange = { method: string; url: string; sent?: string; status: number; contentType: string | null; body: string };

/**
 * What is wrong with a call by the registry's OpenAPI document (docs/decisions/102). The answer: the one documented
 * for the route the request went to (the router's own match) and its status (exactly, else 4XX or 5XX), in the content
 * type answered, and for JSON the body by its schema (ajv, JSON Schema 2020-12 as OpenAPI 3.1 has it); a request no
 * route takes (404, 405) must answer the Refusal. The request: a JSON body the registry accepted (200) must be one the
 * document describes. Empty when the call is as documented.
 */
export function answerChecker(document: Document = registryDocument()) {
  const ajv = new Ajv2020({ strict: false, allErrors: true });
  const compiled = new Map<string, ValidateFunction>();
  const routes = registryRoutes({ demoMode: true });
  const refusal = { $ref: "#/components/responses/Refusal" };
  const resolve = (answer: Answer | undefined): Answer | undefined => {
    const name = answer?.$ref?.replace("#/components/responses/", "");
    return name ? (document.components?.responses?.[name] as Answer | undefined) : answer;
  };
  const validate = (key: string, schema: object, text: string, what: string): string[] => {
    let validator = compiled.get(key);
    if (!validator) {
      validator = ajv.compile(schema);
      compiled.set(key, validator);
    }
    let json: unknown;
    try {
      json = JSON.parse(text);
    } catch {
      return [`${what}: not JSON`];
    }
    if (validator(json)) return [];
    return (validator.errors ?? []).map((e) => `${what}: ${e.instancePath || "(body)"} ${e.message ?? ""} ${JSON.stringify(e.params)}`);
  };

  return function problems(call: Exchange): string[] {
    const pathname = new URL(call.url).pathname;
    const match = matchRoute(routes, call.method, pathname);
    let where = `${call.method} ${pathname} (no route)`;
    let operation: Operation | undefined;
    if (match.kind === "found") {
      where = `${call.method} ${openApiPath(match.route.pattern).path}`;
      operation = (document.paths?.[openApiPath(match.route.pattern).path] as Record<string, Operation> | undefined)?.[call.method.toLowerCase()];
      if (!operation) return [`${where} is not in the document`];
    }
    const status = String(call.status);
    const answer = operation ? (operation.responses[status] ?? operation.responses[`${status[0]}XX`]) : call.status >= 400 ? refusal : undefined;
    const resolved = resolve(answer);
    if (!resolved) return [`${where} answered ${status}, which the document does not describe`];
    const media = (call.contentType ?? "").split(";")[0]!.trim();
    const documented = resolved.content?.[media];
    if (!documented)
      return [`${where} answered ${status} as ${media || "no content type"}; documented: ${Object.keys(resolved.content ?? {}).join(", ")}`];
    const found: string[] = [];
    if (media === "application/json" && documented.schema)
      found.push(...validate(`${where} ${answer?.$ref ?? status}`, documented.schema, call.body, `${where} ${status}`));
    const requestSchema = operation?.requestBody?.content["application/json"]?.schema;
    if (call.status === 200 && call.sent && requestSchema)
      found.push(...validate(`${where} body`, requestSchema, call.sent, `${where} accepted a body`));
    return found;
  };
}

/** A call the OpenAPI document does not describe (thrown by `checkedHandler`). */
export class UndocumentedAnswer extends Error {
  override name = "UndocumentedAnswer";
}

let shared: ReturnType<typeof answerChecker> | undefined;

/**
 * The handler with every call checked against the OpenAPI document: one that does not match it throws
 * UndocumentedAnswer (with the answer's body) instead of reaching the test. The test harness's handlers are all checked.
 */
export function checkedHandler(handler: RegistryHandler): RegistryHandler {
  shared ??= answerChecker();
  const check = shared;
  return async (request) => {
    const { method, url } = request;
    const sent = request.body && (request.headers.get("content-type") ?? "").includes("json") ? await request.clone().text() : undefined;
    const response = await handler(request);
    const body = await response.clone().text();
    const found = check({ method, url, sent, status: response.status, contentType: response.headers.get("content-type"), body });
    if (found.length) throw new UndocumentedAnswer(`${found.join("\n")}\nanswer: ${body.slice(0, 2000)}`);
    return response;
  };
}
