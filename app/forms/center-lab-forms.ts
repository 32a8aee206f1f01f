/**
 * The ids and field orders of the change-center and update-labs forms: plain constants shared by the components
 * that render the forms and the .server modules that answer their posts.
 */
export const CHANGE_CENTER_FORM = "change-center";
export const CHANGE_CENTER_FIELDS = ["reason", "other"] as const;

export const UPDATE_LABS_FORM = "update-labs";
export const UPDATE_LABS_FIELDS = ["requisition", "labStaffKey"] as const;
