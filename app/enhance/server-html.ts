import { useSyncExternalStore } from "react";

const subscribeToNothing = () => () => {};
const clientSnapshot = () => false;
const serverSnapshot = () => true;

/**
 * True while React renders the server's HTML or hydrates it (React gives a store's server snapshot then, also to a
 * part hydrated after the rest of the page), false in a render of the browser's own.
 */
export function useRenderingServerHtml(): boolean {
  return useSyncExternalStore(subscribeToNothing, clientSnapshot, serverSnapshot);
}
