import { redirect } from "react-router";

/** Any other path redirects to /register (PLT-002). */
export function loader() {
  return redirect("/register");
}
export function action() {
  return redirect("/register");
}
