import type { Route } from "./+types/_private.profile";
import { Link, useNavigation } from "react-router";
import { useTranslation } from "~/texts/use-translation";
import { recordPage } from "~/platform/record-page.server";
import { later } from "~/enhance/later";
import type { RouteHandle } from "~/components/document-title";
import { ErrorSummary } from "~/components/error-summary";
import { TextField } from "~/components/fields";
import { FormState, useFormAnswer, useFormFailure } from "~/components/form-context";
import { takeCarriedForm } from "~/forms/carried-form.server";
import { RegistrationFields } from "~/features/accounts/registration-fields";
import { addressChoice, isLive, type AddressChoice } from "~/features/accounts/pending-address";
import { PROFILE_FIELDS, profileDefaults } from "~/features/accounts/profile-form";
import { displayValues } from "~/features/accounts/registration-form";
import { formAnswer, readForm } from "~/forms/form.server";
import { keepProfileAfterLapse, passwordAction, profileAction, profileAddressStep, takeProfileDraft } from "~/features/accounts/profile.server";
import type { FormFailure } from "~/forms/types";
import { LiveRecheckForm, useLiveRecheck } from "~/enhance/live-recheck";
import { PageFlash } from "~/components/flash-messages";
import { RegistryDownPage } from "~/components/registry-down-page";
import { withTexts } from "~/texts/texts.server";
import { MessagesAndDevicesLinks } from "~/features/accounts/messages-and-devices-links";
import { MyRecordSection } from "~/features/accounts/my-record-section";
import { withPatient } from "~/platform/auth.server";
import { textMessagesView } from "~/features/accounts/text-messages.server";
import { portalContext } from "~/platform/context";

// The rules the forms re-check themselves with, once a submit came back with problems (decision 124).
const loadProfileRecheck = () => import("~/features/accounts/live-rules").then((m) => m.profileRecheck);
const loadPasswordRecheck = () => import("~/features/accounts/live-rules").then((m) => m.passwordRecheck);

// Opens after a post with an unconfirmed address: its code loads then (decision 124).
const AddressDialog = later(() => import("~/features/accounts/address-dialog").then((m) => m.AddressDialog));

// Only while the patient's texts are stopped (STOP, decision 106): its code, and the date formatting with it, loads only
// then, not with every visit of the page (decision 139).
const TextMessagesStatus = later(() => import("~/features/accounts/text-messages-status").then((m) => m.TextMessagesStatus));

export const handle: RouteHandle = {
  titleKey: "profile.title",
  carryForm: { form: "profile", elementId: "profile-form" },
  keptAcrossSignIn: "profile-form",
};

export const loader = withTexts("_private.profile", async function loader({ url, context: routerContext }: Route.LoaderArgs) {
  const context = routerContext.get(portalContext);
  const p = url.searchParams;
  return recordPage(context, async (record) => {
    const pending = context.session.get("pendingProfile");
    let address: AddressChoice | null = null;
    let failure: FormFailure | undefined;
    if (p.get("address") === "confirm" && isLive(pending, Date.now())) {
      address = addressChoice(pending);
      failure = formAnswer("profile", displayValues(pending.values), {}, PROFILE_FIELDS, { attempt: `pending-${pending.expiresAt}` });
    } else if (pending) {
      context.session.unset("pendingProfile");
    }
    const defaults = profileDefaults(record.medicalRecord);
    // ACC-052: what was typed before the last sign-in ended, not saved yet (docs/decisions/114).
    const draft = takeProfileDraft(context, defaults);
    failure ??= draft;
    // What was typed before the language switch, without JavaScript (docs/decisions/054).
    failure ??= takeCarriedForm(context.session, "profile", PROFILE_FIELDS);
    return {
      defaults,
      address,
      failure,
      draftKept: draft !== undefined && failure === draft,
      textMessages: await withPatient(context, (p) => textMessagesView(context, p)),
    };
  });
});

