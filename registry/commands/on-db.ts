import { openDb } from "../db/open";
import type { Db } from "../db/types";
import type { RegistryConfig } from "../settings";

/** What a staff command writes to (stdout in the CLI, a string in tests). */
export type Write = (text: string) => void;
export type Command = (config: RegistryConfig, args: string[]) => Promise<void>;

/** A staff command run on the registry's database, opened for it and closed after it. */
export function onDb(run: (db: Db, config: RegistryConfig, args: string[]) => Promise<void>): Command {
  return async (config, args) => {
    const db = await openDb({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
    try {
      await run(db, config, args);
    } finally {
      await db.close();
    }
  };
}

export const out: Write = (text) => void process.stdout.write(text);
