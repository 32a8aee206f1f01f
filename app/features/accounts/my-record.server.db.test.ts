import { describe, expect, it } from "vitest";
import { testDatabases } from "../../../registry/db/test-databases";
import { useRegistry } from "../../../registry/testing/harness";
import { createRegistryClient, type Fetcher } from "~/registry/client.server";
import { Session } from "~/platform/session.server";
import { closeAccountAction, recordDownload } from "./my-record.server";
import type { PortalContext } from "~/platform/context";

/**
 * /profile/download/{format} and /profile/close (ACC-043, ACC-045) against the reference registry: the file as an
 * attachment, the close with its password, and a registry out of reach never losing the form or failing the page.
 */
type Answered = {
  status: number;
  location?: string;
  data?: { values?: Record<string, string>; errors?: Record<string, string>; message?: { key: string } };
};

async function answered(action: Promise<unknown>): Promise<Answered> {
  let result: unknown;
  try {
    result = await action;
  } catch (thrown) {
    result = thrown;
  }
  if (result instanceof Response) return { status: result.status, location: result.headers.get("Location") ?? undefined };
  const d = result as { data: Answered["data"]; init?: { status?: number } };
  return { status: d.init?.status ?? 200, data: d.data };
}

const form = (fields: Record<string, string>) => {
  const f = new FormData();
  for (const [k, v] of Object.entries(fields)) f.set(k, v);
  return f;
};

describe.each(testDatabases().slice(0, 1))("my record in the portal ($name)", (target) => {
  const t = useRegistry(target);
  const down: Fetcher = async () => {
    throw new TypeError("fetch failed");
  };
  let n = 0;
  /** A patient signed in through a session of its own, its registry reached through `fetcher` (the real one by default). */
  async function signedIn(fetcher?: Fetcher, patient?: Awaited<ReturnType<typeof t.register>>) {
    const p = patient ?? (await t.register(++n));
    const session = new Session(
      { token: p.token, tokenExpires: new Date(Date.now() + 3_600_000).toISOString(), medicalRecordId: p.medicalRecordId, csrf: "c" },
      false,
    );
    const context = {
      session,
      registry: createRegistryClient({ fetch: fetcher ?? ((request) => t.handler(request)), baseUrl: "http://registry.test" }),
      lang: "en",
      clientAddress: "203.0.113.7",
      log: () => {},
    } as unknown as PortalContext;
    return { p, session, context };
  }

  it("the JSON file: an attachment, never cached, holding the patient's own record", async () => {
    const { p, context } = await signedIn();
    const response = await recordDownload(context, "json");
    expect(response.status).toBe(200);
    expect(response.headers.get("Content-Type")).toMatch(/^application\/json/);
    expect(response.headers.get("Content-Disposition")).toMatch(/^attachment; filename="[\w.-]+\.json"$/);
    expect(response.headers.get("Cache-Control")).toBe("no-store");
    expect(await response.text()).toContain(p.email);
  });

  it("an unknown format goes back to /profile; a registry out of reach says the download failed", async () => {
    const { p, context } = await signedIn();
    expect((await answered(recordDownload(context, "exe"))).location).toBe("/profile");
    const { session, context: unreachable } = await signedIn(down, p);
    expect((await answered(recordDownload(unreachable, "pdf"))).location).toBe("/profile");
    expect(session.get("flash")).toEqual([{ kind: "alert", key: "myRecord.downloadFailed" }]);
  });

  it("closing: an empty or wrong password is the field's error; a registry out of reach keeps the form; the right one closes", async () => {
    const { p, session, context } = await signedIn();
    const empty = await answered(closeAccountAction(form({ currentPassword: "" }), context));
    expect([empty.status, empty.data?.errors]).toEqual([400, { currentPassword: "validation.currentPasswordRequired" }]);
    const wrong = await answered(closeAccountAction(form({ currentPassword: "not-the-password-1" }), context));
    expect(wrong.status).toBe(400);
    expect(Object.keys(wrong.data?.errors ?? {})).toEqual(["currentPassword"]);

    const { context: unreachable } = await signedIn(down, p);
    const notSaved = await answered(closeAccountAction(form({ currentPassword: p.password }), unreachable));
    expect([notSaved.status, notSaved.data?.message?.key]).toEqual([503, "errors.notSaved"]);

    const closed = await answered(closeAccountAction(form({ currentPassword: p.password }), context));
    expect(closed.location).toBe("/register");
    expect(session.get("token")).toBeUndefined();
    const [row] = await t.db.query<{ closed: boolean }>("select closed_at is not null as closed from accounts where medical_record_id = $1", [
      p.medicalRecordId,
    ]);
    expect(row!.closed).toBe(true);
  });
});
