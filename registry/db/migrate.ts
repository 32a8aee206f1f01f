import { createHash } from "node:crypto";
import { migrations as all, type Migration } from "../migrations/index";
import type { DriverDb } from "./types";

/** Key of the advisory lock that serialises migrations across registry processes sharing one database. */
const MIGRATION_LOCK = 72_246_001;

/** The SHA-256 of a migration's SQL: recorded when it is applied, compared at every start. */
export function migrationChecksum(migration: Migration): string {
  return createHash("sha256").update(migration.sql).digest("hex");
}

/** A migration this database applied has different SQL now: a shipped migration was edited. */
export class ChangedMigrationError extends Error {
  constructor(readonly ids: string[]) {
    super(`migration ${ids.join(", ")} changed after this database applied it: restore the shipped SQL and put the change in a new migration`);
    this.name = "ChangedMigrationError";
  }
}

/**
 * Applies the pending migrations in order, in one transaction, and answers the ids it applied. Each applied migration's
 * checksum is recorded; a database whose applied migrations no longer match their SQL is refused (nothing applied),
 * so "never edit a shipped migration" is a rule the registry keeps. Rows applied before checksums were recorded get
 * theirs now.
 */
export async function runMigrations(db: DriverDb, migrations: readonly Migration[] = all): Promise<string[]> {
  return db.transaction(async (tx) => {
    await tx.query("select pg_advisory_xact_lock($1)", [MIGRATION_LOCK]);
    await tx.exec("create table if not exists schema_migrations (id text primary key, applied_at timestamptz not null default now())");
    await tx.exec("alter table schema_migrations add column if not exists checksum text");
    const done = new Map(
      (await tx.query<{ id: string; checksum: string | null }>("select id, checksum from schema_migrations")).map((r) => [r.id, r.checksum]),
    );
    const changed = migrations.filter((m) => done.has(m.id) && done.get(m.id) !== null && done.get(m.id) !== migrationChecksum(m));
    if (changed.length > 0) throw new ChangedMigrationError(changed.map((m) => m.id));
    const applied: string[] = [];
    for (const m of migrations) {
      if (done.has(m.id)) {
        if (done.get(m.id) === null) await tx.query("update schema_migrations set checksum = $2 where id = $1", [m.id, migrationChecksum(m)]);
        continue;
      }
      await tx.exec(m.sql);
      await tx.query("insert into schema_migrations (id, checksum) values ($1, $2)", [m.id, migrationChecksum(m)]);
      applied.push(m.id);
    }
    return applied;
  });
}
