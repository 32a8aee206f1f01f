/** Where the e2e portal runs and what it runs on: shared by playwright.config.ts and the fixtures. */
export const E2E_PORT = Number(process.env.E2E_PORT ?? 3100);
/** E2E_DATA_DIR and E2E_BUILD_DIR let two runs share a checkout (each with its own E2E_PORT, data and build). */
export const dataDir = process.env.E2E_DATA_DIR ?? ".cache/e2e-data";
export const buildDir = process.env.E2E_BUILD_DIR ?? "build";
/**
 * With E2E_DATABASE_URL (a PostgreSQL database whose name starts with "e2e", recreated empty at each run), the js and
 * nojs portal runs on PostgreSQL and the journeys can act as registry staff through registry commands
 * (fixtures.ts registryCommand), which cannot open a PGlite directory that a running portal holds. The portal
 * behind nginx (the proxy projects) always runs on PGlite, so the embedded database is walked end to end too.
 */
export const databaseUrl = process.env.E2E_DATABASE_URL || undefined;
/**
 * The e2e portal's IP-geolocation database (docs/decisions/116), written by support/write-geoip.ts before it starts
 * (playwright.config.ts): beside the data directory, which the portal wants for itself (0700).
 */
export const geoipDatabase = `${dataDir}-geoip.mmdb`;
/** The networks it names (public ones: a private or reserved address names no place), in English and Spanish. */
export const E2E_PLACES = [
  {
    network: "2.136.0.0/13",
    place: {
      city: { en: "Seville", es: "Sevilla" },
      region: { en: "Andalusia", es: "Andalucía" },
      country: { en: "Spain", es: "España" },
      iso: "ES",
    },
  },
];
/**
 * What the e2e portal and the journeys' registry commands share: links in emails point at the portal under test, and
 * lab orders wait for staff approval (a registry command) instead of being approved at once as in demo mode.
 */
/** The main portal's metrics port (docs/decisions/131): its own, never the public one. */
export const E2E_METRICS_PORT = E2E_PORT + 9;
export const e2eRegistryEnv = { PUBLIC_URL: `http://127.0.0.1:${E2E_PORT}/`, LAB_APPROVAL_DELAY: "never", GEOIP_DATABASE: geoipDatabase };

/** The environment of a portal a spec starts on its own: demo mode on loopback, with its own port and data folder. */
export function ownPortalEnv(port: number, dataDir: string, extra: Record<string, string> = {}): NodeJS.ProcessEnv {
  return {
    ...process.env,
    PORT: String(port),
    HOST: "127.0.0.1",
    NODE_ENV: "development",
    DEMO_MODE: "true",
    LOG_LEVEL: "error",
    DATA_DIR: dataDir,
    ...extra,
  };
}
