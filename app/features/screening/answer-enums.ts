/**
 * The enums of a screening's answers (registry/contract/enums.ts), in one import for the modules of the wizard that
 * read or offer them all: the questions, the draft, the step machine and the answer summary.
 */
export {
  AntigenMatch,
  BiologicalRelative,
  DonorStatus,
  KidneyStatus,
  PrimaryGoal,
  Transfer,
  TransplantCenterSituation,
} from "../../../registry/contract/enums";
