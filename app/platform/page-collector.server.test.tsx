import { PassThrough } from "node:stream";
import { renderToPipeableStream } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { PageCollector } from "./page-collector.server";

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

describe("the page collector", () => {
  // React 18.3.1 wrote the unused tail of its 2 KiB buffer when a multi-byte character fell on its edge (NUL bytes in
  // the page, facebook/react#31134); the portal filtered them out until React 19, which does not (decision 119).
  it("React alone puts no NUL byte in a page whose multi-byte characters fall on its buffer's edge", async () => {
    const pages = await Promise.all(Array.from({ length: 4 }, (_, lead) => render(lead)));
    expect(pages.filter((page) => page.includes(0))).toEqual([]);
  });

  it("hands over the whole page as one buffer, its text intact", async () => {
    for (let lead = 0; lead < 4; lead++) {
      const page = await renderCollected(lead);
      expect(page.includes(0)).toBe(false);
      const html = page.toString("utf8");
      expect(html).not.toContain("\uFFFD");
      expect(html.split("Información del paciente – ").length - 1).toBe(240);
      expect(page.equals(await render(lead))).toBe(true);
    }
  });
});
