import { migrations as all, type Migration } from "../migrations/index";
import type { DriverDb } from "./types";

/** Key of the advisory lock that serialises migrations across registry processes sharing one database. */
const MIGRATION_LOCK = 72_246_001;

/** Applies the pending migrations in order, in one transaction, and answers the ids it applied. */
export async function runMigrations(db: DriverDb, migrations: readonly Migration[] = all): Promise<string[]> {
  return db.transaction(async (tx) => {
    await tx.query("select pg_advisory_xact_lock($1)", [MIGRATION_LOCK]);
    await tx.exec("create table if not exists schema_migrations (id text primary key, applied_at timestamptz not null default now())");
    const done = new Set((await tx.query<{ id: string }>("select id from schema_migrations")).map((r) => r.id));
    const applied: string[] = [];
    for (const m of migrations) {
      if (done.has(m.id)) continue;
      await tx.exec(m.sql);
      await tx.query("insert into schema_migrations (id) values ($1)", [m.id]);
      applied.push(m.id);
    }
    return applied;
  });
}
