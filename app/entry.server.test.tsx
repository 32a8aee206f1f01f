import { Suspense } from "react";
import type { EntryContext } from "react-router";
import { afterEach, describe, expect, it, vi } from "vitest";
import { routerContextFor, type PortalContext } from "~/platform/context";

/** What the mocked ServerRouter renders: a page that never finishes, or one whose streamed part fails. */
let page: "never" | "cutOff" = "never";

function StreamedPart(): never {
  // What React Router's streamed loader data does when its 4.95 s limit passes before the page reads it.
  throw new Error("Server Timeout");
}

vi.mock("react-router", async (original) => ({
  ...(await original<typeof import("react-router")>()),
  ServerRouter: () => {
    if (page === "never") throw new Promise(() => {});
    return (
      <main>
        <h1>Dashboard</h1>
        <Suspense fallback={null}>
          <StreamedPart />
        </Suspense>
      </main>
    );
  },
}));

const { default: handleRequest } = await import("./entry.server");

function render(url: string, lang: "en" | "es") {
  const lines: Record<string, unknown>[] = [];
  const context = { nonce: "n", lang, basePath: "/portal/", log: (line: Record<string, unknown>) => lines.push(line) };
  const answer = handleRequest(
    new Request(url),
    200,
    new Headers(),
    { staticHandlerContext: { actionData: null } } as unknown as EntryContext,
    routerContextFor(context as unknown as PortalContext),
  );
  return { answer, lines };
}

describe("a page that cannot be built whole in time (docs/decisions/086)", () => {
  afterEach(() => vi.useRealTimers());

  it("past the deadline: 503 with Retry-After and the short 'very busy' page, never a half page, and one log line without the query", async () => {
    page = "never";
    vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout"] });
    const { answer, lines } = render("http://portal.test/portal/landing?h=secret-token", "es");
    await vi.advanceTimersByTimeAsync(5_000);
    const response = await answer;
    expect(response.status).toBe(503);
    expect(response.headers.get("Retry-After")).toBe("2");
    expect(response.headers.get("Content-Type")).toBe("text/html; charset=utf-8");
    const html = await response.text();
    expect(html).toContain("<h1>Mucho tráfico en este momento</h1>");
    expect(html).toContain('<a href="/portal/">');
    expect(lines).toEqual([{ level: "error", msg: "render aborted", method: "GET", path: "/portal/landing", afterMs: 5_000 }]);
    expect(JSON.stringify(lines)).not.toContain("secret-token");
  });

  it("a part of the page cut off (React Router's streamed data past its limit): the same 503 page, not a half page with 500", async () => {
    page = "cutOff";
    const { answer, lines } = render("http://portal.test/portal/landing", "en");
    const response = await answer;
    expect(response.status).toBe(503);
    const html = await response.text();
    expect(html).toContain("<h1>Very busy just now</h1>");
    expect(html).not.toContain("Dashboard");
    expect(lines).toEqual([
      { level: "error", msg: "render aborted", method: "GET", path: "/portal/landing", error: "Error", message: "Server Timeout" },
    ]);
  });
});
