import { useEffect, useState } from "react";

/**
 * False in the server's HTML and in the first browser render, true once JavaScript runs. Enhancements that change
 * what the page shows (hiding the field that does not apply, a show-password button) wait for it, so the page
 * without JavaScript stays complete and hydration matches.
 */
export function useHydrated(): boolean {
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  return hydrated;
}
