import { data, redirect, type LoaderFunctionArgs } from "react-router";
import { portalContext, routerContextFor, type PortalContext } from "~/platform/context";
import { describe, expect, it } from "vitest";
import en from "~/locales/en/index";
import es from "~/locales/es/index";
import { PAGE_KEYS } from "./page-keys.generated";
import { mergeTexts, translate } from "./texts";
import { textsFor, textsForKeys, textsJsonFor, translator, withTexts } from "./texts.server";

const args = (lang: "en" | "es") => ({ context: routerContextFor({ lang } as PortalContext) }) as unknown as LoaderFunctionArgs;

describe("texts", () => {
  it("translates a dotted key with its {{placeholders}}, and answers the key itself when the slice lacks it", () => {
    const texts = textsForKeys("es", ["header.welcome"]);
    expect(translate(texts, "header.welcome", { name: "Rosa" })).toBe(es.header.welcome.replace("{{name}}", "Rosa"));
    expect(translate(texts, "landing.title")).toBe("landing.title");
    expect(translate(texts, "header")).toBe("header");
    expect(translate({ a: { b: "{{x}} and {{ y }}" } }, "a.b", { x: 1 })).toBe("1 and ");
  });

  it("the server's translator has every text of the language", () => {
    expect(translator("en")("footer.copyright", { year: 2026 })).toBe(en.footer.copyright.replace("{{year}}", "2026"));
    expect(translator("es")("landing.title")).toBe(es.landing.title);
  });

  it("a slice holds the texts named, whole subtrees and every text under a prefix, and nothing else", () => {
    const slice = textsForKeys("es", ["session.signedOut", "labPages.tests", "medical.questions.*", "language.e*", "no.such.key"]);
    expect(slice).toEqual({
      session: { signedOut: es.session.signedOut },
      labPages: { tests: es.labPages.tests },
      medical: { questions: es.medical.questions },
      language: { en: es.language.en, es: es.language.es },
    });
    // The slice is a copy: the locale's objects are never changed by a later merge.
    expect(slice.labPages).not.toBe(es.labPages);
  });

  it("single keys make a partial slice that merges into another without losing its other texts", () => {
    const flash = textsForKeys("es", ["session.signedOut"]);
    const merged = mergeTexts([textsForKeys("es", ["common.continue", "session.timedOut"]), flash]);
    expect(translate(merged, "session.timedOut")).toBe(es.session.timedOut);
    expect(translate(merged, "session.signedOut")).toBe(es.session.signedOut);
    expect(translate(merged, "common.continue")).toBe(es.common.continue);
  });

  it("a page's texts are its listed keys, made once per language and page", () => {
    expect(textsFor("es", "register")).toBe(textsFor("es", "register"));
    expect(textsFor("es", "register")).toEqual(textsForKeys("es", PAGE_KEYS.register));
    expect(translate(textsFor("es", "register"), "register.title")).toBe(es.register.title);
    expect(translate(textsFor("en", "root"), "footer.siteMap")).toBe(en.footer.siteMap);
    // Another page's texts are not sent.
    expect(translate(textsFor("en", "register"), "selectCenter.sameCenter")).toBe("selectCenter.sameCenter");
  });

  it("withTexts adds the page's texts in the request's language to the data and lets responses through", async () => {
    const loader = withTexts("dev.outbox", ({ context }: LoaderFunctionArgs) =>
      context.get(portalContext).lang === "es" ? redirect("/x") : { n: 1 },
    );
    const data = (await loader(args("en"))) as { n: number; texts: string };
    expect(data.n).toBe(1);
    // One JSON string, made once per language and page (decision 079).
    expect(data.texts).toBe(textsJsonFor("en", "dev.outbox"));
    expect(JSON.parse(data.texts)).toEqual(textsFor("en", "dev.outbox"));
    expect(translate(JSON.parse(data.texts), "outbox.title")).toBe(en.outbox.title);
    expect(await loader(args("es"))).toBeInstanceOf(Response);
    const spanish = withTexts("dev.outbox", () => ({}));
    expect(translate(JSON.parse(((await spanish(args("es"))) as { texts: string }).texts), "outbox.title")).toBe(es.outbox.title);
  });

  it("withTexts puts the texts inside a data() answer and keeps its status (a 404 page still has its texts)", async () => {
    const loader = withTexts("_private.lab-tests.$screeningId", () => data({ screeningId: null }, { status: 404 }));
    const answer = (await loader(args("en"))) as unknown as { type: string; data: { screeningId: null; texts: string }; init: ResponseInit };
    expect(answer.type).toBe("DataWithResponseInit");
    expect(answer.init.status).toBe(404);
    expect(answer.data).toEqual({ screeningId: null, texts: textsJsonFor("en", "_private.lab-tests.$screeningId") });
    expect(translate(JSON.parse(answer.data.texts), "labPages.tests.heading")).toBe(en.labPages.tests.heading);
  });
});
