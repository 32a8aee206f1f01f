export type { Db } from "./types";
export { openDb, type OpenDbOptions } from "./open";
