import type { FlashMessage } from "./session-keys";
import type { Lang } from "./locales";

/** What the root loader gives every page. */
export type RootData = {
  lang: Lang;
  csrf: string;
  flash: FlashMessage[];
  patient: { firstName: string } | null;
  demoMode: boolean;
  year: number;
  /** For a signed-in patient: ms until the idle limit, as the server counts it (for the idle warning). */
  idleMsLeft: number | null;
  /** Path and query of this page, for the language switch's return address. */
  here: string;
};
