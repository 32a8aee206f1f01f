import { describe, expect, it, vi } from "vitest";
import type { PortalContext } from "./context";

describe("the portal's context in React Router's (docs/decisions/125)", () => {
  it("a second copy of the module (server.ts's bundle beside the app's server build) reads what the first put in", async () => {
    const first = await import("./context");
    vi.resetModules();
    const second = await import("./context");
    expect(second).not.toBe(first);
    const portal = { lang: "es" } as PortalContext;
    expect(second.routerContextFor(portal).get(first.portalContext)).toBe(portal);
    expect(first.routerContextFor(portal).get(second.portalContext)).toBe(portal);
  });
});
