import { createContext, RouterContextProvider, type RouterContext } from "react-router";
import type { RegistryClient } from "~/registry/client.server";
import type { Session } from "./session.server";
import type { Lang } from "~/locales";
import type { StaffSessionData } from "./staff-session";

/** What server.ts gives every loader and action. */
export type PortalContext = {
  nonce: string;
  session: Session;
  /** The staff console's session, from its own cookie (docs/decisions/127); empty outside the console. */
  staffSession: Session<StaffSessionData>;
  registry: RegistryClient;
  demoMode: boolean;
  /** Absolute public URL of the portal, ending in "/". */
  publicUrl: string;
  /** The client address as seen through the trusted proxies. */
  clientAddress: string;
  /** This request's id: in the request log line, the `X-Request-Id` answer header and the registry's audit rows (085). */
  requestId: string;
  log: (entry: Record<string, unknown>) => void;
  lang: Lang;
  /** The portal's base path, e.g. "/" or "/portal/". */
  basePath: string;
  isSecure: boolean;
  /** PUBLIC_URL is https and BASE_PATH is `/`: the `__Host-` cookie names (docs/decisions/019, 132). */
  hostPrefixedCookie?: boolean;
  /** Key for signing form-issued values (the registration bot check), derived from SESSION_SECRET. */
  formKey: Uint8Array;
  /** SCR-006 setting (GRANULAR_CENTER_STEPS). */
  granularCenterSteps: boolean;
  /** SIGN_IN_SURGE_PER_MINUTE: unknown-device sign-ins a minute that start a surge (docs/decisions/087). */
  signInSurgePerMinute: number;
  /**
   * Waits `ms` without holding the request's admission place (docs/decisions/134): what sleeps holds no place that a
   * patient's page could use. Left out in tests, where a plain timer waits.
   */
  park?: (ms: number) => Promise<void>;
};

/**
 * The one value server.ts's getLoadContext puts in React Router's context (v8_middleware, docs/decisions/125): a loader
 * or action reads it with `context.get(portalContext)`. React Router finds a value by its key's identity, and this
 * module is loaded twice: in server.ts's bundle and in the app's server build (and again at each reload of `npm run
 * dev`). The one key is kept under a registered symbol, so every copy uses the same.
 */
const KEY = Symbol.for("kidney-registration-portal.portalContext");
const registered = globalThis as unknown as Record<symbol, RouterContext<PortalContext> | undefined>;
export const portalContext: RouterContext<PortalContext> = (registered[KEY] ??= createContext<PortalContext>());

/** React Router's context for one request's loaders and actions: server.ts's getLoadContext, and tests calling a route's loader. */
export function routerContextFor(portal: PortalContext): RouterContextProvider {
  return new RouterContextProvider(new Map([[portalContext, portal]]));
}
