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
  log: (entry: Record<string, unknown>) => void;
  lang: Lang;
  /** The portal's base path, e.g. "/" or "/portal/". */
  basePath: string;
  isSecure: boolean;
  /** Key for signing form-issued values (the registration bot check), derived from SESSION_SECRET. */
  formKey: Uint8Array;
  /** SCR-006 setting (GRANULAR_CENTER_STEPS). */
  granularCenterSteps: boolean;
};

declare module "react-router" {
  interface AppLoadContext extends PortalContext {}
}
