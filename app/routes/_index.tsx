import type { LoaderFunctionArgs } from "@remix-run/node";
import { redirect } from "@remix-run/node";

export function loader({ context }: LoaderFunctionArgs) {
  return redirect(context.session.get("token") ? "/landing" : "/register");
}
