import { useEffect } from "react";

/**
 * Marks the moment the page is hydrated: rendered last in the root layout, its effect runs once the router's
 * whole tree has committed. `npm run bench` times the performance mark; tests wait for `<html data-hydrated>`,
 * which a page clock faked by the test cannot hide.
 */
export function HydratedMark() {
  useEffect(() => {
    performance.mark("portal:hydrated");
    document.documentElement.dataset.hydrated = "";
  }, []);
  return null;
}
