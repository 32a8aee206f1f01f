import { describe, expect, it } from "vitest";
import { RegistrationStatus } from "../contract/enums";
import { isRequisitionFormat, LabFormReason, normalizeRequisition } from "../contract/labs";
import {
  approvalCutoff,
  dueForAutomaticApproval,
  expiryDate,
  isExpired,
  labResultsIssues,
  labTestsIssues,
  newRequisition,
  orderLabsRefusal,
  orderState,
  statusAfterCenterSelection,
  statusAfterResults,
  type LabFacts,
  type OrderFacts,
} from "./lab-orders";

const NOW = new Date("2025-03-20T12:00:00.000Z");
const DAY = 24 * 60 * 60 * 1000;
const ago = (ms: number) => new Date(NOW.getTime() - ms);

const PENDING_FRESH: OrderFacts = { requestedAt: ago(7 * DAY), approvedAt: null, expiresOn: null };
const PENDING_OLD: OrderFacts = { requestedAt: ago(7 * DAY + 1), approvedAt: null, expiresOn: null };
const APPROVED: OrderFacts = { requestedAt: ago(2 * DAY), approvedAt: ago(DAY), expiresOn: "2025-03-20" };
const EXPIRED: OrderFacts = { requestedAt: ago(100 * DAY), approvedAt: ago(95 * DAY), expiresOn: "2025-03-19" };

const facts = (f: Partial<LabFacts> = {}): LabFacts => ({
  status: RegistrationStatus.CompleteLabTests,
  preferredCenterId: 7,
  isOptedOut: false,
  order: null,
  ...f,
});

describe("orderState and the expiry", () => {
  it.each([
    [null, "none"],
    [PENDING_FRESH, "pending"],
    [{ ...APPROVED, expiresOn: null }, "pending"],
    [APPROVED, "approved"],
    [EXPIRED, "expired"],
  ] as const)("%j -> %s", (order, state) => expect(orderState(order, NOW)).toBe(state));

  it("expires 90 days after approval, valid through that whole day (UTC)", () => {
    expect(expiryDate(new Date("2025-03-10T15:00:00Z"))).toBe("2025-06-08");
    expect(expiryDate(new Date("2025-12-31T23:59:59Z"))).toBe("2026-03-31");
    expect(isExpired("2025-06-08", new Date("2025-06-08T23:59:59.999Z"))).toBe(false);
    expect(isExpired("2025-06-08", new Date("2025-06-09T00:00:00.000Z"))).toBe(true);
  });
});

describe("orderLabsRefusal ('Request Labs', first match wins)", () => {
  it.each([
    ["opted out (before anything else)", facts({ isOptedOut: true, status: RegistrationStatus.Screening }), LabFormReason.optedOut],
    ["Screening", facts({ status: RegistrationStatus.Screening }), LabFormReason.labsNotAvailable],
    ["SelectCenter", facts({ status: RegistrationStatus.SelectCenter }), LabFormReason.labsNotAvailable],
    ["SentToCenter", facts({ status: RegistrationStatus.SentToCenter }), LabFormReason.labsNotAvailable],
    ["RuledOut", facts({ status: RegistrationStatus.RuledOut }), LabFormReason.labsNotAvailable],
    ["IfPassCandidate", facts({ status: RegistrationStatus.IfPassCandidate }), LabFormReason.labsNotAvailable],
    ["lab step without a center", facts({ preferredCenterId: 0 }), LabFormReason.labsNotAvailable],
    ["an order waiting exactly 7 days", facts({ order: PENDING_FRESH }), LabFormReason.orderPending],
    ["an approved order, last valid day", facts({ order: APPROVED }), LabFormReason.orderCurrent],
    ["no order yet", facts(), null],
    ["an order waiting more than 7 days", facts({ order: PENDING_OLD }), null],
    ["an expired order", facts({ order: EXPIRED }), null],
  ])("%s", (_name, f, expected) => expect(orderLabsRefusal(f, NOW)).toBe(expected));
});

