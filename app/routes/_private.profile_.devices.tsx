import type { Route } from "./+types/_private.profile_.devices";
import { Form, Link, redirect, redirectDocument } from "react-router";
import { useTranslation } from "~/texts/use-translation";
import type { RouteHandle } from "~/components/document-title";
import { CsrfField } from "~/components/csrf-field";
import { PageFlash } from "~/components/flash-messages";
import { RegistryDownPage } from "~/components/registry-down-page";
import { addFlash, clearSignIn, withPatient } from "~/platform/auth.server";
import { readForm } from "~/forms/form.server";
import { answerOr } from "~/registry/reach.server";
import { withTexts } from "~/texts/texts.server";
import { deviceRows, type DeviceRow } from "~/features/accounts/devices-view";
import { portalContext } from "~/platform/context";

export const handle: RouteHandle = { titleKey: "devices.title" };

/**
 * /profile/devices (ACC-049, ACC-050, docs/decisions/109): where the patient is signed in, this device marked; with an
 * IP-geolocation database, the place of each address (docs/decisions/116).
 */
export const loader = withTexts("_private.profile_.devices", async function loader({ context: routerContext }: Route.LoaderArgs) {
  const context = routerContext.get(portalContext);
  return withPatient(context, async ({ token, medicalRecordId }) => {
    const answer = await answerOr(context.registry.devices(token, medicalRecordId), null);
    if (!answer?.success || !answer.results) return { unavailable: true as const };
    // docs/decisions/116: whose database names the places ("none": no database, the page says it names none).
    return { unavailable: false as const, devices: deviceRows(answer.results.devices, context.lang), places: answer.results.places ?? "none" };
  });
});

/**
 * 'Sign out' on another device's row: that device only (the registry checks it is the patient's own). 'Sign out on
 * this device': this browser's sign-in only, then the sign-in page, as after Logout. ('Sign out everywhere' posts to
 * /logout.)
 */
export async function action({ request, context: routerContext }: Route.ActionArgs) {
  const context = routerContext.get(portalContext);
  const form = await readForm(request, context.session);
  const thisDevice = form.get("intent") === "this";
  const device = thisDevice ? "this" : String(form.get("device") ?? "").slice(0, 64);
  const answer = await withPatient(context, ({ token, medicalRecordId }) =>
    answerOr(context.registry.signOutDevice(token, medicalRecordId, device || "-"), null),
  );
  if (answer?.success && answer.results?.current) {
    clearSignIn(context.session);
    addFlash(context.session, { kind: "status", key: "session.signedOut" });
    return redirectDocument("/register?logout=true");
  }
  addFlash(context.session, answer?.success ? { kind: "status", key: "devices.signedOutOther" } : { kind: "alert", key: "devices.signOutFailed" });
  return redirect("/profile/devices");
}

/** "Chrome on Android"; the browser alone when the system is not known; "Unknown browser" when neither is. */
function deviceLabel(row: DeviceRow, t: ReturnType<typeof useTranslation>["t"]): string {
  const browser = row.browser.browser ?? t("devices.unknownBrowser");
  return row.browser.system ? t("devices.browserOn", { browser, system: row.browser.system }) : browser;
}

/** The credit a licence asks for where its places are shown (DB-IP Lite: CC BY 4.0; GeoLite2: its EULA). */
function PlacesCredit({ source, t }: { source: string; t: ReturnType<typeof useTranslation>["t"] }) {
  if (source === "db-ip") {
    return (
      <p>
        <small>
          <a href="https://db-ip.com">{t("devices.creditDbIp")}</a>
        </small>
      </p>
    );
  }
  if (source === "geolite2") {
    return (
      <p>
        <small>
          {t("devices.creditGeoLite2")} <a href="https://www.maxmind.com">https://www.maxmind.com</a>
        </small>
      </p>
    );
  }
  return null;
}

export default function DevicesPage({ loaderData: data }: Route.ComponentProps) {
  const { t } = useTranslation();
  if (data.unavailable) return <RegistryDownPage heading={t("devices.heading")} />;
  const withPlaces = data.places !== "none";
  return (
    <main id="main" className="container" tabIndex={-1}>
      <PageFlash />
      <h1>{t("devices.heading")}</h1>
      <p>{t("devices.intro")}</p>
      <p>{withPlaces ? t("devices.addressNotePlaces") : t("devices.addressNote")}</p>
      <div className="table-scroll" tabIndex={0} role="region" aria-labelledby="devices-caption">
        <table className="devices-table">
          <caption id="devices-caption" className="visually-hidden">
            {t("devices.heading")}
          </caption>
          <thead>
            <tr>
              <th scope="col">{t("devices.title")}</th>
              <th scope="col">{t("devices.address")}</th>
              {withPlaces ? <th scope="col">{t("devices.place")}</th> : null}
              <th scope="col">{t("devices.lastUsed")}</th>
              <th scope="col">
                <span className="visually-hidden">{t("devices.signOut")}</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {data.devices.map((row) => (
              <tr key={row.id} data-current={row.current ? "true" : undefined}>
                <th scope="row">
                  {deviceLabel(row, t)}
                  {row.current ? (
                    <>
                      {" "}
                      <strong className="device-this">({t("devices.thisDevice")})</strong>
                    </>
                  ) : null}
                </th>
                <td>{row.address ?? t("devices.unknownAddress")}</td>
                {withPlaces ? <td>{row.place ?? t("devices.unknownPlace")}</td> : null}
                <td>
                  <time dateTime={row.lastUsedIso}>{row.lastUsed}</time>
                </td>
                <td>
                  {row.current ? null : (
                    <Form method="post" reloadDocument>
                      <CsrfField />
                      <input type="hidden" name="device" value={row.id} />
                      <button
                        type="submit"
                        className="secondary outline"
                        aria-label={t("devices.signOutDevice", { device: deviceLabel(row, t), lastUsed: row.lastUsed })}
                      >
                        {t("devices.signOut")}
                      </button>
                    </Form>
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <PlacesCredit source={data.places} t={t} />
      <div className="button-row">
        <Form method="post" reloadDocument>
          <CsrfField />
          <button type="submit" name="intent" value="this" aria-describedby="sign-out-this-hint">
            {t("devices.signOutThis")}
          </button>
          <small id="sign-out-this-hint" className="hint">
            {t("devices.signOutThisHint")}
          </small>
        </Form>
        <Form method="post" action="/logout" reloadDocument>
          <CsrfField />
          <button type="submit" className="secondary" aria-describedby="sign-out-everywhere-hint">
            {t("devices.signOutEverywhere")}
          </button>
          <small id="sign-out-everywhere-hint" className="hint">
            {t("devices.signOutEverywhereHint")}
          </small>
        </Form>
      </div>
      <Link to="/profile" role="button" className="secondary">
        {t("messageChoices.backToProfile")}
      </Link>
    </main>
  );
}
