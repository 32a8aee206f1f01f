// Never edit a shipped migration (docs/decisions/101): shipped.json holds the SHA-256 of every migration's SQL as it
// shipped; a change to one fails here before any database sees it, and a registry whose database applied the old SQL
// refuses to start (registry/db/migrate.ts). A new migration adds its line to shipped.json.
import { describe, expect, it } from "vitest";
import { migrationChecksum } from "../db/migrate";
import { migrations } from "./index";
import shipped from "./shipped.json";

describe("shipped migrations", () => {
  it("are unchanged since they shipped", () => {
    const changed = migrations.filter((m) => m.id in shipped && shipped[m.id as keyof typeof shipped] !== migrationChecksum(m));
    expect(changed.map((m) => m.id)).toEqual([]);
  });

  it("are all recorded in shipped.json, in order, and nothing else is", () => {
    expect(Object.keys(shipped)).toEqual(migrations.map((m) => m.id));
  });

  it("have ids in order with no gap", () => {
    expect(migrations.map((m) => m.id.slice(0, 4))).toEqual(migrations.map((_, i) => String(i + 1).padStart(4, "0")));
  });
});
