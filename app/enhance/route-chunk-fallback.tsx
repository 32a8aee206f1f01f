import { useHref, useLocation, useNavigation } from "react-router";

/**
 * When a route's JavaScript chunk cannot be loaded (a flaky connection, a deploy that replaced the files), React
 * Router reloads the CURRENT page, so the patient presses the button again and again and never gets through. The build
 * (vite/route-chunk-fallback.ts) makes React Router call `window.__portalRouteChunkFailed` instead; this answers it with
 * the plain HTML way to the navigation's TARGET, once: a full page load of the page it leads to, or, when the form
 * has not been sent yet, the form sent natively (with the pressed button's name and value). A failed chunk outside a navigation (a prefetch, a background fetch)
 * leaves the page as it is. The navigation's data is asked for only once its modules are in (`routeModulesLoaded`), so
 * the page loaded in full still has the flash messages the navigation led to (docs/decisions/092).
 */
declare global {
  interface Window {
    __portalRouteChunkFailed?: () => void;
    __portalRouteModuleLoading?: <T>(load: Promise<T>) => Promise<T>;
  }
}

/** The navigation under way, as <TrackNavigation> last saw it through React Router's public hooks. */
let navigation: { state: string; href: string } | null = null;

/** Rendered once by the root layout: keeps `navigation` current (nothing to show). */
export function TrackNavigation() {
  const { state, location } = useNavigation();
  const here = useLocation();
  const href = useHref(location ?? here);
  navigation = state === "idle" || !location ? null : { state, href };
  return null;
}

let lastSubmit: { form: HTMLFormElement; submitter: HTMLElement | null } | null = null;
let fellBack = false;

/** The route modules React Router is loading now (vite/route-chunk-fallback.ts hands each `import()` here). */
const loading = new Set<Promise<unknown>>();

/**
 * Once the route modules now on their way have loaded: true, or false when one of them failed (the fallback below is
 * loading the page in full). A navigation's data request waits for this (./dropped-request.ts, docs/decisions/092):
 * React Router asks for a page's data and its modules at once, and when the data came back first its answer had
 * already spent the page's flash messages (the session cookie it set no longer holds them), so the full page load
 * showed none ("Your selection of … has been saved." after a center selection). Modules already loaded cost no wait.
 */
export async function routeModulesLoaded(): Promise<boolean> {
  if (loading.size === 0) return !fellBack;
  const results = await Promise.allSettled([...loading]);
  return !fellBack && results.every((r) => r.status === "fulfilled");
}

function sendNatively(form: HTMLFormElement, submitter: HTMLElement | null) {
  if (submitter instanceof HTMLButtonElement || submitter instanceof HTMLInputElement) {
    if (submitter.name) {
      const field = document.createElement("input");
      field.type = "hidden";
      field.name = submitter.name;
      field.value = submitter.value;
      form.appendChild(field);
    }
  }
  HTMLFormElement.prototype.submit.call(form);
}

/**
 * Sends the form the patient last submitted the plain HTML way (with its pressed button), if it is still on the page:
 * also the answer to a dropped data request (./dropped-request.ts, docs/decisions/089).
 */
export function sendLastFormNatively(): boolean {
  if (!lastSubmit?.form.isConnected) return false;
  sendNatively(lastSubmit.form, lastSubmit.submitter);
  return true;
}

export function installRouteChunkFallback() {
  window.__portalRouteModuleLoading = (load) => {
    loading.add(load);
    const done = () => loading.delete(load);
    load.then(done, done);
    return load;
  };
  document.addEventListener(
    "submit",
    (event) => {
      if (event.target instanceof HTMLFormElement) lastSubmit = { form: event.target, submitter: (event as SubmitEvent).submitter };
    },
    true,
  );
  window.__portalRouteChunkFailed = () => {
    if (fellBack || !navigation) return;
    fellBack = true;
    // "submitting": the form has not reached the server yet, so send it; "loading": any action already ran (a
    // redirect is being followed, or a link), so load the page it leads to.
    if (navigation.state === "submitting" && lastSubmit?.form.isConnected) {
      sendNatively(lastSubmit.form, lastSubmit.submitter);
      return;
    }
    window.location.assign(navigation.href);
  };
}
