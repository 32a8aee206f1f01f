import { createHash } from "node:crypto";
import { mkdtempSync, readFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { exportConsent } from "../commands/export-consent";
import { eSignDocument, ESignFieldKey, ESignMessage, ESignReason, eSignResult } from "../contract/e-sign";
import { ImmunoFreeStatus } from "../contract/enums";
import { envelope, RegistryMessage } from "../contract/envelope";
import { ValidationKey } from "../contract/validation-keys";
import { insertIfRegistration } from "../data/if-registrations";
import { testDatabases } from "../db/test-databases";
import { START, useRegistry } from "../testing/harness";
import { HISTORY } from "../testing/medical-histories";
import { itWithPoppler, pdfText } from "../testing/pdf-text";
import { CONSENT_VERSION } from "./e-sign-document";

const UA = "Mozilla/5.0 (X11; Linux x86_64) Chromium/130";

describe.each(testDatabases())("e-sign on $name", (target) => {
  const t = useRegistry(target);

  const document = (token: string, query = "") => t.call("GET", `/api/e-sign/create-pdf${query}`, { token });
  const sign = (
    token: string,
    body: Record<string, unknown>,
    headers: Record<string, string> = { "x-client-address": "203.0.113.7", "x-client-user-agent": UA },
  ) => t.call("POST", "/api/e-sign", { token, body, headers });
  const stage = async (id: number) => {
    const [row] = await t.db.query<{ current_status: number }>("select current_status from if_registrations where medical_record_id = $1", [id]);
    return row?.current_status ?? null;
  };
  const signatures = () => t.db.query<Record<string, unknown>>("select medical_record_id, typed_name from consent_signatures order by id");

  /** A program participant (Ana Lopez, English) at a stage. */
  async function participant(n: number, ifStage: number | null, overrides: Record<string, unknown> = {}) {
    const p = await t.register(n, { preferredLanguage: 1, ...overrides });
    if (ifStage !== null) await insertIfRegistration(t.db, p.medicalRecordId, ifStage, START);
    return p;
  }

  it("create-pdf: the consent personalised with the name and today's date, in English, with the expected signature and hash", async () => {
    const ana = await participant(1, ImmunoFreeStatus.MedicalHistory);
    const a = await document(ana.token);
    expect(a.status).toBe(200);
    const results = envelope(eSignDocument).parse(a.body).results!;
    expect(results).toMatchObject({
      fullName: "Ana Lopez",
      documentVersion: CONSENT_VERSION,
      language: "en",
      documentDate: "2025-03-10",
      signedDateTime: null,
      ifStatus: ImmunoFreeStatus.MedicalHistory,
    });
    expect(results.html).toContain('<article class="consent-document" lang="en">');
    expect(results.html).toContain("<h2>Consent to Take Part in the ImmunoFree Immune-Tolerance Program</h2>");
    expect(results.html).toContain("<dt>Participant</dt><dd>Ana Lopez</dd>");
    expect(results.html).toContain("<dt>Date</dt><dd>March 10, 2025</dd>");
    expect(results.html).toContain("<h3>Your privacy (HIPAA)</h3>");
    expect(results.documentHash).toBe(createHash("sha256").update(results.html, "utf8").digest("hex"));
    // The same document all day; the id in the query must be the token's own.
    t.advance(20 * 60 * 1000);
    expect((await document(ana.token, `?medicalRecordId=${ana.medicalRecordId}`)).body.results.documentHash).toBe(results.documentHash);
  });

  it("create-pdf: Spanish for a Spanish-speaking patient, and every patient value escaped", async () => {
    const p = await participant(1, null, { preferredLanguage: 2, firstName: "<b>María</b>", lastName: `O'Neil & "Sons"` });
    const results = (await document(p.token)).body.results;
    expect(results).toMatchObject({ language: "es", fullName: `<b>María</b> O'Neil & "Sons"`, ifStatus: null });
    expect(results.html).toContain('lang="es"');
    expect(results.html).toContain("<h2>Consentimiento para participar en el programa de tolerancia inmunológica ImmunoFree</h2>");
    expect(results.html).toContain("<dt>Fecha</dt><dd>10 de marzo de 2025</dd>");
    expect(results.html).toContain("<dd>&lt;b&gt;María&lt;/b&gt; O&#39;Neil &amp; &quot;Sons&quot;</dd>");
    expect(results.html).not.toContain("<b>");
  });

  it("create-pdf: only for the token's own record (PLT-013)", async () => {
    const ana = await participant(1, ImmunoFreeStatus.MedicalHistory);
    const ben = await participant(2, ImmunoFreeStatus.MedicalHistory);
    expect(await t.call("GET", "/api/e-sign/create-pdf")).toMatchObject({ status: 401, body: { message: RegistryMessage.tokenNotFound } });
    expect(await document("forged")).toMatchObject({ status: 401, body: { message: RegistryMessage.tokenExpired } });
    expect(await document(ana.token, `?medicalRecordId=${ben.medicalRecordId}`)).toMatchObject({
      status: 403,
      body: { message: RegistryMessage.forbidden },
    });
    expect(await document(ana.token, "?medicalRecordId=x")).toMatchObject({ status: 400 });
    expect(await t.call("POST", "/api/e-sign/create-pdf", { token: ana.token })).toMatchObject({ status: 405 });
  });

  it("signs once after the medical history: typed name checked, everything stored, stage ESign, a second signing refused", async () => {
    const ana = await participant(1, ImmunoFreeStatus.Registration);
    const id = ana.medicalRecordId;
    const shown = (await document(ana.token)).body.results;
    const body = (typedName: string, documentHash = shown.documentHash) => ({ entityTypeId: id, typedName, documentHash });

    // Before the medical history (stage Registration).
    expect(await sign(ana.token, body("Ana Lopez"))).toMatchObject({
      status: 409,
      body: { success: false, message: ESignMessage.medicalHistoryFirst, errors: { form: ESignReason.medicalHistoryFirst } },
    });
    expect((await t.call("POST", `/api/pass/${id}/medical-history`, { token: ana.token, body: HISTORY })).status).toBe(200);
    expect(await stage(id)).toBe(ImmunoFreeStatus.MedicalHistory);

    for (const wrong of ["ana lopez", "Ana LOPEZ", "Ana  Lopez", "AnaLopez", "Ana M Lopez", ""]) {
      expect(await sign(ana.token, body(wrong)), wrong).toMatchObject({
        status: 400,
        body: { success: false, message: ESignMessage.nameMismatch, errors: { typedName: ESignFieldKey.nameMismatch } },
      });
    }
    expect(await sign(ana.token, body("Ana Lopez", "0".repeat(64)))).toMatchObject({
      status: 409,
      body: { errors: { form: ESignReason.documentChanged } },
    });
    expect(await signatures()).toEqual([]);
    expect(await stage(id)).toBe(ImmunoFreeStatus.MedicalHistory);

    t.advance(5 * 60 * 1000);
    const signed = await sign(ana.token, body("  Ana Lopez  "));
    expect(signed.status).toBe(200);
    const signedAt = new Date(START.getTime() + 5 * 60 * 1000);
    expect(envelope(eSignResult).parse(signed.body).results).toEqual({
      signedDateTime: signedAt.toISOString(),
      ifStatus: ImmunoFreeStatus.ESign,
    });
    expect(await stage(id)).toBe(ImmunoFreeStatus.ESign);

    const [row] = await t.db.query<Record<string, unknown>>(
      `select medical_record_id, typed_name, signed_at, client_address, user_agent, document_hash, document_version, language,
              document_html = $2 as same_html from consent_signatures where medical_record_id = $1`,
      [id, shown.html],
    );
    expect(row).toEqual({
      medical_record_id: id,
      typed_name: "Ana Lopez",
      signed_at: signedAt,
      client_address: "203.0.113.7",
      user_agent: UA,
      document_hash: shown.documentHash,
      document_version: CONSENT_VERSION,
      language: "en",
      same_html: true,
    });
    const record = await t.call("GET", `/api/pass/${id}`, { token: ana.token });
    expect(record.body.results.medicalRecord).toMatchObject({
      eSignDateTime: signedAt.toISOString(),
      ifRegistration: { currentStatus: ImmunoFreeStatus.ESign },
    });
    const after = (await document(ana.token)).body.results;
    expect(after).toMatchObject({
      signedDateTime: signedAt.toISOString(),
      documentHash: shown.documentHash,
      html: shown.html,
      ifStatus: ImmunoFreeStatus.ESign,
    });

    expect(await sign(ana.token, body("Ana Lopez"))).toMatchObject({
      status: 409,
      body: { message: ESignMessage.alreadySigned, errors: { form: ESignReason.alreadySigned } },
    });
    expect(await signatures()).toHaveLength(1);
    const audit = await t.db.query<{ action: string; detail: Record<string, unknown> }>(
      "select action, detail from audit_log where action = 'consent.sign'",
    );
    expect(audit).toEqual([{ action: "consent.sign", detail: { consentSignatureId: expect.any(Number), ifStage: ImmunoFreeStatus.ESign } }]);
    // No name, address or health data in the logs.
    expect(JSON.stringify(t.logs)).not.toMatch(/Ana|Lopez|203\.0\.113\.7|Chromium/);
  });

  itWithPoppler("keeps the PDF of the signed document with its signature block; staff export it (ESG-003, ESG-004)", async () => {
    const ana = await participant(1, ImmunoFreeStatus.MedicalHistory, { firstName: "María", lastName: "Núñez" });
    const shown = (await document(ana.token)).body.results;
    expect((await sign(ana.token, { entityTypeId: ana.medicalRecordId, typedName: "María Núñez", documentHash: shown.documentHash })).status).toBe(
      200,
    );
    const dir = mkdtempSync(path.join(os.tmpdir(), "esign-export-"));
    const out = path.join(dir, "consent.pdf");
    const done = await exportConsent(t.db, String(ana.medicalRecordId), out, START);
    expect(done).toMatchObject({ medicalRecordId: ana.medicalRecordId, typedName: "María Núñez", signedAt: START });
    const bytes = readFileSync(out);
    expect(bytes.subarray(0, 5).toString()).toBe("%PDF-");
    expect(done.bytes).toBe(bytes.byteLength);
    const layout = pdfText(bytes);
    const text = layout.replace(/\s+/g, " ");
    expect(text).toContain("Consent to Take Part in the ImmunoFree Immune-Tolerance Program");
    expect(text).toContain("Participant María Núñez");
    expect(text).toContain("Electronic signature");
    expect(text).toContain("Signed by María Núñez");
    expect(text).toContain("Signed on (UTC) 2025-03-10 15:00:00 UTC");
    expect(text).toContain("Document SHA-256");
    // The whole hash on one line, as a verifier copies it (docs/decisions/129).
    expect(shown.documentHash).toMatch(/^[0-9a-f]{64}$/);
    expect(layout.split("\n").filter((line) => /\b[0-9a-f]{64}\b/.test(line) && line.includes(shown.documentHash))).toHaveLength(1);
    expect(text).toContain("IP address 203.0.113.7");
    expect(text).toContain(`Browser ${UA}`);
    // A second export never overwrites a file; unknown ids and unsigned records are refused with a message.
    await expect(exportConsent(t.db, String(ana.medicalRecordId), out, START)).rejects.toThrow(/EEXIST|exists/);
    const ben = await participant(2, ImmunoFreeStatus.MedicalHistory);
    await expect(exportConsent(t.db, String(ben.medicalRecordId), path.join(dir, "ben.pdf"), START)).rejects.toThrow(/has no signed consent/);
    await expect(exportConsent(t.db, "12x", path.join(dir, "x.pdf"), START)).rejects.toThrow(/usage/);
    // The command's row names its operator: the operating-system user and host (docs/decisions/126).
    const [exported] = await t.db.query<{ actor_kind: string; operator: string }>(
      "select actor_kind, operator from audit_log where action = 'consent.export'",
    );
    expect(exported).toEqual({ actor_kind: "operator", operator: expect.stringMatching(/^[^@\s]+@[^@\s]+$/) });
  });

  itWithPoppler(
    "a name in any script prints exactly; a stored right-to-left override is not shown; the typed name is stored as typed (028)",
    async () => {
      const nguyen = await participant(1, ImmunoFreeStatus.MedicalHistory, { firstName: "Nguyễn", lastName: "王小明" });
      const shown = (await document(nguyen.token)).body.results;
      expect(shown.fullName).toBe("Nguyễn 王小明");
      expect(shown.html).toContain("<dt>Participant</dt><dd>Nguyễn 王小明</dd>");
      const signing = { entityTypeId: nguyen.medicalRecordId, typedName: "Nguyễn 王小明", documentHash: shown.documentHash };
      expect((await sign(nguyen.token, signing)).status).toBe(200);

      // A name stored with a right-to-left override (e.g. imported): the document leaves it out, the signature too.
      const ana = await participant(2, ImmunoFreeStatus.MedicalHistory);
      await t.db.query("update medical_records set last_name = $2 where id = $1", [ana.medicalRecordId, "\u202ELopez"]);
      const anaDoc = (await document(ana.token)).body.results;
      expect(anaDoc.fullName).toBe("Ana Lopez");
      expect(anaDoc.html).toContain("<dd>Ana Lopez</dd>");
      expect(anaDoc.html).not.toContain("\u202E");
      const anaSigning = (typedName: string) => ({ entityTypeId: ana.medicalRecordId, typedName, documentHash: anaDoc.documentHash });
      // An override cannot be typed (decision 026); a mark can, is not compared, and is stored as typed.
      expect((await sign(ana.token, anaSigning("Ana \u202ELopez"))).status).toBe(400);
      const typed = "Ana Lopez\u200F";
      expect((await sign(ana.token, anaSigning(typed))).status).toBe(200);
      expect(await signatures()).toEqual([
        { medical_record_id: nguyen.medicalRecordId, typed_name: "Nguyễn 王小明" },
        { medical_record_id: ana.medicalRecordId, typed_name: typed },
      ]);

      const [a, b] = await t.db.query<{ pdf: Uint8Array }>("select pdf from consent_signatures order by id");
      const nguyenText = pdfText(a!.pdf).replace(/[ \t]+/g, " ");
      expect(nguyenText).toContain("Participant Nguyễn 王小明\n");
      expect(nguyenText).toContain("Signed by Nguyễn 王小明\n");
      const anaText = pdfText(b!.pdf).replace(/[ \t]+/g, " ");
      expect(anaText).toContain("Signed by Ana Lopez\n");
      expect(anaText).not.toMatch(/[\u202E\u200F]/);
    },
  );

  // Decision 095: the program's staff arrange the pre-workup lab tests; the portal never orders them.
  itWithPoppler.each([
    {
      lang: 1,
      says: [
        "You have pre-workup laboratory tests (blood and urine) at a laboratory near you. The program's team arranges these tests and contacts you about them; this portal does not order them, and your dashboard shows when the team has recorded them.",
        "The pre-workup laboratory tests arranged by the program's team are provided at no cost to you. You will not be paid for taking part.",
      ],
      never: /ordered through this portal/i,
    },
    {
      lang: 2,
      says: [
        "Usted se hará análisis de laboratorio previos a la evaluación (de sangre y de orina) en un laboratorio cercano. El equipo del programa organiza estos análisis y se comunica con usted sobre ellos; este portal no los solicita, y su panel muestra cuándo el equipo los ha registrado.",
        "Los análisis de laboratorio previos a la evaluación organizados por el equipo del programa no tienen ningún costo para usted. No recibirá ningún pago por participar.",
      ],
      never: /solicitados por medio de este portal/i,
    },
  ])("the consent (page and signed PDF, language $lang) says who arranges the pre-workup lab tests", async ({ lang, says, never }) => {
    const ana = await participant(1, ImmunoFreeStatus.MedicalHistory, { preferredLanguage: lang });
    const shown = (await document(ana.token)).body.results;
    const escaped = (text: string) => text.replace(/'/g, "&#39;");
    for (const text of says) expect(shown.html).toContain(escaped(text));
    expect(shown.html).not.toMatch(never);
    expect(shown.documentVersion).toBe("immunofree-consent-2026-1");
    const signing = { entityTypeId: ana.medicalRecordId, typedName: "Ana Lopez", documentHash: shown.documentHash };
    expect((await sign(ana.token, signing)).status).toBe(200);
    const [row] = await t.db.query<{ pdf: Uint8Array; document_version: string }>("select pdf, document_version from consent_signatures");
    expect(row!.document_version).toBe("immunofree-consent-2026-1");
    const printed = pdfText(row!.pdf).replace(/\s+/g, " ");
    for (const text of says) expect(printed).toContain(text);
    expect(printed).not.toMatch(never);
  });

  it("refuses a patient outside the program (who cannot submit a medical history either)", async () => {
    const ana = await participant(1, null);
    expect((await t.call("POST", `/api/pass/${ana.medicalRecordId}/medical-history`, { token: ana.token, body: HISTORY })).status).toBe(409);
    const shown = (await document(ana.token)).body.results;
    expect(await sign(ana.token, { entityTypeId: ana.medicalRecordId, typedName: "Ana Lopez", documentHash: shown.documentHash })).toMatchObject({
      status: 409,
      body: { message: ESignMessage.notInProgram, errors: { form: ESignReason.notInProgram } },
    });
    expect(await signatures()).toEqual([]);
  });

  it("refuses a document that changed since it was shown: another day, another name", async () => {
    const p = await participant(1, ImmunoFreeStatus.MedicalHistory);
    const yesterday = (await document(p.token)).body.results;
    t.advance(24 * 60 * 60 * 1000);
    const signIn = await t.call("POST", "/authenticate", { body: { email: p.email, password: p.password } });
    const ana = { ...p, token: signIn.body.results.token as string };
    expect(await sign(ana.token, { entityTypeId: ana.medicalRecordId, typedName: "Ana Lopez", documentHash: yesterday.documentHash })).toMatchObject({
      status: 409,
      body: { errors: { form: ESignReason.documentChanged } },
    });
    const today = (await document(ana.token)).body.results;
    expect(today.documentDate).toBe("2025-03-11");
    await t.db.query("update medical_records set first_name = 'Anna' where id = $1", [ana.medicalRecordId]);
    expect(await sign(ana.token, { entityTypeId: ana.medicalRecordId, typedName: "Anna Lopez", documentHash: today.documentHash })).toMatchObject({
      status: 409,
      body: { errors: { form: ESignReason.documentChanged } },
    });
    const renamed = (await document(ana.token)).body.results;
    expect(renamed.fullName).toBe("Anna Lopez");
    expect((await sign(ana.token, { entityTypeId: ana.medicalRecordId, typedName: "Anna Lopez", documentHash: renamed.documentHash })).status).toBe(
      200,
    );
  });

  it("never moves a later stage back, and stores 'unknown' without the client's details", async () => {
    const ana = await participant(1, ImmunoFreeStatus.Preworkuplab);
    const shown = (await document(ana.token)).body.results;
    const signed = await sign(ana.token, { entityTypeId: ana.medicalRecordId, typedName: "Ana Lopez", documentHash: shown.documentHash }, {});
    expect(signed.body.results.ifStatus).toBe(ImmunoFreeStatus.Preworkuplab);
    expect(await stage(ana.medicalRecordId)).toBe(ImmunoFreeStatus.Preworkuplab);
    const [row] = await t.db.query<{ user_agent: string; client_address: string }>("select user_agent, client_address from consent_signatures");
    // The harness sends an address per call unless told; the user agent header was not sent.
    expect(row!.user_agent).toBe("unknown");
    expect(row!.client_address).toMatch(/^198\.18\./);
  });

  it("reaches only the token's own record and refuses malformed bodies (nothing stored)", async () => {
    const ana = await participant(1, ImmunoFreeStatus.MedicalHistory);
    const ben = await participant(2, ImmunoFreeStatus.MedicalHistory);
    const hash = (await document(ana.token)).body.results.documentHash;
    const good = { entityTypeId: ana.medicalRecordId, typedName: "Ana Lopez", documentHash: hash };
    expect(await t.call("POST", "/api/e-sign", { body: good })).toMatchObject({
      status: 401,
      body: { message: RegistryMessage.tokenNotFound },
    });
    expect(await sign(ben.token, good)).toMatchObject({ status: 403, body: { message: RegistryMessage.forbidden } });
    expect(await sign(ana.token, { ...good, entityTypeId: ben.medicalRecordId })).toMatchObject({ status: 403 });
    expect(await sign(ana.token, { ...good, entityTypeId: undefined })).toMatchObject({
      status: 400,
      body: { errors: { entityTypeId: ValidationKey.required } },
    });
    expect(await sign(ana.token, { ...good, entityTypeId: String(ana.medicalRecordId) })).toMatchObject({
      status: 400,
      body: { errors: { entityTypeId: ValidationKey.invalidValue } },
    });
    expect(await sign(ana.token, { ...good, entityTypeId: 0 })).toMatchObject({ status: 400 });
    expect(await sign(ana.token, { ...good, typedName: undefined, documentHash: 7 })).toMatchObject({
      status: 400,
      body: { errors: { typedName: ValidationKey.required, documentHash: ValidationKey.invalidValue } },
    });
    expect(await sign(ana.token, { ...good, typedName: "x".repeat(202) })).toMatchObject({
      status: 400,
      body: { errors: { typedName: ValidationKey.tooLong } },
    });
    expect(await t.call("GET", "/api/e-sign", { token: ana.token })).toMatchObject({ status: 405 });
    expect(await signatures()).toEqual([]);
  });
});
