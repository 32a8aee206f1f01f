import type { SortableCenter } from "./center-sorting";

/** For the tests: a member center with no flags and unknown counts, `centerId * 10` miles away, with `patch` on top. */
export const testCenter = (centerId: number, patch: Partial<SortableCenter> = {}): SortableCenter => ({
  centerId,
  centerName: `Center ${centerId}`,
  stateAbbr: "TX",
  distanceInMiles: centerId * 10,
  isKidneyForLifeParticipant: false,
  isMicrositeCenterOfExcellence: false,
  isMicrositeParticipant: false,
  isMemberCenter: true,
  isRecipientShieldParticipant: false,
  performsNonSteroidProtocol: false,
  hasVoucherProgram: false,
  lowEpletTransplantsLast12Months: null,
  nkrTransplantsLast12Months: null,
  yearRangeLdNkrFacilitated: null,
  allLivingDonorTransplantsPriorYear: null,
  nkrPercentLdTransplants: null,
  ...patch,
});
