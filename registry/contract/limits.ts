/** Plain limits shared by the portal's browser code and the registry (no zod here, so the browser can import it). */
export const SCREENING_TEXT_MAX = 500;
