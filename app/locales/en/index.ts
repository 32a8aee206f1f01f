import account from "./account";
import shell from "./shell";

/** English: the source of every key. Each area keeps its own file; Spanish mirrors them one to one. */
const en = { ...shell, ...account } as const;

export default en;

import type { Widen } from "../types";
export type Messages = Widen<typeof en>;
