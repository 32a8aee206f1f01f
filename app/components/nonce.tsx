import { createContext, useContext } from "react";

/** The per-request CSP nonce, provided by entry.server (undefined in the browser, where it is not needed). */
export const NonceContext = createContext<string | undefined>(undefined);
export function useNonce(): string | undefined {
  return useContext(NonceContext);
}
