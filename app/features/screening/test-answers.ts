import type { SummarySource } from "./answer-summary-model";

/**
 * For the tests: the first answers of a granular screening: kidney status Other with its text (spaces around it),
 * registered with City Hospital (id 3), not willing to transfer.
 */
export const otherStatusStaying = {
  kidneyStatus: 99,
  kidneyStatusOther: " stage 4 ",
  transplantCenterSituation: 1,
  preferredCenterId: 3,
  preferredCenter: "City Hospital",
  willingToTransfer: 0,
} satisfies Partial<SummarySource>;
