import { redirect } from "react-router";
import { UPDATE_LABS_PATH } from "~/features/labs/update-labs-form-ids";

/**
 * /update-labs (LAB-006): the screen is the lab's, under the staff console (docs/decisions/133): its cookie is scoped
 * to /staff, so the old address leads there (and, not signed in, on to the staff sign-in).
 */
export function loader() {
  return redirect(UPDATE_LABS_PATH, 301);
}

export function action() {
  return redirect(UPDATE_LABS_PATH, 303);
}
