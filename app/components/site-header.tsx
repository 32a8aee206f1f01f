import { Form, Link, useHref, useLocation, useMatches } from "react-router";
import { useEffect, useRef } from "react";
import { useTranslation } from "~/texts/use-translation";
import { supportedLanguages, type Lang } from "~/locales";
import { CsrfField } from "./csrf-field";
import type { RouteHandle } from "./document-title";
import { useHydrated } from "./use-hydrated";

/**
 * One language of the switch. A link (with JavaScript, app/enhance/keep-typed keeps what was typed); in the
 * server's page of a route that names its main form (handle.carryForm), a submit button of that form posting to
 * /language, so what was typed goes along (docs/decisions/054).
 */
function LanguageChoice({ lang, here }: { lang: Lang; here: string }) {
  const { t } = useTranslation();
  const hydrated = useHydrated();
  const carry = useCarryForm();
  const to = `/language?lng=${lang}&to=${encodeURIComponent(here)}`;
  const action = useHref(carry ? `${to}&form=${carry.form}` : to);
  if (carry && !hydrated) {
    return (
      <button type="submit" form={carry.elementId} formAction={action} formMethod="post" formNoValidate className="link-button" lang={lang}>
        {t(`language.${lang}`)}
      </button>
    );
  }
  return (
    <Link to={to} lang={lang} hrefLang={lang} reloadDocument>
      {t(`language.${lang}`)}
    </Link>
  );
}

/** The page's main form that the language switch carries without JavaScript (handle.carryForm), if any. */
function useCarryForm() {
  const forms = useMatches()
    .map((m) => (m.handle as RouteHandle | undefined)?.carryForm)
    .filter(Boolean);
  // Not `.at(-1)`: Chrome/Edge 85-91 pass the check without it (docs/decisions/089).
  return forms[forms.length - 1];
}

/**
 * Without JavaScript the switch's buttons belong to the page's form and come first in the page, so Enter in a field
 * would switch the language: this copy of the form's own submit comes before them, so Enter sends the form as its
 * main button does. Hidden from sight, from the tab order and from assistive technology.
 */
function FormDefaultSubmit() {
  const hydrated = useHydrated();
  const carry = useCarryForm();
  if (!carry || hydrated) return null;
  return <button type="submit" form={carry.elementId} className="visually-hidden" tabIndex={-1} aria-hidden="true" />;
}

/**
 * Sign out: a full page load, never a client-side one: the page after sign-out is a new document, so the tab keeps no
 * patient data in the router's state or the first page's inline data (088).
 */
function SignOutForm({ action, buttonClass, label }: { action: string; buttonClass: string; label: string }) {
  return (
    <Form method="post" action={action} className="logout-form" reloadDocument>
      <CsrfField />
      <button type="submit" className={buttonClass}>
        {label}
      </button>
    </Form>
  );
}

/**
 * The staff console's side of the header (docs/decisions/127): who is signed in and Sign out, a full page load as
 * for patients; nothing of the patient's side (no "Already Registered?").
 */
function StaffAccount({ staff }: { staff: { name: string } | null }) {
  const { t } = useTranslation();
  if (!staff) return null;
  return (
    <>
      <li>
        <span className="staff-name">{t("staffConsole.signedInAs", { name: staff.name })}</span>
      </li>
      <li>
        <SignOutForm action="/staff/sign-out" buttonClass="outline" label={t("staffConsole.signOut")} />
      </li>
    </>
  );
}

/**
 * Header of PLT-003, with the language switch of PLT-005 (links, so it works without JavaScript). On a staff console
 * page (`staff` given: the person, or null before sign-in) the staff side replaces the patient's.
 */
export function SiteHeader({
  patient,
  staff,
  lang,
  here,
}: {
  patient: { firstName: string } | null;
  staff?: { name: string } | null;
  lang: string;
  here: string;
}) {
  const { t } = useTranslation();
  const menu = useRef<HTMLDetailsElement>(null);
  const location = useLocation();
  // With JavaScript, moving to another page keeps the DOM: close the menu (a page load closes it without). Not on
  // the first render: a menu the patient opened before the scripts took over stays open.
  const shownKey = useRef(location.key);
  useEffect(() => {
    if (shownKey.current === location.key) return;
    shownKey.current = location.key;
    if (menu.current) menu.current.open = false;
  }, [location.key]);
  return (
    <header className="site-header">
      <FormDefaultSubmit />
      <nav className="container" aria-label={t("common.appName")}>
        <ul>
          <li>
            <Link to={staff !== undefined ? "/staff" : patient ? "/landing" : "/register"} className="logo">
              <img
                src={`${import.meta.env.BASE_URL}logo.svg`}
                alt={staff !== undefined ? t("staffConsole.homeLink") : t("header.logo")}
                width="180"
                height="40"
              />
            </Link>
          </li>
        </ul>
        <ul>
          <li>
            <ul className="language-switch" aria-label={t("header.languageSwitch")}>
              {supportedLanguages.map((l) => (
                <li key={l}>
                  {l === lang ? (
                    <span aria-current="true" lang={l}>
                      {t(`language.${l}`)}
                    </span>
                  ) : (
                    <LanguageChoice lang={l} here={here} />
                  )}
                </li>
              ))}
            </ul>
          </li>
          {staff !== undefined ? (
            <StaffAccount staff={staff} />
          ) : patient ? (
            <li>
              <details ref={menu} className="dropdown account-menu">
                <summary>{t("header.welcome", { name: patient.firstName })}</summary>
                <ul dir="rtl">
                  <li dir="ltr">
                    <Link to="/profile">{t("header.profile")}</Link>
                  </li>
                  <li dir="ltr">
                    <Link to="/confirm">{t("header.accountVerification")}</Link>
                  </li>
                  <li dir="ltr">
                    <SignOutForm action="/logout" buttonClass="link-button" label={t("header.logout")} />
                  </li>
                </ul>
              </details>
            </li>
          ) : (
            <li>
              <Link to="/register?login=1" role="button" className="outline" preventScrollReset>
                {t("header.alreadyRegistered")}
              </Link>
            </li>
          )}
        </ul>
      </nav>
    </header>
  );
}
