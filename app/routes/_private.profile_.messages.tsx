import type { Route } from "./+types/_private.profile_.messages";
import { Form, Link, redirect, useNavigation } from "react-router";
import { useTranslation } from "~/texts/use-translation";
import type { RouteHandle } from "~/components/document-title";
import { CsrfField } from "~/components/csrf-field";
import { ErrorSummary } from "~/components/error-summary";
import { FormState, useField, useFormAnswer } from "~/components/form-context";
import { PageFlash } from "~/components/flash-messages";
import { RegistryDownPage } from "~/components/registry-down-page";
import { addFlash, withPatient } from "~/platform/auth.server";
import { formFailure, readForm } from "~/forms/form.server";
import { answerOr, reach } from "~/registry/reach.server";
import { withTexts } from "~/texts/texts.server";
import type { TextKey } from "~/texts/texts";
import { fieldMessage } from "~/texts/text-key";
import { MESSAGE_KINDS, type MessageKind } from "../../registry/contract/message-choices";
import { CHOICE_FIELDS, channelField, choiceValues, MESSAGE_CHOICES_FORM, readChoices } from "~/features/accounts/message-choices-form";
import { portalContext } from "~/platform/context";

export const handle: RouteHandle = { titleKey: "messageChoices.title" };

/** /profile/messages (ACC-047, docs/decisions/109): the patient's choice of channels for each kind of message. */
export const loader = withTexts("_private.profile_.messages", async function loader({ context: routerContext }: Route.LoaderArgs) {
  const context = routerContext.get(portalContext);
  return withPatient(context, async ({ token, medicalRecordId }) => {
    const answer = await answerOr(context.registry.messageChoices(token, medicalRecordId), null);
    if (!answer?.success || !answer.results) return { unavailable: true as const };
    return { unavailable: false as const, values: choiceValues(answer.results.choices) };
  });
});

/** 'Save my choices': every kind needs a channel (the error summary says which); saved, back to the profile. */
export async function action({ request, context: routerContext }: Route.ActionArgs) {
  const context = routerContext.get(portalContext);
  const form = await readForm(request, context.session);
  const { choices, values, errors } = readChoices(form);
  if (Object.keys(errors).length) return formFailure(MESSAGE_CHOICES_FORM, values, errors, CHOICE_FIELDS);
  return withPatient(context, async ({ token, medicalRecordId }) => {
    const sent = await reach(context.registry.saveMessageChoices(token, medicalRecordId, choices));
    if (!sent.reached || !sent.answer.success) {
      return formFailure(MESSAGE_CHOICES_FORM, values, {}, CHOICE_FIELDS, { key: "messageChoices.saveFailed" }, sent.reached ? 400 : 503);
    }
    addFlash(context.session, { kind: "status", key: "messageChoices.saved" });
    return redirect("/profile/messages");
  });
}

const LEGENDS: Record<MessageKind, { legend: TextKey; hint: TextKey }> = {
  steps: { legend: "messageChoices.stepsLegend", hint: "messageChoices.stepsHint" },
  decisions: { legend: "messageChoices.decisionsLegend", hint: "messageChoices.decisionsHint" },
  labs: { legend: "messageChoices.labsLegend", hint: "messageChoices.labsHint" },
};

/** One kind: a fieldset (legend, hint, the error when no channel is ticked) with the email and text checkboxes. */
function KindFieldset({ kind }: { kind: MessageKind }) {
  const { t } = useTranslation();
  const f = useField(kind);
  const email = useField(channelField(kind, "email"));
  const text = useField(channelField(kind, "text"));
  const describedBy = [f.hintId, f.error ? f.errorId : ""].filter(Boolean).join(" ");
  const box = (field: typeof email, id: string, name: string, label: string) => (
    <label htmlFor={id}>
      <input id={id} type="checkbox" name={name} value="true" defaultChecked={field.value === "true"} aria-invalid={f.error ? true : undefined} />
      {label}
    </label>
  );
  return (
    <fieldset className={f.error ? "field field--error" : "field"} aria-describedby={describedBy}>
      <legend>{t(LEGENDS[kind].legend)}</legend>
      <small id={f.hintId} className="hint">
        {t(LEGENDS[kind].hint)}
      </small>
      {f.error ? (
        <p id={f.errorId} className="field-error">
          <span className="visually-hidden">{t("errorSummary.titlePrefix")}</span>
          {t(...fieldMessage(f.error))}
        </p>
      ) : null}
      <div className="choice">{box(email, f.id, channelField(kind, "email"), t("messageChoices.email"))}</div>
      <div className="choice">{box(text, `${f.id}-text`, channelField(kind, "text"), t("messageChoices.text"))}</div>
    </fieldset>
  );
}

export default function MessageChoicesPage({ loaderData: data }: Route.ComponentProps) {
  const { t } = useTranslation();
  const answer = useFormAnswer(MESSAGE_CHOICES_FORM);
  const navigation = useNavigation();
  if (data.unavailable) return <RegistryDownPage heading={t("messageChoices.heading")} />;
  return (
    <main id="main" className="container" tabIndex={-1}>
      <PageFlash />
      <ErrorSummary failure={answer} />
      <h1>{t("messageChoices.heading")}</h1>
      <p>{t("messageChoices.intro")}</p>
      <p>{t("messageChoices.textNote")}</p>
      <section className="card" aria-labelledby="choices-title">
        <h2 id="choices-title" className="visually-hidden">
          {t("messageChoices.heading")}
        </h2>
        <Form method="post" noValidate className="stacked-form" key={answer?.attempt ?? "stored"}>
          <CsrfField />
          <FormState id={MESSAGE_CHOICES_FORM} defaults={data.values} failure={answer}>
            {MESSAGE_KINDS.map((kind) => (
              <KindFieldset key={kind} kind={kind} />
            ))}
          </FormState>
          <button type="submit" disabled={navigation.state === "submitting"}>
            {t("messageChoices.save")}
          </button>
        </Form>
      </section>
      <section className="card" aria-labelledby="always-title">
        <h2 id="always-title">{t("messageChoices.alwaysTitle")}</h2>
        <p>{t("messageChoices.alwaysIntro")}</p>
        <ul>
          {(["alwaysCodes", "alwaysReset", "alwaysPasswordChanged", "alwaysContactChanged"] as const).map((key) => (
            <li key={key}>
              {t(`messageChoices.${key}`)} <strong>({t("messageChoices.alwaysSent")})</strong>
            </li>
          ))}
        </ul>
      </section>
      <p>{t("messageChoices.optOutNote")}</p>
      <Link to="/profile" role="button" className="secondary">
        {t("messageChoices.backToProfile")}
      </Link>
    </main>
  );
}
