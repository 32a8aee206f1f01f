import { answersPdfRoutes } from "./areas/answers-pdf";
import { authRoutes } from "./areas/auth";
import { signInChallengeRoutes } from "./areas/sign-in-challenges";
import { centersRoutes } from "./areas/centers";
import { demoRoutes } from "./areas/demo";
import { devicesRoutes } from "./areas/devices";
import { eSignRoutes } from "./areas/e-sign";
import { healthRoutes } from "./areas/health";
import { i18nRoutes } from "./areas/i18n";
import { labRoutes } from "./areas/labs";
import { lookupRoutes } from "./areas/lookup";
import { medicalHistoryRoutes } from "./areas/medical-history";
import { mfaRoutes } from "./areas/mfa";
import { myRecordRoutes } from "./areas/my-record";
import { openApiRoutes } from "./areas/openapi";
import { passRoutes } from "./areas/pass";
import { passwordRoutes } from "./areas/password";
import { referralRoutes } from "./areas/referrals";
import { registerRoutes } from "./areas/register";
import { screeningRoutes } from "./areas/screening";
import { smsRoutes } from "./areas/sms";
import { staffRoutes } from "./areas/staff";
import { staffAccountRoutes } from "./areas/staff-accounts";
import { staffProgramRoutes } from "./areas/staff-program";
import { staffCenterRoutes } from "./areas/staff-center";
import { staffLabRoutes } from "./areas/staff-lab";
import type { Ctx } from "./http/context";
import type { Route } from "./http/router";
import { openApiDocument } from "./openapi/document";

/**
 * Every route of the registry, by area (an area is a tag of the OpenAPI document). The order does not matter (the most
 * specific pattern answers; registry/http/router.ts).
 */
const AREAS = {
  register: registerRoutes,
  auth: [...authRoutes, ...signInChallengeRoutes],
  password: passwordRoutes,
  mfa: mfaRoutes,
  lookup: lookupRoutes,
  i18n: i18nRoutes,
  pass: passRoutes,
  devices: devicesRoutes,
  centers: centersRoutes,
  screening: screeningRoutes,
  referrals: referralRoutes,
  labs: labRoutes,
  "medical-history": medicalHistoryRoutes,
  "e-sign": eSignRoutes,
  staff: staffRoutes,
  "staff-accounts": staffAccountRoutes,
  "staff-program": staffProgramRoutes,
  "staff-center": staffCenterRoutes,
  "staff-lab": staffLabRoutes,
  "my-record": myRecordRoutes,
  "answers-pdf": answersPdfRoutes,
  sms: smsRoutes,
  health: healthRoutes,
  /** Routed only in demo mode (settings.demoMode). */
  demo: demoRoutes,
  openapi: openApiRoutes(() => registryDocument()),
} satisfies Record<string, Route<Ctx>[]>;

/** The routes a registry with these settings answers: the demo area only in demo mode. */
export function registryRoutes(settings: { demoMode?: boolean }): Route<Ctx>[] {
  return Object.entries(AREAS).flatMap(([area, routes]) => (area === "demo" && !settings.demoMode ? [] : routes));
}

let document: ReturnType<typeof openApiDocument> | undefined;

/** The registry's OpenAPI document (every area, the demo's too), made once; docs/registry-openapi.json holds it. */
export function registryDocument(): ReturnType<typeof openApiDocument> {
  document ??= openApiDocument(AREAS);
  return document;
}
