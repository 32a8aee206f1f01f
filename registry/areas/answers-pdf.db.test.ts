import { describe, expect, it } from "vitest";
import type { AnswersPdfBody } from "../contract/answers-pdf";
import { testDatabases } from "../db/test-databases";
import { START, useRegistry } from "../testing/harness";
import { itWithPoppler, pdfInfo, pdfReadingText, pdfText } from "../testing/pdf-text";
import { patientWithScreening } from "./labs-fixtures";

/** The patient's answers as a PDF (SCR-025, MHX-010; docs/decisions/113), through the HTTP handler. */

const SCREENING: AnswersPdfBody = {
  lang: "en",
  title: "Screening Results",
  sections: [
    { heading: "Health Status", rows: [["1. What best describes your situation?", "I am on dialysis now."]] },
    { heading: "Your Goals", rows: [["2. What best describes your primary goal?", "Other. Learn about ImmunoFree."]] },
  ],
};

const HISTORY: AnswersPdfBody = {
  lang: "es",
  title: "Sus respuestas del historial médico",
  sections: [
    {
      heading: "",
      columns: ["Pregunta", "Respuesta"],
      rows: [
        ["¿Ha recibido un trasplante de riñón?", "Sí"],
        ["¿Qué medicamentos contra el rechazo toma?", "Tacrolimus 2 mg, dos veces al día"],
      ],
    },
  ],
};

describe.each(testDatabases())("answers as a PDF on $name", (target) => {
  const t = useRegistry(target);

  async function post(path: string, token: string | null, body: unknown) {
    const headers = new Headers({ "content-type": "application/json" });
    if (token) headers.set("authorization", `Bearer ${token}`);
    const response = await t.handler(new Request(`http://registry.test${path}`, { method: "POST", headers, body: JSON.stringify(body) }));
    const bytes = new Uint8Array(await response.arrayBuffer());
    return { status: response.status, headers: response.headers, bytes, text: () => pdfReadingText(bytes) };
  }
  const audited = async (id: number) =>
    (
      await t.db.query<{ detail: Record<string, unknown> }>(
        "select detail from audit_log where action = 'answers.download' and medical_record_id = $1",
        [id],
      )
    ).map((r) => r.detail);

  itWithPoppler("SCR-025: the own screening's answers as a tagged PDF attachment with the patient's name and the day, not cached", async () => {
    const p = await patientWithScreening(t, 1);
    const a = await post(`/api/pass/${p.medicalRecordId}/screening/${p.screeningId}/answers-pdf`, p.token, SCREENING);
    expect(a.status).toBe(200);
    expect(a.headers.get("content-type")).toBe("application/pdf");
    expect(a.headers.get("content-disposition")).toBe('attachment; filename="screening-answers.pdf"');
    expect(a.headers.get("cache-control")).toBe("no-store");
    const text = a.text();
    for (const expected of [
      "Screening Results",
      "Patient Ana Lopez",
      `Date ${START.toLocaleDateString("en-US", { year: "numeric", month: "long", day: "numeric", timeZone: "UTC" })}`,
      "Health Status",
      "1. What best describes your situation?",
      "I am on dialysis now.",
      "2. What best describes your primary goal?",
      "Other. Learn about ImmunoFree.",
    ]) {
      expect(text).toContain(expected);
    }
    expect(pdfInfo(a.bytes)).toMatch(/^Tagged:\s+yes$/m);
    expect(await audited(p.medicalRecordId)).toEqual([{ kind: "screening", screeningId: p.screeningId }]);
  });

  itWithPoppler("MHX-010: the medical history review's answers, in Spanish, as a table", async () => {
    const p = await t.register(1);
    const a = await post(`/api/pass/${p.medicalRecordId}/medical-history/answers-pdf`, p.token, HISTORY);
    expect(a.status).toBe(200);
    expect(a.headers.get("content-disposition")).toBe('attachment; filename="medical-history-answers.pdf"');
    expect(a.headers.get("cache-control")).toBe("no-store");
    const text = a.text();
    for (const expected of [
      "Sus respuestas del historial médico",
      "Paciente Ana Lopez",
      "Fecha",
      "Pregunta Respuesta",
      "¿Ha recibido un trasplante de riñón? Sí",
      "Tacrolimus 2 mg, dos veces al día",
    ]) {
      expect(text).toContain(expected);
    }
    expect(pdfText(a.bytes)).toContain("página 1 de 1");
    expect(pdfInfo(a.bytes)).toMatch(/^Tagged:\s+yes$/m);
    expect(await audited(p.medicalRecordId)).toEqual([{ kind: "medical-history" }]);
  });

  it("own record only: another patient's record or screening 403, no token 401, nothing made", async () => {
    const ana = await patientWithScreening(t, 1);
    const other = await patientWithScreening(t, 2);
    // Another patient's record, with that patient's screening.
    expect((await post(`/api/pass/${ana.medicalRecordId}/screening/${ana.screeningId}/answers-pdf`, other.token, SCREENING)).status).toBe(403);
    expect((await post(`/api/pass/${ana.medicalRecordId}/medical-history/answers-pdf`, other.token, HISTORY)).status).toBe(403);
    // The own record, with another patient's screening.
    expect((await post(`/api/pass/${other.medicalRecordId}/screening/${ana.screeningId}/answers-pdf`, other.token, SCREENING)).status).toBe(403);
    expect((await post(`/api/pass/${ana.medicalRecordId}/screening/${ana.screeningId}/answers-pdf`, null, SCREENING)).status).toBe(401);
    expect((await post(`/api/pass/${ana.medicalRecordId}/medical-history/answers-pdf`, null, HISTORY)).status).toBe(401);
    expect(await audited(ana.medicalRecordId)).toEqual([]);
    expect(await audited(other.medicalRecordId)).toEqual([]);
  });

  it("a bad or unknown screening id 400/404, a body without answers 400", async () => {
    const p = await patientWithScreening(t, 1);
    const path = (screening: string) => `/api/pass/${p.medicalRecordId}/screening/${screening}/answers-pdf`;
    expect((await post(path("abc"), p.token, SCREENING)).status).toBe(400);
    expect((await post(path("0"), p.token, SCREENING)).status).toBe(400);
    expect((await post(path(String(p.screeningId + 1000)), p.token, SCREENING)).status).toBe(404);
    expect((await post(`/api/pass/abc/medical-history/answers-pdf`, p.token, HISTORY)).status).toBe(400);
    for (const body of [{ ...SCREENING, sections: [] }, { ...SCREENING, lang: "fr" }, { ...HISTORY, sections: [{ heading: "x", rows: [] }] }, {}]) {
      const a = await post(path(String(p.screeningId)), p.token, body);
      expect(a.status).toBe(400);
      expect(new TextDecoder().decode(a.bytes.subarray(0, 5))).not.toBe("%PDF-");
    }
    expect(await audited(p.medicalRecordId)).toEqual([]);
  });
});
