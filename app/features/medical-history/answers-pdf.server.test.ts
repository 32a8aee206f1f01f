import { describe, expect, it } from "vitest";
import { Session } from "~/platform/session.server";
import { RegistryUnavailableError } from "~/registry/client.server";
import { translator } from "~/texts/texts.server";
import { medicalHistoryAnswersDownload, medicalHistoryAnswersPdfBody } from "./answers-pdf.server";
import { REVIEW } from "./questions";
import { reviewRows } from "./review";
import { complete } from "./test-answers";
import type { PortalContext } from "~/platform/context";

/** MHX-010: the PDF's rows are the review table's (MHX-004): its headers, and answers as the table writes them. */
describe("medical history answers as the PDF's body", () => {
  it("English: caption, column headings, every row; dates and weight as the table writes them", () => {
    const body = medicalHistoryAnswersPdfBody(reviewRows({ ...complete, weight: "165.5" }), translator("en"), "en");
    expect(body.lang).toBe("en");
    expect(body.title).toBe("Your medical history answers");
    expect(body.sections).toHaveLength(1);
    const [section] = body.sections;
    expect(section!.columns).toEqual(["Question", "Answer"]);
    expect(section!.rows).toHaveLength(reviewRows(complete).length);
    expect(section!.rows).toEqual(
      expect.arrayContaining([
        ["Kidney transplant received", "Yes"],
        ["Date of most recent kidney transplant", "March 27, 2019"],
        ["Date of birth", "April 12, 1961"],
        ["Weight", "165.5 lb"],
        ["Height", "5 ft 7 in"],
      ]),
    );
  });

  it("Spanish: the review's words, the date and the decimal comma of the page's language", () => {
    const body = medicalHistoryAnswersPdfBody(reviewRows({ ...complete, weight: "165.5" }), translator("es"), "es");
    expect(body.sections[0]!.columns).toEqual(["Pregunta", "Respuesta"]);
    expect(body.sections[0]!.rows).toEqual(
      expect.arrayContaining([
        ["Fecha de nacimiento", "12 de abril de 1961"],
        ["Peso", "165,5 libras"],
        ["Medicamentos contra el rechazo", "Tacrolimus 2 mg"],
      ]),
    );
  });
});

describe("GET /medical-history/review/pdf (MHX-010)", () => {
  function context(pdf: (...args: unknown[]) => Promise<unknown>, answers = complete) {
    const session = new Session(
      {
        token: "t",
        tokenExpires: new Date(Date.now() + 3_600_000).toISOString(),
        medicalRecordId: 7,
        csrf: "c",
        medicalHistoryDraft: { owner: 7, answers, furthest: REVIEW },
      },
      false,
    );
    const down = async () => Promise.reject(new RegistryUnavailableError("down"));
    const registry = { signInStatus: async () => "valid", passRecord: down, latestMedicalHistory: down, medicalHistoryAnswersPdf: pdf };
    return { session, registry, lang: "en" } as unknown as PortalContext;
  }

  it("the registry's PDF of the review's rows, as an attachment never cached", async () => {
    const sent: unknown[][] = [];
    const bytes = new TextEncoder().encode("%PDF-1.7");
    const response = await medicalHistoryAnswersDownload(
      context(async (...args) => {
        sent.push(args);
        return { status: 200, success: true, bytes, contentType: "application/pdf", fileName: "medical-history-answers.pdf" };
      }),
    );
    expect(response.status).toBe(200);
    expect(response.headers.get("Content-Disposition")).toBe('attachment; filename="medical-history-answers.pdf"');
    expect(response.headers.get("Cache-Control")).toBe("no-store");
    expect(sent).toEqual([["t", 7, medicalHistoryAnswersPdfBody(reviewRows(complete), translator("en"), "en")]]);
  });

  it.each([
    ["the registry out of reach", async () => Promise.reject(new RegistryUnavailableError("down"))],
    ["the registry refusing", async () => ({ status: 400, success: false, bytes: null, message: "bad", results: null })],
  ])("%s: back to the review with a message, never a 500", async (_n, pdf) => {
    const c = context(pdf);
    const response = await medicalHistoryAnswersDownload(c);
    expect([response.status, response.headers.get("Location")]).toEqual([302, "/medical-history/review"]);
    expect(c.session.get("flash")).toEqual([{ kind: "alert", key: "medical.review.downloadFailed" }]);
  });

  it("answers not complete: the question still to answer, nothing asked of the registry", async () => {
    let asked = false;
    const response = await medicalHistoryAnswersDownload(
      context(
        async () => {
          asked = true;
        },
        { ...complete, hasAllergies: undefined } as never,
      ),
    );
    expect(response.headers.get("Location")).toMatch(/^\/medical-history\/(?!review)/);
    expect(asked).toBe(false);
  });
});
