import { lazy, Suspense, useState, type ComponentType } from "react";
import { useRenderingServerHtml } from "./server-html";

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
 * click or a later moment (the JavaScript budget, decision 124). The server renders it whole, as ever, with its code
 * loaded from the start (`laterPartsLoaded`), so the page works without JavaScript.
 *
 * In the browser, a part the patient asked for (`shown: "on-request"`, a dialog) that the server's page already holds
 * is hydrated with the rest of the page: the page's hydration waits for its code (one small file), so nothing typed
 * into it meanwhile is lost and `<html data-hydrated>` means the whole page. One that opens later gets its own
 * Suspense boundary and shows once its code is in. A part that shows by itself (`shown: "by-itself"`, the idle
 * warning, which renders nothing until then) always has its own boundary: the page never waits for it.
 *
 * Code that cannot be loaded is not an error page: a part the patient asked for loads the page in full, once, as the
 * route modules' fallback does (app/enhance/route-chunk-fallback.tsx); one that shows by itself stays away (the page
 * is never reloaded under the patient).
 */
export function later<P extends object>(
  load: () => Promise<ComponentType<P>>,
  { shown = "on-request" }: { shown?: "on-request" | "by-itself" } = {},
): ComponentType<P> {
  const nothing: ComponentType<P> = () => null;
  let onServer: ComponentType<P> | null = null;
  if (typeof window === "undefined") serverLoads.push(load().then((component) => (onServer = component)));
  const Lazy = lazy(() =>
    load().then(
      (component): { default: ComponentType<P> } => ({ default: component }),
      (error: unknown) => {
        if (typeof window === "undefined") throw error;
        if (shown === "by-itself") return { default: nothing };
        if (!reloading) {
          reloading = true;
          window.location.reload();
        }
        return new Promise<never>(() => {});
      },
    ),
  );
  function Later(props: P) {
    // Whether this part came with the server's page (decided once: the server and the render that hydrates it
    // agree, and a later render never moves the part into or out of a boundary, which would remount it).
    const withPage = useRenderingServerHtml();
    const [ownBoundary] = useState(() => shown === "by-itself" || !withPage);
    const Part = onServer ?? Lazy;
    if (!ownBoundary) return <Part {...props} />;
    return (
      <Suspense fallback={null}>
        <Part {...props} />
      </Suspense>
    );
  }
  return Later;
}
