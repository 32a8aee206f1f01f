/**
 * The id and field order of the change-center form: plain constants shared by the dialog that renders the form
 * and the .server module that answers its post.
 */
export const CHANGE_CENTER_FORM = "change-center";
export const CHANGE_CENTER_FIELDS = ["reason", "other"] as const;
