import { describe, expect, it } from "vitest";
import { AccountMessage, addressPromptAnswer, UPDATE_MEDICAL_RECORD_FIELDS } from "../contract/accounts";
import { RegistryMessage } from "../contract/envelope";
import { testDatabases } from "../db/test-databases";
import { useRegistry, validRegistration } from "../testing/harness";

const CA = 5;

describe.each(testDatabases())("address validation against the ZIP data (ACC-007, ACC-008) on $name", (target) => {
  const t = useRegistry(target);
  const prompt = (addressValidation: unknown) => ({ success: false, results: null, message: AccountMessage.addressNotValidated, addressValidation });

  describe("POST /register", () => {
    it("a ZIP of another state: recommends the ZIP's state, stores nothing", async () => {
      const a = await t.call("POST", "/register", { body: validRegistration(1, { usState: CA }) });
      expect(a.status).toBe(200);
      expect(addressPromptAnswer.parse(a.body)).toEqual(
        prompt({ address1: "12 Main Street", address2: "Apt 3", city: "Springfield", state: "IL", zip5: "62701" }),
      );
      expect(await t.count("medical_records")).toBe(0);
    });

    it("an unknown ZIP: addressValidation null", async () => {
      const a = await t.call("POST", "/register", { body: validRegistration(1, { postalCode: "00000" }) });
      expect(a.status).toBe(200);
      expect(a.body).toEqual(prompt(null));
      expect(await t.count("medical_records")).toBe(0);
    });

    it("another city: recommends the ZIP's city", async () => {
      const a = await t.call("POST", "/register", { body: validRegistration(1, { city: "Chicago", postalCode: "62701-0001" }) });
      expect(a.body).toEqual(prompt({ address1: "12 Main Street", address2: "Apt 3", city: "Springfield", state: "IL", zip5: "62701" }));
    });

    it("addrConfirmed=true accepts the address as typed", async () => {
      const a = await t.call("POST", "/register?addrConfirmed=true", { body: validRegistration(1, { city: "Chicago", postalCode: "00000" }) });
      expect(a.status).toBe(200);
      expect(a.body.success).toBe(true);
      const [row] = await t.db.query("select city, postal_code from medical_records");
      expect(row).toEqual({ city: "Chicago", postal_code: "00000" });
    });

    it("field errors come before the address check, which comes after the taken check", async () => {
      const fields = await t.call("POST", "/register", { body: validRegistration(1, { postalCode: "00000", firstName: "" }) });
      expect(fields.status).toBe(400);
      expect(fields.body.errors).toEqual({ firstName: "validation.firstNameRequired" });
      await t.register(1);
      const taken = await t.call("POST", "/register", { body: validRegistration(1, { postalCode: "00000" }) });
      expect(taken.status).toBe(400);
      expect(taken.body.message).toBe(RegistryMessage.emailTaken);
    });
  });

  describe("POST /api/pass/{id}/update-medical-record", () => {
    const profile = (overrides: Record<string, unknown> = {}) => {
      const r = validRegistration(1, overrides);
      return Object.fromEntries(UPDATE_MEDICAL_RECORD_FIELDS.map((f) => [f, r[f]]));
    };

    it("answers the same prompt for an unconfirmed US address and changes nothing", async () => {
      const p = await t.register(1);
      const path = `/api/pass/${p.medicalRecordId}/update-medical-record`;
      const wrongState = await t.call("POST", path, { token: p.token, body: profile({ usState: CA, addressLine1: "1 New Road" }) });
      expect(wrongState.body).toEqual(prompt({ address1: "1 New Road", address2: "Apt 3", city: "Springfield", state: "IL", zip5: "62701" }));
      const unknown = await t.call("POST", path, { token: p.token, body: profile({ postalCode: "99999" }) });
      expect(unknown.body).toEqual(prompt(null));
      const [row] = await t.db.query("select address_line1, us_state from medical_records");
      expect(row).toEqual({ address_line1: "12 Main Street", us_state: 14 });

      const confirmed = await t.call("POST", `${path}?addrConfirmed=true`, {
        token: p.token,
        body: profile({ usState: CA, addressLine1: "1 New Road" }),
      });
      expect(confirmed.status).toBe(200);
      expect(confirmed.body.success).toBe(true);
      expect(confirmed.body.results).toMatchObject({ addressLine1: "1 New Road", usState: CA });
    });

    it("a kept address is not questioned again on later saves; a changed one is (docs/decisions/048)", async () => {
      const p = await t.register(1);
      const path = `/api/pass/${p.medicalRecordId}/update-medical-record`;
      const kept = await t.call("POST", `${path}?addrConfirmed=true`, { token: p.token, body: profile({ city: "Chicago", postalCode: "62701" }) });
      expect(kept.body.success).toBe(true);
      // Later saves of other fields, with the same address (spacing and case aside): saved, no prompt.
      const later = await t.call("POST", path, { token: p.token, body: profile({ city: " chicago ", postalCode: "62701", preferredName: "Annie" }) });
      expect(later.status).toBe(200);
      expect(later.body.success).toBe(true);
      expect(later.body.results).toMatchObject({ preferredName: "Annie" });
      // A changed address is checked again.
      const moved = await t.call("POST", path, {
        token: p.token,
        body: profile({ city: "Chicago", postalCode: "62701", addressLine1: "9 Other Street" }),
      });
      expect(moved.body).toEqual(prompt({ address1: "9 Other Street", address2: "Apt 3", city: "Springfield", state: "IL", zip5: "62701" }));
      const [row] = await t.db.query("select address_line1, preferred_name from medical_records");
      expect(row).toEqual({ address_line1: "12 Main Street", preferred_name: "Annie" });
    });

    it("does not check a foreign address", async () => {
      const p = await t.register(1);
      const a = await t.call("POST", `/api/pass/${p.medicalRecordId}/update-medical-record`, {
        token: p.token,
        body: profile({ country: 0, usState: 0, province: "Ontario", city: "Ottawa", postalCode: "K1A 0B1" }),
      });
      expect(a.status).toBe(200);
      expect(a.body.results).toMatchObject({ country: 0, addressIsUs: false, province: "Ontario" });
    });
  });
});
