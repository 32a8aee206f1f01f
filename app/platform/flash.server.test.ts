import { describe, expect, it } from "vitest";
import { addFlash } from "./auth.server";
import { settleFlash, takeFlash } from "./flash.server";
import { createSessionStore } from "./session.server";

const store = createSessionStore({ secret: "a-test-secret-that-is-long-enough-000000", path: "/" });

describe("flash messages leave the session only with the page that shows them (docs/decisions/040)", () => {
  it("a page (200, or a form coming back with 400) shows them once: the next page has none", () => {
    for (const status of [200, 400]) {
      const s = store.read(undefined);
      addFlash(s, { kind: "status", key: "session.timedOut" });
      expect(takeFlash(s)).toEqual([{ kind: "status", key: "session.timedOut" }]);
      settleFlash(s, status);
      expect(s.get("flash")).toBeUndefined();
      expect(s.changed).toBe(true);
    }
  });

  it("a redirect instead of the page (302, or 202 for single fetch) keeps them for the page it leads to", () => {
    for (const status of [302, 202]) {
      const s = store.read(undefined);
      addFlash(s, { kind: "status", key: "session.timedOut" });
      takeFlash(s);
      settleFlash(s, status);
      expect(s.get("flash")).toEqual([{ kind: "status", key: "session.timedOut" }]);
    }
  });

  it("a message queued after the page took its messages waits for the next page", () => {
    const s = store.read(undefined);
    addFlash(s, { kind: "status", key: "confirm.newCodeSent" });
    takeFlash(s);
    addFlash(s, { kind: "status", key: "session.ended" });
    settleFlash(s, 200);
    expect(s.get("flash")).toEqual([{ kind: "status", key: "session.ended" }]);
  });

  it("a request whose page did not read the messages leaves them alone", () => {
    const s = store.read(undefined);
    addFlash(s, { kind: "alert", key: "confirm.noPendingCode" });
    settleFlash(s, 200);
    expect(s.get("flash")).toEqual([{ kind: "alert", key: "confirm.noPendingCode" }]);
  });
});
