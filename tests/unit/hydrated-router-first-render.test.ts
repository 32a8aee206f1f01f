import { afterAll, describe, expect, it } from "vitest";

/**
 * app/enhance/document-hydration.tsx waits for the promise React Router's <HydratedRouter> throws on its first
 * render (the decoding of the page's data) before it hydrates, because Preact cannot resume a hydration that
 * suspended at the document (docs/decisions/118). This keeps the installed react-router honest about that.
 */
describe("<HydratedRouter>'s first render (decision 118)", () => {
  const held = globalThis as { window?: unknown };
  afterAll(() => {
    delete held.window;
  });

  it("throws the promise of the page's data, before any hook runs", async () => {
    held.window = {
      __reactRouterContext: { stream: new ReadableStream({ start: (c) => c.close() }), future: {}, basename: "/" },
      __reactRouterManifest: { routes: {} },
      __reactRouterRouteModules: {},
    };
    const { HydratedRouter } = await import("react-router/dom");
    let thrown: unknown;
    try {
      HydratedRouter({});
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toBeInstanceOf(Promise);
    // It settles (here with a decoding error, as the stream is empty), so the hydration after it is not left waiting.
    await expect(thrown).resolves.toBeUndefined();
  });
});
