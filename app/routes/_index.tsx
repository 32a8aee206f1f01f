import type { Route } from "./+types/_index";
import { redirect } from "react-router";
import { portalContext } from "~/platform/context";

export function loader({ context: routerContext }: Route.LoaderArgs) {
  const context = routerContext.get(portalContext);
  return redirect(context.session.get("token") ? "/landing" : "/register");
}
