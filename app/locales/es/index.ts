import type { Messages } from "../en/index";
import account from "./account";
import shell from "./shell";
import screening, { landingCard } from "./screening";

const es: Messages = { ...shell, ...account, ...screening, landing: { ...account.landing, ...landingCard } };

export default es;
