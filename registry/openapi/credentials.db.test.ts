import { describe, expect, it } from "vitest";
import { testDatabases } from "../db/test-databases";
import { registryDocument } from "../routes";
import { TEST_SETTINGS, useRegistry } from "../testing/harness";

type Operation = { security?: Record<string, string[]>[] };

/** Each call the document says needs a credential (some, and no `{}` alternative, in its security), with its path filled in. */
function guardedCalls(): { method: string; path: string; schemes: string[] }[] {
  return Object.entries(registryDocument().paths ?? {}).flatMap(([path, item]) =>
    Object.entries(item as Record<string, Operation>)
      .filter(([, op]) => op.security?.length && !op.security.some((alternative) => Object.keys(alternative).length === 0))
      .map(([method, op]) => ({
        method: method.toUpperCase(),
        path: path.replace(/\{requisition\}/, "ACDE3467").replace(/\{\w+\}/g, "1"),
        schemes: op.security!.flatMap((alternative) => Object.keys(alternative)),
      })),
  );
}

describe.each(testDatabases())("the document's credentials on $name", (target) => {
  // The shared-key calls on, as the document describes them; off they answer 410 to everyone (docs/decisions/133).
  const t = useRegistry(target, { ...TEST_SETTINGS, staffSharedKeys: true });

  it("every call it says needs a token or a staff key refuses one without it: 401, before anything else", async () => {
    const calls = guardedCalls();
    expect(calls.length).toBeGreaterThan(30);
    expect(new Set(calls.flatMap((c) => c.schemes))).toEqual(
      new Set(["patientToken", "staffToken", "labStaffKey", "centerStaffKey", "programStaffKey"]),
    );
    for (const call of calls) {
      const answer = await t.call(call.method, call.path, call.method === "GET" ? {} : { body: {} });
      expect(`${call.method} ${call.path}: ${answer.status}`).toBe(`${call.method} ${call.path}: 401`);
    }
  });
});
