import type { Route } from "./+types/_private.confirm";
import { Form, Link } from "react-router";
import { useState } from "react";
import { useTranslation } from "~/texts/use-translation";
import { Country } from "../../registry/contract/enums";
import { displayPhone, formatUsPhone } from "../../registry/contract/phone";
import { recordPage } from "~/platform/record-page.server";
import { CsrfField } from "~/components/csrf-field";
import { CancelLink, Dialog } from "~/components/dialog";
import type { RouteHandle } from "~/components/document-title";
import { ErrorSummary } from "~/components/error-summary";
import { CodeField, TextField } from "~/components/fields";
import { FormState, useField, useFormFailure } from "~/components/form-context";
import { useHydrated } from "~/components/use-hydrated";
import { contactView, continueView } from "~/features/accounts/confirm-screen";
import { isKind, resendAction, sendAction, startSend, verifyAction } from "~/features/accounts/confirm.server";
import { readForm } from "~/forms/form.server";
import type { ContactKind } from "~/platform/session-keys";
import { PageFlash } from "~/components/flash-messages";
import { RegistryDownPage } from "~/components/registry-down-page";
import { withTexts } from "~/texts/texts.server";
import { later } from "~/enhance/later";
import { portalContext } from "~/platform/context";
import { withPatient } from "~/platform/auth.server";
import { textMessagesView } from "~/features/accounts/text-messages.server";

// Only while the patient's texts are stopped (STOP, decision 106): its code, and the date formatting with it, loads only
// then, not with every visit of the page (decision 139).
const TextMessagesStatus = later(() => import("~/features/accounts/text-messages-status").then((m) => m.TextMessagesStatus));

export const handle: RouteHandle = { titleKey: "confirm.title" };

export const loader = withTexts("_private.confirm", async function loader({ url, context: routerContext }: Route.LoaderArgs) {
  const context = routerContext.get(portalContext);
  const p = url.searchParams;
  return recordPage(context, async ({ medicalRecord: r, account, screeningList }) => {
    const pending = context.session.get("pendingCode");
    const sendKind = p.get("confirm");
    const codeKind = p.get("code");
    return {
      email: r.email,
      phoneNumber: displayPhone(r.phoneNumber, r.country),
      /** The address's country: its phone rule applies to a new mobile number (docs/decisions/049). */
      country: r.country === Country.Other ? Country.Other : Country.UnitedStates,
      emailVerified: !!account?.isEmailVerified,
      mobileVerified: !!account?.isMobileVerified,
      /** Texts to the mobile number are stopped (STOP replied): said here as on /profile (ACC-041, docs/decisions/128). */
      textMessages: await withPatient(context, (patient) => textMessagesView(context, patient)),
      continue: continueView(account, screeningList.length),
      /** ?confirm=email|text opens the send dialog for the stored value. */
      send: isKind(sendKind) ? sendKind : null,
      /** ?change=email|text: without JavaScript, the patient asked to change a confirmed contact (docs/decisions/047). */
      change: isKind(p.get("change")) ? (p.get("change") as ContactKind) : null,
      /** ?code=email|text opens the code dialog, when a code was sent to that kind of contact. */
      code: isKind(codeKind) && pending?.kind === codeKind ? pending : null,
    };
  });
});

export async function action({ request, context: routerContext }: Route.ActionArgs) {
  const context = routerContext.get(portalContext);
  const form = await readForm(request, context.session);
  const intent = String(form.get("intent") ?? "");
  if (intent === "start-email") return startSend(form, "email");
  if (intent === "start-text") return startSend(form, "text");
  if (intent === "send-email") return sendAction(form, context, "email");
  if (intent === "send-text") return sendAction(form, context, "text");
  if (intent === "resend") return resendAction(context);
  return verifyAction(form, context);
}

