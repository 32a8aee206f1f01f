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
