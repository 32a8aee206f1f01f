import { Outlet, type LoaderFunctionArgs } from "react-router";
import { requirePatient } from "~/platform/auth.server";

/** The private layout: signed-in patients only (PLT-001), with the private pages' bottom margin. */
export async function loader({ context }: LoaderFunctionArgs) {
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