function ContactField({
  kind,
  stored,
  verified,
  changeAsked,
  country,
  textsStopped = false,
}: {
  kind: ContactKind;
  stored: string;
  verified: boolean;
  changeAsked: boolean;
  country: number;
  /** The mobile number replied STOP: its status says texts to it are stopped (ACC-041). */
  textsStopped?: boolean;
}) {
  const { t } = useTranslation();
  const hydrated = useHydrated();
  const name = kind === "email" ? "email" : "phoneNumber";
  const f = useField(name);
  const [current, setCurrent] = useState(f.value);
  const view = contactView(kind, { verified, stored, current }, hydrated, changeAsked);
  const isUs = country === Country.UnitedStates;
  const statusId = `${f.id}-status`;
  const status =
    view.status === "confirmed"
      ? t("confirm.confirmed")
      : view.status === "notConfirmed"
        ? t("confirm.notConfirmed")
        : t(kind === "email" ? "confirm.changingEmail" : "confirm.changingMobile");
  return (
    <div className="contact-field">
      <TextField
        name={name}
        type={kind === "email" ? "email" : "tel"}
        label={kind === "email" ? t("confirm.email") : t("confirm.mobile")}
        hint={kind === "text" ? (isUs ? t("confirm.mobileHint") : t("register.phoneHintOther")) : undefined}
        autoComplete={kind === "email" ? "email" : isUs ? "tel-national" : "tel"}
        inputMode={kind === "email" ? "email" : "tel"}
        placeholder={kind === "text" && isUs ? "##########" : undefined}
        spellCheck={false}
        describedById={statusId}
        readOnly={view.readOnly}
        onInput={(event) => {
          const input = event.currentTarget;
          if (kind === "text" && isUs) input.value = formatUsPhone(input.value);
          setCurrent(input.value);
        }}
        after={
          <p
            id={statusId}
            className={`contact-status contact-status--${view.status === "confirmed" ? "ok" : view.status === "notConfirmed" ? "no" : "changing"}`}
          >
            {status}
            {textsStopped ? ` ${t("confirm.textsStoppedStatus")}` : null}
          </p>
        }
      />
      {view.showSend ? (
        <button type="submit" name="intent" value={kind === "email" ? "start-email" : "start-text"} disabled={hydrated && view.sendDisabled}>
          {kind === "email" ? t("confirm.sendEmail") : t("confirm.sendText")}
        </button>
      ) : null}
      {view.showChange ? (
        <Link to={`/confirm?change=${kind}#${f.id}`}>{kind === "email" ? t("confirm.changeEmail") : t("confirm.changeMobile")}</Link>
      ) : null}
    </div>
  );
}

function SendDialog({
  kind,
  value,
  alreadyConfirmed,
  askPassword,
  country,
}: {
  kind: ContactKind;
  value: string;
  alreadyConfirmed: boolean;
  askPassword: boolean;
  country: number;
}) {
  const { t } = useTranslation();
  const failure = useFormFailure("send");
  return (
    <Dialog id="send-dialog" title={kind === "email" ? t("confirm.sendEmailTitle") : t("confirm.sendTextTitle")} open closeTo="/confirm">
      <FormState id="send">
        <ErrorSummary failure={failure} />
        {alreadyConfirmed ? (
          <p className="notice notice--warning">{kind === "email" ? t("confirm.alreadyConfirmedEmail") : t("confirm.alreadyConfirmedMobile")}</p>
        ) : null}
        {kind === "email" ? (
          <>
            <p>{t("confirm.emailSendTo", { value })}</p>
            <p>{t("confirm.emailSender")}</p>
          </>
        ) : (
          <p>{t("confirm.textSendTo", { value })}</p>
        )}
        <p>{t("confirm.enterCode")}</p>
        <Form method="post" action="/confirm" noValidate>
          <CsrfField />
          <input type="hidden" name="value" value={value} />
          <input type="hidden" name="country" value={country} />
          {askPassword ? (
            <TextField
              name="currentPassword"
              type="password"
              label={t("profile.currentPassword")}
              hint={t("confirm.newEmailPassword")}
              autoComplete="current-password"
            />
          ) : null}
          <div className="button-row">
            <button type="submit" name="intent" value={kind === "email" ? "send-email" : "send-text"}>
              {kind === "email" ? t("confirm.sendEmail") : t("confirm.sendText")}
            </button>
            <CancelLink to="/confirm" />
          </div>
        </Form>
      </FormState>
    </Dialog>
  );
}

