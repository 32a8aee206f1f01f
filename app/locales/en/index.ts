import account from "./account";
import shell from "./shell";
import screening, { landingCard } from "./screening";
import labs from "./labs";
import medical, { medicalValidation } from "./medical";
import devices from "./devices";
import staff from "./staff";
import staffProgram from "./staff-program";
import staffCenter from "./staff-center";
import staffLab from "./staff-lab";

/** English: the source of every key. Each area keeps its own file; Spanish mirrors them one to one. */
const en = {
  ...shell,
  ...account,
  ...screening,
  ...labs,
  ...medical,
  ...devices,
  ...staff,
  ...staffProgram,
  ...staffCenter,
  ...staffLab,
  landing: { ...account.landing, ...landingCard },
  validation: { ...account.validation, ...medicalValidation },
} as const;

export default en;

import type { Widen } from "~/locales/types";
export type Messages = Widen<typeof en>;
