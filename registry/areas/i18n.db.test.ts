import { describe, expect, it } from "vitest";
import { createRegistryHandler } from "../handler";
import en from "../messages/en";
import es from "../messages/es";
import { TEST_SETTINGS } from "../testing/harness";
import { NO_DB } from "../testing/no-db";

describe("GET /pass/i18n", () => {
  const handler = createRegistryHandler({ db: NO_DB, settings: TEST_SETTINGS, log: () => {} });
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
