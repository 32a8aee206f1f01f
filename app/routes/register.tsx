import type { Route } from "./+types/register";
import { Link, redirect, useHref, useNavigation, useSearchParams } from "react-router";
import { useEffect, useState } from "react";
import { useTranslation } from "~/texts/use-translation";
import type { RouteHandle } from "~/components/document-title";
import { ErrorSummary } from "~/components/error-summary";
import { CheckboxField, TextField } from "~/components/fields";
import { PageFlash } from "~/components/flash-messages";
import { FormState, useFormAnswer, useFormFailure } from "~/components/form-context";
import { takeCarriedForm } from "~/forms/carried-form.server";
import type { AccountDialogView } from "~/features/accounts/login-dialog";
import { later } from "~/enhance/later";
import { usePhoneCheck } from "~/features/accounts/phone-check";
import { RegistrationFields } from "~/features/accounts/registration-fields";
import { useHydrated } from "~/components/use-hydrated";
import { resetView } from "~/features/accounts/password-form";
import { addressChoice, isLive, type AddressChoice } from "~/features/accounts/pending-address";
import { PASSWORD_KEPT, REGISTER_DEFAULTS, REGISTER_FIELDS } from "~/features/accounts/registration-field-names";
import { displayValues } from "~/features/accounts/registration-form";
import { issueFormStamp } from "~/features/accounts/bot-check.server";
import { CHALLENGE_FIELD, HONEYPOT_FIELD, ISSUED_FIELD } from "~/features/accounts/bot-fields";
import { formAnswer, linkValue, readForm } from "~/forms/form.server";
import { loginAction } from "~/features/accounts/login.server";
import { surgeChallenge } from "~/features/accounts/sign-in-surge.server";
import { forgotAction, resetAction } from "~/features/accounts/password.server";
import { addressStep, BOT_PURPOSE, hipaaStep, registerAction } from "~/features/accounts/register.server";
import type { FormFailure } from "~/forms/types";
import { LiveRecheckForm, useLiveRecheck } from "~/enhance/live-recheck";
import { answerOr } from "~/registry/reach.server";
import { withTexts } from "~/texts/texts.server";
import { type PortalContext, portalContext } from "~/platform/context";

// The rules the form re-checks itself with, once a submit came back with problems (decision 124).
const loadRegisterRecheck = () => import("~/features/accounts/live-rules").then((m) => m.registerRecheck);

// Dialogs that open later: their code loads when they are first shown (decision 124).
const LoginDialog = later(() => import("~/features/accounts/login-dialog").then((m) => m.LoginDialog));
const AddressDialog = later(() => import("~/features/accounts/address-dialog").then((m) => m.AddressDialog));
const HipaaDialog = later(() => import("~/features/accounts/hipaa-dialog").then((m) => m.HipaaDialog));

const FORM_ID = "register-form";
const HIPAA_ANCHOR = "register-hipaa";

export const handle: RouteHandle = {
  carryForm: { form: "register", elementId: FORM_ID },
  titleKey: (search) => (search.has("forgot") ? "forgot.title" : search.has("h") || search.has("reset") ? "reset.title" : "register.title"),
};

type Invite = { status: "valid"; token: string; firstName: string; lastName: string; email: string } | { status: "invalid" } | null;

async function readInvite(token: string, context: PortalContext): Promise<Invite> {
  if (!token) return null;
  const answer = await answerOr(context.registry.validateInvite(token, context.clientAddress), null);
  const r = answer?.results;
  if (answer?.success && r?.isValid) return { status: "valid", token, firstName: r.firstName, lastName: r.lastName, email: r.email };
  return { status: "invalid" };
}

/** During a sign-in surge, the dialog's challenge for this browser and address (docs/decisions/087, 135); none otherwise. */
function signInChallenge(context: PortalContext, now: number): string | undefined {
  return surgeChallenge(context, context.session, now);
}

