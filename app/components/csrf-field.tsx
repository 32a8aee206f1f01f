import { useRouteLoaderData } from "react-router";
import type { RootData } from "~/platform/root-data";

/** The hidden CSRF field every POST form carries. */
export function CsrfField() {
  const root = useRouteLoaderData<RootData>("root");
  return <input type="hidden" name="_csrf" value={root?.csrf ?? ""} />;
}
