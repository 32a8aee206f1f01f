import { redirect, type LoaderFunctionArgs } from "react-router";

export function loader({ context }: LoaderFunctionArgs) {
  return redirect(context.session.get("token") ? "/landing" : "/register");
}
