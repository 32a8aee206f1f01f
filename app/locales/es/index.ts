import type { Messages } from "../en/index";
import account from "./account";
import shell from "./shell";

const es: Messages = { ...shell, ...account };

export default es;
