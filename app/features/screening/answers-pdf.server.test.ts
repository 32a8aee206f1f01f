import { describe, expect, it } from "vitest";
import { Session } from "~/platform/session.server";
import { RegistryUnavailableError } from "~/registry/client.server";
import { translator } from "~/texts/texts.server";
import { initialDraft } from "./draft";
import { answerSummary } from "./answer-summary-model";
import { screeningAnswersDownload, screeningAnswersPdfBody } from "./answers-pdf.server";
import { NOT_INTERESTED_GOAL_TEXT } from "./step-machine";
import { otherStatusStaying } from "./test-answers";
import type { PortalContext } from "~/platform/context";

/** SCR-025: the PDF's questions and answers are the dialog's (SCR-017): numbered, each answer a sentence, in the page's language. */
describe("screening answers as the PDF's body", () => {
  const summary = answerSummary({
    ...initialDraft(),
    ...otherStatusStaying,
    primaryGoal: 6,
    primaryGoalOther: NOT_INTERESTED_GOAL_TEXT,
  });
  if (summary.kind !== "answers") throw new Error("a summary with answers");

  it("English: the dialog's title, categories, numbered questions and sentences", () => {
    expect(screeningAnswersPdfBody(summary, translator("en"), "en")).toEqual({
      lang: "en",
      title: "Screening Results",
      sections: [
        { heading: "Health Status", rows: [["1. What best describes your situation?", "Other. Stage 4."]] },
        {
          heading: "Transplant Center",
          rows: [
            ["2. Are you currently registered with a transplant center?", "Yes."],
            ["3. Which transplant center are you registered with?", "City Hospital."],
            ["4. Willing to transfer your care to another transplant center?", "No."],
          ],
        },
        { heading: "Your Goals", rows: [["5. What best describes your primary goal?", "I am not interested in finding a living donor."]] },
      ],
    });
  });

  it("Spanish: the same answers in the page's language", () => {
    const body = screeningAnswersPdfBody(summary, translator("es"), "es");
    expect(body.lang).toBe("es");
    expect(body.title).toBe("Resultados de la evaluación");
    expect(body.sections[0]).toEqual({ heading: "Estado de salud", rows: [["1. ¿Qué describe mejor su situación?", "Otra. Stage 4."]] });
    expect(body.sections[1]!.rows[0]).toEqual(["2. ¿Está registrado actualmente en un centro de trasplante?", "Sí."]);
  });
});

describe("GET /landing/answers/{screeningId}/pdf (SCR-025)", () => {
  const screening = { ...initialDraft(), id: 41, kidneyStatus: 1, preferredCenter: "" };
  function context(pdf: (...args: unknown[]) => Promise<unknown>) {
    const session = new Session({ token: "t", tokenExpires: new Date(Date.now() + 3_600_000).toISOString(), medicalRecordId: 7, csrf: "c" }, false);
    const passRecord = async () => ({ success: true, results: { medicalRecord: { firstName: "Ana" }, account: null, screeningList: [screening] } });
    const registry = { signInStatus: async () => "valid", passRecord, screeningAnswersPdf: pdf };
    return { session, registry, lang: "es" } as unknown as PortalContext;
  }

  it("the registry's PDF of the patient's screening, as an attachment never cached, from the dialog's texts in the page's language", async () => {
    const sent: unknown[][] = [];
    const bytes = new TextEncoder().encode("%PDF-1.7");
    const response = await screeningAnswersDownload(
      context(async (...args) => {
        sent.push(args);
        return { status: 200, success: true, bytes, contentType: "application/pdf", fileName: "screening-answers.pdf" };
      }),
      "41",
    );
    expect(response.status).toBe(200);
    expect(response.headers.get("Content-Disposition")).toBe('attachment; filename="screening-answers.pdf"');
    expect(response.headers.get("Cache-Control")).toBe("no-store");
    expect(new Uint8Array(await response.arrayBuffer())).toEqual(bytes);
    expect(sent).toEqual([["t", 7, 41, screeningAnswersPdfBody(answerSummary(screening) as never, translator("es"), "es")]]);
  });

  it.each([
    ["the registry out of reach", async () => Promise.reject(new RegistryUnavailableError("down"))],
    ["the registry refusing", async () => ({ status: 403, success: false, bytes: null, message: "forbidden", results: null })],
  ])("%s: back to the dashboard with a message, never a 500", async (_n, pdf) => {
    const c = context(pdf);
    const response = await screeningAnswersDownload(c, "41");
    expect([response.status, response.headers.get("Location")]).toEqual([302, "/landing"]);
    expect(c.session.get("flash")).toEqual([{ kind: "alert", key: "screening.results.downloadFailed" }]);
  });

  it.each([["abc"], ["99"]])("no screening of the patient's (%s): the dashboard, nothing asked of the registry", async (id) => {
    let asked = false;
    const response = await screeningAnswersDownload(
      context(async () => {
        asked = true;
      }),
      id,
    );
    expect(response.headers.get("Location")).toBe("/landing");
    expect(asked).toBe(false);
  });
});
