/** Enumerations of the specification (ACC-034, SCR-020, DSH-005). Plain objects so both programs and the browser can import them. */
export const RegistrationStatus = {
  Screening: 10,
  SelectCenter: 20,
  CompleteLabTests: 30,
  SentToCenter: 40,
  IfPassCandidate: 98,
  RuledOut: 99,
} as const;
/**
 * A referral's status. 1-4 are the specification's; 5 and 6 are a center's own closing of a referral from the staff
 * console (docs/decisions/133): declined (the center will not take the patient on) or cancelled (the center closes a
 * referral it had taken on), each with the center's reason kept in center_referrals.center_reason.
 */
export const ReferralStatus = {
  PendingCenter: 1,
  CenterApproved: 2,
  CancelledByPatient: 3,
  CompletedByCenter: 4,
  DeclinedByCenter: 5,
  CancelledByCenter: 6,
} as const;
export const KidneyStatus = {
  Unknown: -1,
  Dialysis2Years: 0,
  DialysisNow: 1,
  Transplanted: 2,
  TransplantedNoImmunosuppression: 3,
  Other: 99,
} as const;
export const DonorStatus = { Unknown: -1, HasDonor: 1, FindDonor: 2, NoDonor: 3, Other: 4 } as const;
export const PrimaryGoal = {
  Unknown: -1,
  UnderstandOptions: 1,
  FindCenter: 2,
  TransferToMicrositeCenter: 3,
  TransferToKidneyForLifeCenter: 4,
  TransferToImmunoFreeCenter: 5,
  Other: 6,
  StandardVoucher: 7,
} as const;
export const AntigenMatch = { Unknown: -1, Yes: 1, No: 2, NotSure: 3 } as const;
export const BiologicalRelative = { Unknown: -1, Parent: 1, Child: 2, Sibling: 3, BiologicalOther: 4, NotBiological: 5 } as const;
export const Transfer = { Unknown: -1, Yes: 1, No: 0 } as const;
export const TransplantCenterSituation = { Unknown: -1, Selected: 1, NotSelected: 2 } as const;
export const ImmunoFreeStatus = { InviteSent: 0, Registration: 1, MedicalHistory: 2, ESign: 3, Preworkuplab: 4, Completed: 5 } as const;
export const AuthPreference = { Missing: 0, Email: 1, Phone: 2 } as const;
export const Country = { NotSelected: -1, Other: 0, UnitedStates: 1 } as const;
export const Language = { None: 0, English: 1, Spanish: 2 } as const;
export const Gender = { None: 0, Male: 1, Female: 2 } as const;
export const OptInOutType = { OptOut: 1, OptIn: 2 } as const;
export const ConfirmationType = { Email: 1, Mobile: 2 } as const;
export const CodeResult = { Valid: 1, InvalidCode: 2, CodeExpired: 3 } as const;
/** Results of the phone rules by authentication preference (ACC-014). */
export const PhoneRuleResult = { Valid: 1, Required: 2, Invalid: 3, Missing: 4 } as const;

export type ValueOf<T> = T[keyof T];

/** The medical history answers in question order (MHX-007; the spec's field names). Plain, for the browser too. */
export const MEDICAL_HISTORY_FIELDS = [
  "receivedKidneyTransplant",
  "lastKidneyTxpDate",
  "addlMedicines",
  "birthDate",
  "heightFt",
  "heightInches",
  "weight",
  "hadOtherOrganTransplant",
  "otherOrganTxp",
  "otherOrganTxpDetails",
  "birthGender",
  "hasCardiacIssues",
  "hasPulmonaryIssues",
  "hasImmunoDisease",
  "hasHighBloodPressure",
  "hasAllergies",
  "medicalConditionComments",
] as const;
