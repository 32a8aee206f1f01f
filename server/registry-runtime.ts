import { demoSecret, type Settings } from "../config/settings";
import { openDb } from "../registry/db";
import { createRegistryHandler } from "../registry/handler";
import type { Log } from "./logger";

export type RegistryRuntime = {
  fetch: (request: Request) => Promise<Response>;
  baseUrl: string;
  close: () => Promise<void>;
};

/** Production scrypt cost (OWASP: N=2^17, r=8, p=1). */
const SCRYPT = { N: 2 ** 17, r: 8, p: 1 };

/**
 * The registry the portal talks to: over HTTP when REGISTRY_URL is set, otherwise the reference registry
 * inside this process, called through its fetch handler with no socket.
 */
export async function startRegistry(settings: Settings, log: Log): Promise<RegistryRuntime> {
  if (settings.registryUrl) {
    return { fetch: (request) => fetch(request), baseUrl: settings.registryUrl, close: async () => {} };
  }
  const db = await openDb({ databaseUrl: settings.databaseUrl, dataDir: settings.dataDir });
  const labStaffKey = process.env.LAB_STAFF_KEY ?? (settings.demoMode ? demoSecret(settings.dataDir, "labStaffKey") : "");
  const handler = createRegistryHandler({
    db,
    settings: {
      tokenSecret: settings.tokenSecret!,
      publicUrl: settings.publicUrl,
      demoMode: settings.demoMode,
      scrypt: SCRYPT,
      labStaffKey,
    },
    log,
  });
  log({ msg: "registry in process", database: settings.databaseUrl ? "postgresql" : "pglite" });
  return { fetch: handler, baseUrl: "http://registry.internal", close: () => db.close() };
}
