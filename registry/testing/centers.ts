import type { CenterRecord } from "../data/centers";

/** A stored transplant center for the registry's tests: in Springfield, IL, every flag off but membership. */
export function aCenterRecord(centerId: number, centerName: string, isMemberCenter: boolean): CenterRecord {
  return {
    centerId,
    centerName,
    city: "Springfield",
    stateAbbr: "IL",
    postalCode: "62702",
    latitude: 39.8317,
    longitude: -89.6465,
    isKidneyForLifeParticipant: isMemberCenter,
    isMicrositeCenterOfExcellence: false,
    isMicrositeParticipant: false,
    isMemberCenter,
    isRecipientShieldParticipant: false,
    performsNonSteroidProtocol: false,
    hasVoucherProgram: false,
    lowEpletTransplantsLast12Months: null,
    nkrTransplantsLast12Months: 0,
    yearRangeLdNkrFacilitated: 0,
    allLivingDonorTransplantsPriorYear: null,
    nkrPercentLdTransplants: 0,
    yearRangeLastDate: "2024-12-31",
    isDemo: false,
  };
}
