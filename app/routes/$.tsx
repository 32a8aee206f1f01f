import { redirect } from "@remix-run/node";

/** Any other path redirects to /register (000 §2.1). */
export function loader() {
  return redirect("/register");
}
export function action() {
  return redirect("/register");
}
