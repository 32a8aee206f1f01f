import type { ActionFunctionArgs } from "react-router";
import { describe, expect, it } from "vitest";
import { CSRF_FIELD } from "~/forms/form.server";
import { routerContextFor, type PortalContext } from "~/platform/context";
import { Session } from "~/platform/session.server";
import { RegistryUnavailableError, SessionExpiredError } from "~/registry/client.server";
import { action } from "~/routes/logout";

/** Sign-out with a token the registry no longer honours (docs/decisions/131): signed out, and no error line. */
async function signOut(revokeFails: Error) {
  const logs: Record<string, unknown>[] = [];
  const session = new Session({ csrf: "c", token: "old-token", medicalRecordId: 7 } as never, false);
  const context = {
    session,
    registry: {
      revokeToken: async () => {
        throw revokeFails;
      },
    },
    log: (entry: Record<string, unknown>) => logs.push(entry),
  } as unknown as PortalContext;
  const request = new Request("http://portal.test/logout", { method: "POST", body: new URLSearchParams({ [CSRF_FIELD]: "c" }) });
  const answer = (await action({ request, context: routerContextFor(context), params: {} } as unknown as ActionFunctionArgs)) as Response;
  return { answer, logs, session };
}

describe("POST /logout", () => {
  it("a token already expired or ended elsewhere: signed out, redirected, no error-level line", async () => {
    const { answer, logs, session } = await signOut(new SessionExpiredError());
    expect(answer.status).toBe(302);
    expect(answer.headers.get("Location")).toBe("/register?logout=true");
    expect(session.get("token")).toBeUndefined();
    expect(logs.filter((l) => l.level === "error")).toEqual([]);
  });

  it("a registry that cannot be reached: still signed out here, and the failure logged", async () => {
    const { answer, logs, session } = await signOut(new RegistryUnavailableError("down"));
    expect(answer.status).toBe(302);
    expect(session.get("token")).toBeUndefined();
    expect(logs).toEqual([{ level: "error", msg: "token revocation failed", error: "RegistryUnavailableError" }]);
  });
});