export async function action({ request, context: routerContext }: Route.ActionArgs) {
  const context = routerContext.get(portalContext);
  const form = await readForm(request, context.session);
  const intent = String(form.get("intent") ?? "");
  // ACC-052: posted after the sign-in ended, the profile's values wait for the same patient's next sign-in.
  const kept = intent === "profile" ? keepProfileAfterLapse(form, context) : undefined;
  if (kept) return kept;
  if (intent === "password") return passwordAction(form, context, request);
  if (intent.startsWith("address-")) return profileAddressStep(intent, context);
  return profileAction(form, context);
}

export default function Profile({ loaderData: data }: Route.ComponentProps) {
  const { t } = useTranslation();
  const posted = useFormFailure("profile");
  const profileLive = useLiveRecheck(useFormAnswer("profile", data.unavailable ? undefined : data.failure), loadProfileRecheck);
  const passwordLive = useLiveRecheck(useFormFailure("password"), loadPasswordRecheck);
  const profileFailure = profileLive.failure;
  const passwordFailure = passwordLive.failure;
  const navigation = useNavigation();
  const busy = (intent: string) => navigation.state === "submitting" && navigation.formData?.get("intent") === intent;
  if (data.unavailable) {
    return <RegistryDownPage heading={t("profile.heading")} />;
  }
  return (
    <main id="main" className="container" tabIndex={-1}>
      <PageFlash />
      {data.address && !posted ? <AddressDialog choice={data.address} action="/profile" cancelLabel={t("address.cancelProfile")} /> : null}
      <ErrorSummary failure={profileFailure} rechecked={profileLive.rechecked} />
      <ErrorSummary failure={passwordFailure} rechecked={passwordLive.rechecked} />
      <h1>{t("profile.heading")}</h1>
      <div className="profile-layout">
        <aside className="profile-aside">
          <p>{t("profile.welcome")}</p>
          <Link to="/landing" role="button" className="secondary">
            {t("common.returnToDashboard")}
          </Link>
        </aside>
        <div>
          <section aria-labelledby="personal-title" className="card">
            <h2 id="personal-title">{t("profile.personalTitle")}</h2>
            {data.draftKept ? (
              <p role="status" className="notice" id="profile-draft-kept">
                {t("profile.draftNotSaved")}
              </p>
            ) : null}
            <FormState id="profile" defaults={data.defaults} failure={data.failure} live={profileFailure}>
              <LiveRecheckForm
                live={profileLive}
                intent="profile"
                id="profile-form"
                action="/profile"
                className="stacked-form"
                aria-labelledby="personal-title"
              >
                <RegistrationFields emailReadOnly emailHint={t("profile.readOnlyHint")} phoneReadOnly phoneHint={t("profile.readOnlyHint")} />
                <button type="submit" disabled={busy("profile")}>
                  {t("profile.update")}
                </button>
              </LiveRecheckForm>
            </FormState>
          </section>
          {data.textMessages ? <TextMessagesStatus view={data.textMessages} /> : null}
          <section aria-labelledby="password-title" className="card">
            <h2 id="password-title">{t("profile.passwordTitle")}</h2>
            <FormState id="password" live={passwordFailure}>
              <LiveRecheckForm live={passwordLive} intent="password" action="/profile" className="stacked-form" aria-labelledby="password-title">
                <TextField
                  name="currentPassword"
                  type="password"
                  label={t("profile.currentPassword")}
                  hint={t("profile.currentPasswordHint")}
                  autoComplete="current-password"
                />
                <TextField
                  name="password"
                  type="password"
                  label={t("profile.password")}
                  hint={t("register.passwordHint")}
                  autoComplete="new-password"
                />
                <TextField name="confirmPassword" type="password" label={t("profile.confirmPassword")} autoComplete="new-password" />
                <button type="submit" disabled={busy("password")}>
                  {t("profile.updatePassword")}
                </button>
              </LiveRecheckForm>
            </FormState>
          </section>
          <MessagesAndDevicesLinks />
          <MyRecordSection />
        </div>
      </div>
    </main>
  );
}
