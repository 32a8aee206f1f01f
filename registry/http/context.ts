import type { Db } from "../db/types";
import type { Passwords } from "../domain/passwords";
import type { Places } from "../domain/places";
import type { RegistrySettings } from "../settings";
import type { Revocations } from "./revocations";

export type LogEntry = Record<string, unknown>;

/** What every endpoint handler gets. */
export type Ctx = {
  request: Request;
  url: URL;
  db: Db;
  settings: RegistrySettings;
  now: () => Date;
  log: (entry: LogEntry) => void;
  /** Password hashing and checking through the bounded worker pool (docs/decisions/020). */
  passwords: Passwords;
  /** The accounts' revocation times, remembered for at most a second (docs/decisions/070). */
  revocations: Revocations;
  /** The places of addresses (GEOIP_DATABASE, docs/decisions/116); undefined without a database. */
  places: Places | undefined;
};