export const loader = withTexts("register", async function loader({ url, context: routerContext }: Route.LoaderArgs) {
  const context = routerContext.get(portalContext);
  const { session } = context;
  const p = url.searchParams;
  const resetToken = linkValue(p.get("h"), 500);
  const resetOutcome = session.get("resetOutcome");
  if (resetOutcome) session.unset("resetOutcome");
  if (session.get("token") && p.get("logout") !== "true" && !resetToken && !resetOutcome) return redirect("/landing");

  // The Confirm Address dialog lives only while it is open (docs/decisions/005).
  const now = Date.now();
  const pending = session.get("pendingRegistration");
  let address: AddressChoice | null = null;
  let failure: FormFailure | undefined;
  if (p.get("address") === "confirm" && isLive(pending, now)) {
    address = addressChoice(pending);
    const values = displayValues({ ...pending.values, inviteToken: pending.inviteToken });
    failure = formAnswer("register", values, {}, REGISTER_FIELDS, { attempt: `pending-${pending.expiresAt}` });
  } else if (pending) {
    session.unset("pendingRegistration");
    if (p.get("address") === "confirm") {
      failure = formAnswer("register", displayValues({ ...pending.values, inviteToken: pending.inviteToken }), {}, REGISTER_FIELDS, {
        message: { key: "register.addressExpired" },
        attempt: `expired-${pending.expiresAt}`,
      });
    }
  }

  // What was typed before the language switch, without JavaScript (docs/decisions/054).
  failure ??= takeCarriedForm(session, "register", REGISTER_FIELDS, now);

  let view: AccountDialogView = { kind: "none" };
  if (resetToken) view = { kind: "reset", token: resetToken, state: { kind: "form" } };
  else if (resetOutcome) view = { kind: "reset", token: "", state: resetView(resetOutcome) };
  else if (p.has("forgot")) view = { kind: "forgot", sent: p.get("forgot") === "sent" };
  else if (p.get("login") === "1") view = { kind: "login", challenge: signInChallenge(context, now) };

  // An invite (ACC-004) pre-fills the names and the email; a reset link (?h=) suppresses it.
  const invite = resetToken ? null : await readInvite(linkValue(p.get("token"), 500), context);

  return {
    entryreferrer: linkValue(p.get("entryreferrer"), 200),
    stamp: issueFormStamp(context.formKey, BOT_PURPOSE, now),
    view,
    invite,
    address,
    failure,
  };
});

export async function action({ request, context: routerContext }: Route.ActionArgs) {
  const context = routerContext.get(portalContext);
  const form = await readForm(request, context.session);
  const intent = String(form.get("intent") ?? "");
  const hipaa = form.get("hipaa");
  if (intent === "login") return loginAction(form, context, request);
  if (intent === "forgot") return forgotAction(form, context);
  if (intent === "reset") return resetAction(form, context);
  if (intent.startsWith("address-")) return addressStep(intent, context, request.headers.get("cookie"));
  if (typeof hipaa === "string" && ["open", "agree", "decline"].includes(hipaa)) return hipaaStep(form, hipaa, context);
  return registerAction(form, context, request.headers.get("cookie"));
}

