import { describe, expect, it } from "vitest";
import { webcrypto } from "node:crypto";
import { testDatabases } from "../../registry/db/test-databases";
import { useRegistry } from "../../registry/testing/harness";
import { createRegistryClient } from "~/registry/client.server";
import { Session } from "~/platform/session.server";
import type { PortalContext } from "~/platform/context";
import type { StaffSessionData } from "~/platform/staff-session";
import { signInAction } from "~/features/staff/sign-in.server";
import { CHALLENGE_FIELD, PROOF_FIELD, solveChallenge } from "~/features/accounts/proof-of-work";
import { signInSurge, surgeChallenge, surgeStep } from "~/features/accounts/sign-in-surge.server";

const KEY = new Uint8Array(32).fill(9);

/** The staff console's sign-in takes the patients' surge step, as its route wires it (docs/decisions/135). */
describe.each(testDatabases().slice(0, 1))("the staff sign-in during a surge ($name)", (target) => {
  const t = useRegistry(target);

  it("holds back a post without this browser's challenge; passes one with it on to the registry", async () => {
    const contextOf = (staffSession: Session<StaffSessionData>) =>
      ({
        staffSession,
        registry: createRegistryClient({ fetch: (request) => t.handler(request), baseUrl: "http://registry.test" }),
        clientAddress: "198.51.100.50",
        formKey: KEY,
        signInSurgePerMinute: 5,
        log: () => {},
      }) as unknown as PortalContext;
    const post = async (session: Session<StaffSessionData>, challenge: string) => {
      const form = new FormData();
      form.set("email", "nobody@staff.test");
      form.set("password", "a password");
      if (challenge) {
        form.set(CHALLENGE_FIELD, challenge);
        form.set(PROOF_FIELD, (await solveChallenge(challenge, webcrypto.subtle as SubtleCrypto)) ?? "");
      }
      const context = contextOf(session);
      const result = (await signInAction(form, context, (f) => surgeStep(f, context, session))) as unknown as {
        data: { message?: { key: string } };
        init?: { status?: number };
      };
      return { status: result.init?.status, key: result.data.message?.key };
    };
    for (let i = 0; i < 5; i++) signInSurge(5, KEY).note(Date.now());
    const mine = new Session<StaffSessionData>({}, true);
    const challenge = surgeChallenge(contextOf(mine), mine, Date.now())!;
    expect(challenge).toMatch(/^c1\./);
    expect(await post(mine, "")).toEqual({ status: 429, key: "staffConsole.signIn.checking" });
    expect(await post(new Session<StaffSessionData>({}, true), challenge)).toEqual({ status: 429, key: "staffConsole.signIn.checking" });
    expect(await post(mine, challenge)).toEqual({ status: 401, key: "staffConsole.signIn.invalid" });
    expect(await post(mine, challenge)).toEqual({ status: 429, key: "staffConsole.signIn.checking" });
  });
});
