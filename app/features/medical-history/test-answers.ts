import type { Answers } from "./draft";

/** For the tests: a complete, acceptable draft (a kidney transplant, no other organ). */
export const complete: Answers = {
  receivedKidneyTransplant: "1",
  lastKidneyTxpDate: "2019-03-27",
  addlMedicines: "Tacrolimus 2 mg",
  birthDate: "1961-04-12",
  heightFt: "5",
  heightInches: "7",
  weight: "165",
  hadOtherOrganTransplant: "0",
  birthGender: "0",
  hasCardiacIssues: "0",
  hasPulmonaryIssues: "1",
  hasImmunoDisease: "0",
  hasHighBloodPressure: "1",
  hasAllergies: "0",
};

/**
 * For the tests that walk the question pages: each page's slug and the form fields it posts, in order (a kidney
 * transplant, no other organ; the last comment padded, to see it trimmed).
 */
export const answersByPage: ReadonlyArray<readonly [string, Readonly<Record<string, string>>]> = [
  ["kidney-transplant", { receivedKidneyTransplant: "1" }],
  ["last-kidney-transplant", { lastKidneyTxpDate: "2019-03-27" }],
  ["anti-rejection-medicines", { addlMedicines: "Tacrolimus" }],
  ["birth-date", { birthDate: "1961-04-12" }],
  ["height", { heightFt: "5", heightInches: "6" }],
  ["weight", { weight: "165.5" }],
  ["other-organ-transplant", { hadOtherOrganTransplant: "0" }],
  ["birth-gender", { birthGender: "0" }],
  ["heart", { hasCardiacIssues: "0" }],
  ["lungs", { hasPulmonaryIssues: "1" }],
  ["immune-disease", { hasImmunoDisease: "0" }],
  ["blood-pressure", { hasHighBloodPressure: "1" }],
  ["allergies", { hasAllergies: "0" }],
  ["other-conditions", { medicalConditionComments: "  Asthma  " }],
];