/** The registration page: who should register (ACC-001), the form, and 'Validating...' while it is sent (ACC-006). */
export default function Register({ loaderData: data }: Route.ComponentProps) {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const registerHref = useHref("/register");
  const hydrated = useHydrated();
  const posted = useFormFailure("register");
  const answer = useFormAnswer("register", data.failure);
  const live = useLiveRecheck(answer, loadRegisterRecheck);
  const failure = live.failure;
  const loginFailure = useFormFailure("login");
  const forgotFailure = useFormFailure("forgot");
  const resetFailure = useFormFailure("reset");
  const navigation = useNavigation();
  const submitting = navigation.state === "submitting" && navigation.formData?.get("intent") === "register" && !navigation.formData?.get("hipaa");
  const phoneCheck = usePhoneCheck();

  const view: AccountDialogView = loginFailure
    ? { kind: "login", challenge: loginFailure.values[CHALLENGE_FIELD] || (data.view.kind === "login" ? data.view.challenge : undefined) }
    : forgotFailure
      ? { kind: "forgot", sent: false }
      : resetFailure
        ? { kind: "reset", token: resetFailure.values.resetToken ?? "", state: { kind: "form" } }
        : data.view;

  const hipaaFromServer = params.get("hipaa") === "1" || failure?.open === "hipaa";
  const [hipaaOpen, setHipaaOpen] = useState(hipaaFromServer);
  useEffect(() => setHipaaOpen(hipaaFromServer), [hipaaFromServer, failure?.attempt]);
  const answerHipaa = (agree: boolean) => {
    const box = document.getElementById("register-agreedToHipaa");
    if (box instanceof HTMLInputElement) box.checked = agree;
    setHipaaOpen(false);
    if (params.has("hipaa")) {
      setParams(
        (prev) => {
          prev.delete("hipaa");
          return prev;
        },
        { replace: true, preventScrollReset: true },
      );
    }
  };

  const invite = data.invite?.status === "valid" ? data.invite : null;
  const defaults: Record<string, string> = {
    ...REGISTER_DEFAULTS,
    entryreferrer: data.entryreferrer,
    ...(invite ? { firstName: invite.firstName, lastName: invite.lastName, email: invite.email, inviteToken: invite.token } : {}),
  };
  const hidden = (name: string) => failure?.values[name] ?? defaults[name] ?? "";
  // ACC-039: without JavaScript, the passwords typed before the HIPAA release are kept in the session; each of its
  // round trips comes back to the release's link (#register-hipaa), not to the top of the page (docs/decisions/105).
  const passwordKept = failure?.values[PASSWORD_KEPT] === "true";
  const hipaaReturn = `${registerHref}#${HIPAA_ANCHOR}`;

  return (
    <main id="main" className="container" tabIndex={-1}>
      <PageFlash extra={phoneCheck.toasts} />
      {/*
        The form's default button: Enter in a field "clicks" the first submit button of the form in tree order, and
        the HIPAA opener and the HIPAA dialog's answers (submit buttons without JavaScript) come before 'Register'.
        This copy of 'Register' comes before them all, so Enter registers; it is hidden from sight, from the tab
        order and from assistive technology, which reach the real button (docs/decisions/008).
      */}
      <button type="submit" form={FORM_ID} className="visually-hidden" tabIndex={-1} aria-hidden="true" disabled={submitting}>
        {t("register.submit")}
      </button>
      {view.kind !== "none" ? <LoginDialog view={view} /> : null}
      {data.address && !posted ? <AddressDialog choice={data.address} action="/register" cancelLabel={t("address.cancel")} /> : null}
      {hipaaOpen ? <HipaaDialog open formId={FORM_ID} returnTo={hipaaReturn} onAnswer={hydrated ? answerHipaa : undefined} /> : null}
      <ErrorSummary failure={failure} rechecked={live.rechecked} />
      <h1>{t("register.heading")}</h1>
      {data.invite ? (
        data.invite.status === "valid" ? (
          <p role="status" className="notice notice--success">
            {t("register.tokenValidated")}
          </p>
        ) : (
          <div role="alert" className="notice notice--warning">
            <p>{t("register.tokenValidationFailed")}</p>
            <p>{t("register.inviteInvalid")}</p>
          </div>
        )
      ) : null}
      <p>{t("register.intro")}</p>
      <ul>
        <li>{t("register.audienceLearn")}</li>
        <li>{t("register.audienceCompatible")}</li>
        <li>{t("register.audienceVoucher")}</li>
        <li>{t("register.audienceMicrosite")}</li>
      </ul>
      <FormState id="register" defaults={defaults} failure={data.failure} live={failure}>
        <LiveRecheckForm live={live} intent="register" id={FORM_ID} action="/register" className="stacked-form" aria-label={t("register.heading")}>
          <input type="hidden" name="entryreferrer" value={hidden("entryreferrer")} />
          <input type="hidden" name="inviteToken" value={hidden("inviteToken")} />
          <input type="hidden" name={ISSUED_FIELD} value={failure?.values[ISSUED_FIELD] || data.stamp} />
          <RegistrationFields
            phoneCheck={phoneCheck}
            emailReadOnly={!!invite}
            emailHint={invite ? t("register.inviteEmailHint") : undefined}
            afterContact={
              <fieldset>
                <legend>{t("register.passwordSection")}</legend>
                {passwordKept ? (
                  <p role="status" className="notice" id="register-password-kept">
                    {t("register.passwordKept")}
                  </p>
                ) : null}
                <TextField
                  name="password"
                  type="password"
                  label={t("register.password")}
                  hint={t("register.passwordHint")}
                  autoComplete="new-password"
                />
                <TextField name="confirmPassword" type="password" label={t("register.confirmPassword")} autoComplete="new-password" />
              </fieldset>
            }
          />
          <CheckboxField
            name="agreedToHipaa"
            label={t("register.hipaa")}
            after={
              <button
                type={hydrated ? "button" : "submit"}
                id={HIPAA_ANCHOR}
                name="hipaa"
                value="open"
                formAction={hydrated ? undefined : hipaaReturn}
                formNoValidate
                className="link-button"
                onClick={hydrated ? () => setHipaaOpen(true) : undefined}
              >
                {t("hipaa.open")}
              </button>
            }
          />
          <div className="honeypot" aria-hidden="true">
            <label htmlFor="register-website">{t("register.botCheck")}</label>
            <input id="register-website" type="text" name={HONEYPOT_FIELD} autoComplete="off" tabIndex={-1} defaultValue="" />
          </div>
          <button type="submit" disabled={submitting} aria-disabled={submitting}>
            {submitting ? t("register.submitting") : t("register.submit")}
          </button>
        </LiveRecheckForm>
      </FormState>
      <p>
        <Link to="/register?login=1" preventScrollReset>
          {t("header.alreadyRegistered")}
        </Link>
      </p>
    </main>
  );
}
