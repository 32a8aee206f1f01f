import { describe, expect, it } from "vitest";
import type { Db } from "../db/types";
import { createRegistryHandler } from "../handler";
import en from "../messages/en";
import es from "../messages/es";
import { TEST_SETTINGS } from "../testing/harness";

/** The texts come from code, not the database: a handler over a database that must not be used. */
const noDb: Db = {
  query: async () => {
    throw new Error("no database here");
  },
  transaction: async () => {
    throw new Error("no database here");
  },
  close: async () => {},
};

describe("GET /pass/i18n", () => {
  const handler = createRegistryHandler({ db: noDb, settings: TEST_SETTINGS, log: () => {} });
  const get = async (path: string, method = "GET") => {
    const response = await handler(new Request(`http://registry.test${path}`, { method }));
    return { status: response.status, body: (await response.json()) as Record<string, unknown> };
  };

  it("answers the registry's texts for en and es, English for anything else", async () => {
    expect(await get("/pass/i18n?lang=en")).toEqual({ status: 200, body: { success: true, results: en, message: null } });
    expect((await get("/pass/i18n?lang=es")).body.results).toEqual(es);
    expect((await get("/pass/i18n?lang=it")).body.results).toEqual(en);
    expect((await get("/pass/i18n")).body.results).toEqual(en);
    expect((await get("/pass/i18n", "POST")).status).toBe(405);
  });
});
