import { describe, expect, it } from "vitest";
import { RegistrationStatus } from "../../registry/contract/enums";
import { labButton, type LabScreening } from "./lab-buttons";

const now = new Date("2026-03-20T12:00:00Z");
const LAB = RegistrationStatus.CompleteLabTests;
const s = (patch: Partial<LabScreening>): LabScreening => ({
  id: 5,
  status: LAB,
  labsUploadedDateTime: "",
  prescriptionRequestDateTime: "",
  prescriptionExpirationDate: "",
  ...patch,
});

describe("lab step buttons in precedence (LAB-001)", () => {
  it.each([
    [
      "labs uploaded -> Download Results (any status)",
      s({ status: RegistrationStatus.SentToCenter, labsUploadedDateTime: "03/01/2026 10:00" }),
      "downloadResults",
    ],
    [
      "labs uploaded beats a valid prescription",
      s({ labsUploadedDateTime: "2026-03-01", prescriptionExpirationDate: "06/01/2026" }),
      "downloadResults",
    ],
    ["invalid upload time is not uploaded", s({ labsUploadedDateTime: "soon", prescriptionExpirationDate: "06/01/2026" }), "downloadLabs"],
    [
      "lab step, prescription not expired -> Download Labs",
      s({ prescriptionRequestDateTime: "03/19/2026", prescriptionExpirationDate: "06/17/2026" }),
      "downloadLabs",
    ],
    ["lab step, expiring today -> still Download Labs", s({ prescriptionExpirationDate: "03/20/2026" }), "downloadLabs"],
    ["lab step, ISO expiry -> Download Labs", s({ prescriptionExpirationDate: "2026-06-17T00:00:00Z" }), "downloadLabs"],
    // Decision 036: an order placed at SentToCenter (a change of center) is approved and emailed: it can be downloaded.
    [
      "sent to center, approved order after a change of center -> Download Labs",
      s({ status: RegistrationStatus.SentToCenter, prescriptionRequestDateTime: "03/19/2026", prescriptionExpirationDate: "06/17/2026" }),
      "downloadLabs",
    ],
    [
      "sent to center, order waiting for approval -> Lab Order Requested",
      s({ status: RegistrationStatus.SentToCenter, prescriptionRequestDateTime: "03/19/2026" }),
      "labOrderRequested",
    ],
    [
      "sent to center, order expired, request old -> nothing (the registry takes no new order there)",
      s({ status: RegistrationStatus.SentToCenter, prescriptionRequestDateTime: "12/01/2025", prescriptionExpirationDate: "03/19/2026" }),
      "none",
    ],
    [
      "select-center status, prescription valid -> nothing",
      s({ status: RegistrationStatus.SelectCenter, prescriptionExpirationDate: "06/17/2026" }),
      "none",
    ],
    ["lab step, no request, no expiry -> Request Labs", s({}), "requestLabs"],
    ["lab step, request 8 days old, not approved -> Request Labs", s({ prescriptionRequestDateTime: "03/12/2026 11:00" }), "requestLabs"],
    ["lab step, request 7 days and 1 hour ago -> Request Labs", s({ prescriptionRequestDateTime: "2026-03-13T11:00:00Z" }), "requestLabs"],
    ["lab step, invalid request date -> Request Labs", s({ prescriptionRequestDateTime: "n/a" }), "requestLabs"],
    [
      "lab step, order expired yesterday, request old -> Request Labs",
      s({ prescriptionRequestDateTime: "12/01/2025", prescriptionExpirationDate: "03/19/2026" }),
      "requestLabs",
    ],
    [
      "lab step, request 2 days ago, pending approval -> Lab Order Requested",
      s({ prescriptionRequestDateTime: "03/18/2026 09:00" }),
      "labOrderRequested",
    ],
    ["lab step, request exactly 7 days ago -> Lab Order Requested", s({ prescriptionRequestDateTime: "2026-03-13T12:00:00Z" }), "labOrderRequested"],
    [
      "lab step, request within 7 days, order expired -> Lab Order Requested",
      s({ prescriptionRequestDateTime: "03/18/2026", prescriptionExpirationDate: "03/19/2026" }),
      "labOrderRequested",
    ],
    [
      "select-center status, request within 7 days -> Lab Order Requested",
      s({ status: RegistrationStatus.SelectCenter, prescriptionRequestDateTime: "03/18/2026" }),
      "labOrderRequested",
    ],
    [
      "select-center status, request old -> nothing",
      s({ status: RegistrationStatus.SelectCenter, prescriptionRequestDateTime: "01/18/2026" }),
      "none",
    ],
    ["screening status, nothing at all -> nothing", s({ status: RegistrationStatus.Screening }), "none"],
  ] as const)("%s", (_n, screening, kind) => {
    expect(labButton(screening, now).kind).toBe(kind);
  });

  it.each([
    [s({ labsUploadedDateTime: "03/01/2026" }), { kind: "downloadResults", labelKey: "landing.labs.downloadResults", href: "/lab-results/5" }],
    [s({ prescriptionExpirationDate: "06/01/2026" }), { kind: "downloadLabs", labelKey: "landing.labs.downloadLabs", href: "/lab-tests/5" }],
    [s({}), { kind: "requestLabs", labelKey: "landing.labs.requestLabs" }],
    [s({ prescriptionRequestDateTime: "03/19/2026" }), { kind: "labOrderRequested", labelKey: "landing.labs.labOrderRequested" }],
  ] as const)("labels and addresses %#", (screening, expected) => {
    expect(labButton(screening, now)).toEqual(expected);
  });
});
