import { lazy, Suspense, type ComponentType } from "react";

/** Whether a part of the page failed to load and the page is being loaded in full (once per page). */
let reloading = false;

/** On the server: the code of every part, loaded at start (app/entry.server.tsx waits for it before it renders). */
const serverLoads: Promise<unknown>[] = [];

/**
 * Resolves once the server holds the code of every `later` part: rendered from then on without suspending, so the
 * server's HTML has each part in place, which a page without JavaScript needs (a part that suspended would come as
 * hidden HTML that only a script puts in place).
 */
export function laterPartsLoaded(): Promise<unknown> {
  return Promise.all(serverLoads);
}

/**
 * A part of a page whose code the browser loads when it is first shown, not with the page: a dialog that opens on a
 * click or a later moment (the JavaScript budget, decision 124). The server renders it whole, as ever (it waits for
 * every part before it answers, decision 056, and holds their code from the start: `laterPartsLoaded`), so the page
 * works without JavaScript; in the browser it has its own
 * Suspense boundary, so the rest of the page hydrates while its code is on its way, and the server's HTML of it stays
 * in place until then. Code that cannot be loaded (a dropped connection, a deploy that replaced the files) is not an
 * error page: the page is loaded in full, once, as the route modules' fallback does (app/enhance/route-chunk-fallback.tsx).
 */
export function later<P extends object>(
  load: () => Promise<ComponentType<P>>,
  /**
   * "reload" (the default) for a part the patient asked for; "nothing" for one that shows by itself and renders
   * nothing until then (the idle warning): the page the patient is on is never reloaded under them.
   */
  { ifItFails = "reload" }: { ifItFails?: "reload" | "nothing" } = {},
): ComponentType<P> {
  const nothing: ComponentType<P> = () => null;
  let onServer: ComponentType<P> | null = null;
  if (typeof window === "undefined") serverLoads.push(load().then((component) => (onServer = component)));
  const Lazy = lazy(() =>
    load().then(
      (component): { default: ComponentType<P> } => ({ default: component }),
      (error: unknown) => {
        if (typeof window === "undefined") throw error;
        if (ifItFails === "nothing") return { default: nothing };
        if (!reloading) {
          reloading = true;
          window.location.reload();
        }
        return new Promise<never>(() => {});
      },
    ),
  );
  function Later(props: P) {
    const Part = onServer ?? Lazy;
    return (
      <Suspense fallback={null}>
        <Part {...props} />
      </Suspense>
    );
  }
  return Later;
}
