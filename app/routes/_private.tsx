import type { Route } from "./+types/_private";
import { Outlet } from "react-router";
import { requirePatient } from "~/platform/auth.server";
import { portalContext } from "~/platform/context";

/** The private layout: signed-in patients only (PLT-001), with the private pages' bottom margin. */
export async function loader({ context: routerContext }: Route.LoaderArgs) {
  const context = routerContext.get(portalContext);
  await requirePatient(context);
  return null;
}

export default function PrivateLayout() {
  return (
    <div className="private-layout">
      <Outlet />
    </div>
  );
}
