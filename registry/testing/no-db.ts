import type { Db } from "../db/types";

/** A database that must not be used: for a handler whose answers come from code (its texts, the OpenAPI document). */
export const NO_DB: Db = {
  query: async () => {
    throw new Error("no database here");
  },
  transaction: async () => {
    throw new Error("no database here");
  },
  close: async () => {},
};
