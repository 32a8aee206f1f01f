/**
 * The lab pages' status (LAB-003, LAB-004): Checking 0, Pending 1, Ready 2, Issues 3.
 * Checking is the moment the readiness call is under way; the server answers with the other three directly.
 * - a successful call: Ready when its success flag is true, else Pending;
 * - a refused call: Issues, with the reasons the registry gave (texts in the patient's language);
 * - a screening the registry does not know or that is another patient's (404/403): Issues, 'not found';
 * - an expired sign-in: the patient goes to /register (the spec's check is loose and redirects on most errors;
 *   here only a refused token does, and every other failure says what happened).
 */
import type { TextKey } from "~/texts/texts";

export const LabPageStatus = { Checking: 0, Pending: 1, Ready: 2, Issues: 3 } as const;

export type LabKind = "tests" | "results";

/** The readiness answer as the registry client hands it over (contract: labReadiness in an envelope). */
export type ReadinessAnswer = {
  status: number;
  success: boolean;
  results: { ready: boolean; reasons: string[]; messages: string[] } | null;
  message: string | null;
};

export type LabPageState =
  | { status: typeof LabPageStatus.Pending }
  | { status: typeof LabPageStatus.Ready }
  /** `messages` are the registry's texts; `messageKeys` locale keys of the portal's own. */
  | { status: typeof LabPageStatus.Issues; messages: string[]; messageKeys: TextKey[] };

export function labPageState(answer: ReadinessAnswer): LabPageState {
  if (answer.status === 200) {
    return answer.success && answer.results?.ready !== false ? { status: LabPageStatus.Ready } : { status: LabPageStatus.Pending };
  }
  const messages = (answer.results?.messages ?? []).map((m) => m.trim()).filter(Boolean);
  if (messages.length > 0) return { status: LabPageStatus.Issues, messages, messageKeys: [] };
  return { status: LabPageStatus.Issues, messages: [], messageKeys: ["labPages.notFound"] };
}

/** The texts of each page: tests (lab orders) or results. */
export function labPageKeys(kind: LabKind) {
  const k = kind === "tests" ? "labPages.tests" : "labPages.results";
  return {
    titleKey: `${k}.title`,
    headingKey: `${k}.heading`,
    checkingKey: `${k}.checking`,
    pendingKey: `${k}.pending`,
    readyKey: `${k}.ready`,
    downloadKey: `${k}.download`,
    issuesKey: `${k}.issues`,
  } as const;
}

/** The page and download addresses of a screening's lab page. */
export function labPagePath(kind: LabKind, screeningId: number): string {
  return `/${kind === "tests" ? "lab-tests" : "lab-results"}/${screeningId}`;
}
export function labDownloadPath(kind: LabKind, screeningId: number): string {
  return `${labPagePath(kind, screeningId)}/download`;
}
