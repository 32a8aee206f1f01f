import type { RegistryClient } from "~/registry/client.server";
import type { Session } from "./session.server";
import type { Lang } from "~/locales";

/** What server.ts gives every loader and action. */
export type PortalContext = {
  nonce: string;
  session: Session;
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
  /** Key for signing form-issued values (the registration bot check), derived from SESSION_SECRET. */
  formKey: Uint8Array;
  /** SCR-006 setting (GRANULAR_CENTER_STEPS). */
  granularCenterSteps: boolean;
  /** SIGN_IN_SURGE_PER_MINUTE: unknown-device sign-ins a minute that start a surge (docs/decisions/087). */
  signInSurgePerMinute: number;
};

declare module "react-router" {
  interface AppLoadContext extends PortalContext {}
}
