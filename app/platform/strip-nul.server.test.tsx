import { PassThrough } from "node:stream";
import { renderToPipeableStream } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { PageCollector, stripNul } from "./strip-nul.server";

/** A page whose Spanish text chunks fall across React's 2 KiB buffer at every offset. */
function Page({ lead }: { lead: number }) {
  return (
    <main>
      <p>{"a".repeat(lead)}</p>
      {Array.from({ length: 12 }, (_, i) => (
        <p key={i}>{"Información del paciente – ".repeat(20)}</p>
      ))}
    </main>
  );
}

function render(lead: number): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const sink = new PassThrough();
    const chunks: Buffer[] = [];
    sink.on("data", (c: Buffer) => chunks.push(c));
    sink.on("end", () => resolve(Buffer.concat(chunks)));
    const { pipe } = renderToPipeableStream(<Page lead={lead} />, {
      onAllReady() {
        pipe(sink);
      },
      onError: reject,
    });
  });
}

/** Renders through the collector the portal uses (app/entry.server.tsx). */
function renderCollected(lead: number): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const { pipe } = renderToPipeableStream(<Page lead={lead} />, {
      onAllReady() {
        pipe(new PageCollector(resolve));
      },
      onError: reject,
    });
  });
}

describe("stripNul and the page collector", () => {
  it("React 18.3.1 alone puts NUL bytes in some pages (the bug this works around)", async () => {
    const pages = await Promise.all(Array.from({ length: 4 }, (_, lead) => render(lead)));
    expect(pages.some((page) => page.includes(0))).toBe(true);
  });

  it("no page has a NUL byte once filtered, and the text is intact", async () => {
    for (let lead = 0; lead < 4; lead++) {
      const page = await renderCollected(lead);
      expect(page.includes(0)).toBe(false);
      const html = page.toString("utf8");
      expect(html).not.toContain("\uFFFD");
      expect(html.split("Información del paciente – ").length - 1).toBe(240);
    }
  });

  it("drops NUL bytes anywhere in a buffer and leaves other bytes alone", () => {
    expect(stripNul(Buffer.from([0, 0x61, 0, 0xc3, 0xb1, 0, 0, 0x70])).toString("utf8")).toBe("añp");
    const clean = Buffer.from("plain");
    expect(stripNul(clean)).toBe(clean);
  });
});
