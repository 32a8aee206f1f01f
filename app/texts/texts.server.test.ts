import type { LoaderFunctionArgs } from "@remix-run/node";
import { data, redirect } from "@remix-run/node";
import { describe, expect, it } from "vitest";
import en from "~/locales/en/index";
import es from "~/locales/es/index";
import { mergeTexts, translate } from "./texts";
import { textsFor, textsForKeys, translator, withTexts } from "./texts.server";

const args = (lang: "en" | "es") => ({ context: { lang } }) as unknown as LoaderFunctionArgs;

describe("texts", () => {
  it("translates a dotted key with its {{placeholders}}, and answers the key itself when the slice lacks it", () => {
    const texts = textsFor("es", ["header"]);
    expect(translate(texts, "header.welcome", { name: "Rosa" })).toBe(es.header.welcome.replace("{{name}}", "Rosa"));
    expect(translate(texts, "landing.title")).toBe("landing.title");
    expect(translate(texts, "header")).toBe("header");
    expect(translate({ a: { b: "{{x}} and {{ y }}" } }, "a.b", { x: 1 })).toBe("1 and ");
  });

  it("the server's translator has every text of the language", () => {
    expect(translator("en")("footer.copyright", { year: 2026 })).toBe(en.footer.copyright.replace("{{year}}", "2026"));
    expect(translator("es")("landing.title")).toBe(es.landing.title);
  });

  it("single keys make a partial slice that merges into a section without losing its other texts", () => {
    const flash = textsForKeys("es", ["session.signedOut", "no.such.key"]);
    expect(flash).toEqual({ session: { signedOut: es.session.signedOut } });
    const merged = mergeTexts([textsFor("es", ["common"]), flash, textsFor("es", ["session"])]);
    expect(translate(merged, "session.timedOut")).toBe(es.session.timedOut);
    expect(translate(merged, "session.signedOut")).toBe(es.session.signedOut);
    expect(translate(merged, "common.continue")).toBe(es.common.continue);
  });

  it("withTexts adds the sections in the request's language to the data and lets responses through", async () => {
    const loader = withTexts(["landing"], ({ context }: LoaderFunctionArgs) => (context.lang === "es" ? redirect("/x") : { n: 1 }));
    const data = (await loader(args("en"))) as { n: number; texts: unknown };
    expect(data.n).toBe(1);
    expect(data.texts).toEqual({ landing: en.landing });
    expect(await loader(args("es"))).toBeInstanceOf(Response);
    const spanish = withTexts(["landing"], () => ({}));
    expect(((await spanish(args("es"))) as { texts: unknown }).texts).toEqual({ landing: es.landing });
  });

  it("withTexts puts the texts inside a data() answer and keeps its status (a 404 page still has its texts)", async () => {
    const loader = withTexts(["labPages"], () => data({ screeningId: null }, { status: 404 }));
    const answer = (await loader(args("en"))) as unknown as { type: string; data: { screeningId: null; texts: unknown }; init: ResponseInit };
    expect(answer.type).toBe("DataWithResponseInit");
    expect(answer.init.status).toBe(404);
    expect(answer.data).toEqual({ screeningId: null, texts: { labPages: en.labPages } });
  });
});
