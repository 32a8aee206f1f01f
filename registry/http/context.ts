import type { Db } from "../db/types";
import type { RegistrySettings } from "../settings";

export type LogEntry = Record<string, unknown>;

/** What every endpoint handler gets. */
export type Ctx = {
  request: Request;
  url: URL;
  db: Db;
  settings: RegistrySettings;
  now: () => Date;
  log: (entry: LogEntry) => void;
  /** A hash made with the current parameters, verified against when an account does not exist (equal timing). */
  timingHash: () => Promise<string>;
};
