import type { Messages } from "~/locales/en/index";
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

const es: Messages = {
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
};

export default es;
