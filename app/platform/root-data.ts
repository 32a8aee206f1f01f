import type { FlashMessage } from "./session-keys";
import type { Lang } from "~/locales";

/** What the root loader gives every page. */
export type RootData = {
  lang: Lang;
  /** The layout's texts and the flash messages', as JSON (decisions 059, 079). */
  texts: string;
  csrf: string;
  flash: FlashMessage[];
  patient: { firstName: string } | null;
  /** Which side of the portal the page is on: the staff console has its own header, session and idle limit (127). */
  area: "patient" | "staff";
  /** The signed-in staff person, on a staff console page. */
  staff: { name: string } | null;
  demoMode: boolean;
  year: number;
  /** For a signed-in patient: ms until the idle limit, as the server counts it (for the idle warning). */
  idleMsLeft: number | null;
  /** Path and query of this page, for the language switch's return address. */
  here: string;
};
