import { describe, expect, it } from "vitest";
import { createRegistryClient, RegistryUnavailableError, SessionExpiredError } from "./client.server";
import { ESignFieldKey, ESignReason } from "../../registry/contract/e-sign";
import { ImmunoFreeStatus } from "../../registry/contract/enums";
import { MedicalHistoryKey, type MedicalHistoryBody } from "../../registry/contract/medical-history";
import { insertIfRegistration } from "../../registry/data/if-registrations";
import { testDatabases } from "../../registry/db/test-databases";
import { START, useRegistry } from "../../registry/testing/harness";
import { HISTORY as VALID_HISTORY } from "../../registry/testing/medical-histories";

const HISTORY: MedicalHistoryBody = {
  ...VALID_HISTORY,
  receivedKidneyTransplant: true,
  lastKidneyTxpDate: "2016-09-30",
  addlMedicines: "Mycophenolate",
  heightInches: 4,
  weight: 132.4,
  hasPulmonaryIssues: true,
  hasAllergies: true,
  medicalConditionComments: "Penicillin allergy",
};

/** The portal's one registry client (app/registry/client.server.ts) over the real handler: the new calls end to end. */
describe.each(testDatabases())("registry client: medical history and e-sign on $name", (target) => {
  const t = useRegistry(target);

  it("saves and reads the medical history, gets the consent and signs it with the browser's address and user agent", async () => {
    const client = createRegistryClient({ baseUrl: "http://registry.test", fetch: (request) => t.handler(request) });
    const ana = await t.register(1, { preferredLanguage: 1 });
    const id = ana.medicalRecordId;
    await insertIfRegistration(t.db, id, ImmunoFreeStatus.Registration, START);

    expect(await client.latestMedicalHistory(ana.token, id)).toMatchObject({ status: 200, success: true, results: null });
    const refused = await client.saveMedicalHistory(ana.token, id, { ...HISTORY, heightInches: 12 });
    expect(refused).toMatchObject({ status: 400, success: false, errors: { heightInches: MedicalHistoryKey.heightInchesRange } });
    const saved = await client.saveMedicalHistory(ana.token, id, HISTORY);
    expect(saved).toMatchObject({ status: 200, success: true, results: { ...HISTORY, submittedDateTime: START.toISOString() } });
    expect((await client.latestMedicalHistory(ana.token, id)).results).toEqual(saved.results);

    const doc = await client.eSignDocument(ana.token, id);
    expect(doc).toMatchObject({
      status: 200,
      results: { fullName: "Ana Lopez", language: "en", signedDateTime: null, ifStatus: ImmunoFreeStatus.MedicalHistory },
    });
    const documentHash = doc.results!.documentHash;
    const browser = { clientAddress: "198.51.100.23", userAgent: "Mozilla/5.0 (Test) Firefox/128" };

    expect(await client.eSign(ana.token, id, { typedName: "ana lopez", documentHash }, browser)).toMatchObject({
      status: 400,
      errors: { typedName: ESignFieldKey.nameMismatch },
    });
    const signed = await client.eSign(ana.token, id, { typedName: "Ana Lopez", documentHash }, browser);
    expect(signed).toEqual({
      status: 200,
      success: true,
      message: null,
      results: { signedDateTime: START.toISOString(), ifStatus: ImmunoFreeStatus.ESign },
    });
    expect(await client.eSign(ana.token, id, { typedName: "Ana Lopez", documentHash }, browser)).toMatchObject({
      status: 409,
      errors: { form: ESignReason.alreadySigned },
    });
    const [row] = await t.db.query("select client_address, user_agent from consent_signatures where medical_record_id = $1", [id]);
    expect(row).toEqual({ client_address: browser.clientAddress, user_agent: browser.userAgent });

    const record = await client.passRecord(id, ana.token);
    expect(record.results!.medicalRecord).toMatchObject({
      medicalHistoryDateTime: START.toISOString(),
      eSignDateTime: START.toISOString(),
      ifRegistration: { currentStatus: ImmunoFreeStatus.ESign },
    });

    await expect(client.eSignDocument("forged", id)).rejects.toBeInstanceOf(SessionExpiredError);
    const down = createRegistryClient({
      baseUrl: "http://registry.test",
      fetch: async () => {
        throw new TypeError("fetch failed");
      },
    });
    await expect(down.saveMedicalHistory(ana.token, id, HISTORY)).rejects.toBeInstanceOf(RegistryUnavailableError);
  });
});
