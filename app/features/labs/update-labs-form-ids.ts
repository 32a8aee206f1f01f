/**
 * The id and field order of the /update-labs form: plain constants shared by the page that renders the form and
 * the .server module that answers its post (kept apart from update-labs-form.ts, which pulls zod in).
 */
export const UPDATE_LABS_FORM = "update-labs";
export const UPDATE_LABS_FIELDS = ["requisition"] as const;
/** Where the screen lives: under the staff console, whose cookie is scoped to /staff (docs/decisions/127, 133). */
export const UPDATE_LABS_PATH = "/staff/lab/update-labs";
