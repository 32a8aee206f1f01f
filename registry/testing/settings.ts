import type { RegistrySettings } from "../settings";

/** The registry settings of the tests (no database needed): fast scrypt (production uses N=2^17). */
export const TEST_SETTINGS = {
  tokenSecret: "test-token-secret-0123456789abcdefghijklmnop",
  publicUrl: "http://portal.test",
  demoMode: true,
  scrypt: { N: 2 ** 10, r: 8, p: 1 },
  labStaffKey: "test-lab-staff-key-0123",
  centerStaffKey: "test-center-staff-key-0123",
  programStaffKey: "test-program-staff-key-0123",
  // The shared keys' tests need them on (the changeover setting, STAFF_SHARED_KEYS); staff-lab.db.test.ts checks it off.
  staffSharedKeys: true,
  // Refusals answered at once (production waits a second: docs/decisions/022); client-limits.db.test.ts checks the wait.
  refusalDelayMs: 0,
  messaging: { smtpUrl: undefined, mailFrom: "Kidney Registry <registration@portal.test>", smsUrl: undefined, smsToken: undefined },
} satisfies RegistrySettings;
