import type { Route } from "./+types/_index";
import { redirect } from "react-router";

export function loader({ context }: Route.LoaderArgs) {
  return redirect(context.session.get("token") ? "/landing" : "/register");
}
