/** What the encrypted cookie session holds (DECISIONS D2). Plain module: routes and server modules both import it. */
export type FlashMessage = { kind: "status" | "alert"; key: string; params?: Record<string, string> };

export type SessionData = {
  /** Registry sign-in token and its expiry (ISO). */
  token?: string;
  tokenExpires?: string;
  medicalRecordId?: number;
  firstName?: string;
  /** The signed-in patient's preferred language ("en" | "es"). */
  lang?: string;
  /** Times in ms since the epoch, for the idle and absolute limits. */
  signedInAt?: number;
  lastSeenAt?: number;
  csrf?: string;
  flash?: FlashMessage[];
};

/** Session limits of DECISIONS D6. */
export const IDLE_LIMIT_MS = 30 * 60 * 1000;
export const ABSOLUTE_LIMIT_MS = 12 * 60 * 60 * 1000;
/** Refresh the registry token when less than this is left. */
export const TOKEN_REFRESH_MARGIN_MS = 20 * 60 * 1000;