function CodeDialog({ kind, value }: { kind: ContactKind; value: string }) {
  const { t } = useTranslation();
  const failure = useFormFailure("code");
  const hydrated = useHydrated();
  const [code, setCode] = useState("");
  return (
    <Dialog id="code-dialog" title={t("confirm.codeTitle")} open dismissable={false}>
      <FormState id="code">
        <ErrorSummary failure={failure} />
        <p>{kind === "email" ? t("confirm.codeSentEmail", { value }) : t("confirm.codeSentText", { value })}</p>
        <Form method="post" action={`/confirm?code=${kind}`} noValidate>
          <CsrfField />
          <CodeField
            label={t("confirm.codeLabel")}
            hint={t("confirm.codeHint")}
            maxLength={20}
            onInput={(event) => setCode(event.currentTarget.value)}
          />
          <div className="button-row">
            <button type="submit" name="intent" value="verify" disabled={hydrated && code.trim() === ""}>
              {t("confirm.confirmCode")}
            </button>
            <CancelLink to="/confirm" />
          </div>
          <p>
            <button type="submit" name="intent" value="resend" formNoValidate className="link-button">
              {t("confirm.sendNewCode")}
            </button>
          </p>
        </Form>
      </FormState>
    </Dialog>
  );
}

export default function Confirm({ loaderData: data }: Route.ComponentProps) {
  const { t } = useTranslation();
  const contacts = useFormFailure("contacts");
  const sendFailure = useFormFailure("send");
  const codeFailure = useFormFailure("code");
  if (data.unavailable) {
    return (
      <RegistryDownPage heading={t("confirm.heading")}>
        <Link to="/landing" role="button" className="secondary">
          {t("common.returnToDashboard")}
        </Link>
      </RegistryDownPage>
    );
  }
  // Which dialog is open: the last post's answer, else the URL.
  const sendOpen = sendFailure?.open ?? contacts?.open;
  const sendKind: ContactKind | null = sendOpen === "send-email" ? "email" : sendOpen === "send-text" ? "text" : data.send;
  const sendValue = sendFailure
    ? (sendFailure.values.value ?? "")
    : contacts?.open
      ? (contacts.values[sendKind === "email" ? "email" : "phoneNumber"] ?? "")
      : sendKind === "email"
        ? data.email
        : data.phoneNumber;
  const code = codeFailure || !sendKind ? data.code : null;
  return (
    <main id="main" className="container" tabIndex={-1}>
      <PageFlash />
      {sendKind && !code ? (
        <SendDialog
          kind={sendKind}
          value={sendValue}
          alreadyConfirmed={sendKind === "email" ? data.emailVerified : data.mobileVerified}
          askPassword={sendKind === "email" && sendValue.trim().toLowerCase() !== data.email.toLowerCase()}
          country={data.country}
        />
      ) : null}
      {code ? <CodeDialog kind={code.kind} value={code.value} /> : null}
      <ErrorSummary failure={contacts} />
      <h1>{t("confirm.heading")}</h1>
      <p className="notice notice--info">{t("confirm.notice")}</p>
      <FormState id="contacts" defaults={{ email: data.email, phoneNumber: data.phoneNumber }}>
        <Form method="post" action="/confirm" noValidate className="stacked-form" aria-label={t("confirm.heading")}>
          <CsrfField />
          <input type="hidden" name="country" value={data.country} />
          {/* Keyed by what the registry holds: after a confirmation the fields show the new value and state (decision 047). */}
          <ContactField
            key={`email|${data.email}|${data.emailVerified}`}
            kind="email"
            stored={data.email}
            verified={data.emailVerified}
            changeAsked={data.change === "email"}
            country={data.country}
          />
          <ContactField
            key={`text|${data.phoneNumber}|${data.mobileVerified}`}
            kind="text"
            stored={data.phoneNumber}
            verified={data.mobileVerified}
            changeAsked={data.change === "text"}
            country={data.country}
            textsStopped={data.textMessages !== null}
          />
        </Form>
      </FormState>
      {data.textMessages ? <TextMessagesStatus view={data.textMessages} /> : null}
      <div className="button-row">
        <Link to="/landing" role="button" className="secondary">
          {t("common.returnToDashboard")}
        </Link>
        {data.continue.show ? (
          data.continue.enabled ? (
            <Link to="/screening/patient-situation" role="button" replace>
              {t("common.continue")}
            </Link>
          ) : (
            <>
              <button type="button" disabled aria-describedby="continue-hint">
                {t("common.continue")}
              </button>
              <small id="continue-hint" className="hint">
                {t("confirm.continueHint")}
              </small>
            </>
          )
        ) : null}
      </div>
    </main>
  );
}