describe("labTestsIssues (LAB-003)", () => {
  it.each([
    ["opted out: only that", facts({ isOptedOut: true, status: RegistrationStatus.Screening, preferredCenterId: 0 }), ["optedOut"]],
    ["wrong status and no center", facts({ status: RegistrationStatus.SelectCenter, preferredCenterId: 0 }), ["wrongStatus", "noCenter"]],
    ["ruled out with a center", facts({ status: RegistrationStatus.RuledOut, order: APPROVED }), ["wrongStatus"]],
    ["immune-tolerance candidate", facts({ status: RegistrationStatus.IfPassCandidate }), ["wrongStatus"]],
    ["lab step, no center", facts({ preferredCenterId: 0, order: APPROVED }), ["noCenter"]],
    ["lab step, no order", facts(), ["noOrder"]],
    ["lab step, expired order", facts({ order: EXPIRED }), ["orderExpired"]],
    ["lab step, waiting order (pending, no issue)", facts({ order: PENDING_OLD }), []],
    ["lab step, approved order", facts({ order: APPROVED }), []],
    ["sent to center with an approved order", facts({ status: RegistrationStatus.SentToCenter, order: APPROVED }), []],
    ["sent to center without an order", facts({ status: RegistrationStatus.SentToCenter }), ["noOrder"]],
  ])("%s", (_name, f, expected) => expect(labTestsIssues(f, NOW)).toEqual(expected));

  it.each([
    [{ hasResults: true, hasOrder: true }, []],
    [{ hasResults: true, hasOrder: false }, []],
    [{ hasResults: false, hasOrder: true }, []],
    [{ hasResults: false, hasOrder: false }, ["noOrder"]],
  ])("labResultsIssues %j -> %j", (f, expected) => expect(labResultsIssues(f)).toEqual(expected));
});

describe("automatic approval (LAB_APPROVAL_DELAY)", () => {
  it.each([
    [null, 0, false],
    [undefined, 0, false],
    [0, 0, true],
    [60, 59 * 60_000, false],
    [60, 60 * 60_000, true],
  ] as const)("delay %s, requested %s ms ago -> due %s", (delay, age, due) => {
    expect(dueForAutomaticApproval(ago(age), delay, NOW)).toBe(due);
    const cutoff = approvalCutoff(delay, NOW);
    expect(cutoff === null ? false : ago(age) <= cutoff).toBe(due);
  });
});

describe("statuses", () => {
  it.each([
    [RegistrationStatus.Screening, RegistrationStatus.Screening],
    [RegistrationStatus.SelectCenter, RegistrationStatus.SentToCenter],
    [RegistrationStatus.CompleteLabTests, RegistrationStatus.SentToCenter],
    [RegistrationStatus.SentToCenter, RegistrationStatus.SentToCenter],
    [RegistrationStatus.IfPassCandidate, RegistrationStatus.IfPassCandidate],
    [RegistrationStatus.RuledOut, RegistrationStatus.RuledOut],
  ])("results: %i -> %i", (from, to) => expect(statusAfterResults(from)).toBe(to));

  it.each([
    [RegistrationStatus.SelectCenter, RegistrationStatus.CompleteLabTests],
    [RegistrationStatus.CompleteLabTests, RegistrationStatus.CompleteLabTests],
    [RegistrationStatus.SentToCenter, RegistrationStatus.SentToCenter],
  ])("center selection: %i -> %i", (from, to) => expect(statusAfterCenterSelection(from)).toBe(to));
});

describe("requisition numbers", () => {
  it("are 8 characters without look-alikes, different each time, and typed input is normalised", () => {
    const many = new Set(Array.from({ length: 500 }, () => newRequisition()));
    expect(many.size).toBe(500);
    for (const r of many) expect(isRequisitionFormat(r)).toBe(true);
    expect([...many].join("")).not.toMatch(/[015820OISZBL]/);
    expect(normalizeRequisition("  k7p4-acde ")).toBe("K7P4ACDE");
    expect(normalizeRequisition("K7P4 ACDE")).toBe("K7P4ACDE");
    expect(isRequisitionFormat("K7P4ACD")).toBe(false);
    expect(isRequisitionFormat("K7P4ACD0")).toBe(false);
    expect(isRequisitionFormat("K7P4ACDEF")).toBe(false);
  });
});
