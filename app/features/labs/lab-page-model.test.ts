import { describe, expect, it } from "vitest";
import { labDownloadPath, labPageKeys, labPagePath, labPageState, LabPageStatus, type ReadinessAnswer } from "./lab-page-model";

const answer = (patch: Partial<ReadinessAnswer>): ReadinessAnswer => ({
  status: 200,
  success: false,
  results: null,
  message: null,
  ...patch,
});
const readiness = (ready: boolean, messages: string[] = []) => ({ ready, reasons: messages.map(() => "noOrder"), messages });

describe("lab page status (LAB-003, LAB-004)", () => {
  it.each([
    ["success true -> Ready", answer({ success: true, results: readiness(true) }), { status: LabPageStatus.Ready }],
    ["success true without results -> Ready", answer({ success: true }), { status: LabPageStatus.Ready }],
    ["success true but not ready -> Pending", answer({ success: true, results: readiness(false) }), { status: LabPageStatus.Pending }],
    ["success false -> Pending", answer({ results: readiness(false) }), { status: LabPageStatus.Pending }],
    ["success false without results -> Pending", answer({}), { status: LabPageStatus.Pending }],
    [
      "refused with reasons -> Issues with the registry's texts",
      answer({ status: 409, results: readiness(false, ["You have opted out.", "  ", " No lab order was placed. "]) }),
      { status: LabPageStatus.Issues, messages: ["You have opted out.", "No lab order was placed."], messageKeys: [] },
    ],
    [
      "another patient's screening (403) -> Issues, not found",
      answer({ status: 403, message: "Forbidden" }),
      { status: LabPageStatus.Issues, messages: [], messageKeys: ["labPages.notFound"] },
    ],
    [
      "unknown screening (404) -> Issues, not found",
      answer({ status: 404, message: "Not found" }),
      { status: LabPageStatus.Issues, messages: [], messageKeys: ["labPages.notFound"] },
    ],
    [
      "refused without texts -> Issues, not found",
      answer({ status: 409, results: readiness(false, []) }),
      { status: LabPageStatus.Issues, messages: [], messageKeys: ["labPages.notFound"] },
    ],
  ] as const)("%s", (_n, a, expected) => {
    expect(labPageState(a)).toEqual(expected);
  });

  it("keeps the spec's numbers", () => {
    expect(LabPageStatus).toEqual({ Checking: 0, Pending: 1, Ready: 2, Issues: 3 });
  });
});

describe("lab page texts and addresses", () => {
  it.each([
    ["tests", "labPages.tests", "/lab-tests/7"],
    ["results", "labPages.results", "/lab-results/7"],
  ] as const)("%s", (kind, prefix, path) => {
    expect(labPageKeys(kind)).toEqual({
      titleKey: `${prefix}.title`,
      headingKey: `${prefix}.heading`,
      checkingKey: `${prefix}.checking`,
      pendingKey: `${prefix}.pending`,
      readyKey: `${prefix}.ready`,
      downloadKey: `${prefix}.download`,
      issuesKey: `${prefix}.issues`,
    });
    expect(labPagePath(kind, 7)).toBe(path);
    expect(labDownloadPath(kind, 7)).toBe(`${path}/download`);
  });
});
