/**
 * When a route's JavaScript chunk cannot be loaded (a flaky connection, a deploy that replaced the files), Remix
 * reloads the CURRENT page, so the patient presses the button again and again and never gets through. The build
 * (vite/route-chunk-fallback.ts) makes Remix call `window.__portalRouteChunkFailed` instead; this answers it with
 * the plain HTML way to the navigation's TARGET, once: a full page load of the page it leads to, or, when the form
 * has not been sent yet, the form sent natively (with the pressed button's name and value). A failed chunk outside a navigation (a prefetch, a background fetch)
 * leaves the page as it is.
 */
/** The part of Remix's router (window.__remixRouter) this reads. */
type RouterView = {
  state: { navigation: { state: string; location?: object } };
  createHref(location: object): string;
};

declare global {
  interface Window {
    __remixRouter?: RouterView;
    __portalRouteChunkFailed?: () => void;
  }
}

let lastSubmit: { form: HTMLFormElement; submitter: HTMLElement | null } | null = null;
let fellBack = false;

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

export function installRouteChunkFallback() {
  document.addEventListener(
    "submit",
    (event) => {
      if (event.target instanceof HTMLFormElement) lastSubmit = { form: event.target, submitter: (event as SubmitEvent).submitter };
    },
    true,
  );
  window.__portalRouteChunkFailed = () => {
    const router = window.__remixRouter;
    const navigation = router?.state.navigation;
    if (fellBack || !router || !navigation?.location) return;
    fellBack = true;
    // "submitting": the form has not reached the server yet, so send it; "loading": any action already ran (a
    // redirect is being followed, or a link), so load the page it leads to.
    if (navigation.state === "submitting" && lastSubmit?.form.isConnected) {
      sendNatively(lastSubmit.form, lastSubmit.submitter);
      return;
    }
    window.location.assign(router.createHref(navigation.location));
  };
}
