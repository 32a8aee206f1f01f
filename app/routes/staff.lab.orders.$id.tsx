import type { Route } from "./+types/staff.lab.orders.$id";
import { Form, Link } from "react-router";
import { patientDate } from "../../registry/contract/patient-dates";
import { LAB_VALUE_FLAGS } from "../../registry/contract/labs";
import { useTranslation } from "~/texts/use-translation";
import type { RouteHandle } from "~/components/document-title";
import { CsrfField } from "~/components/csrf-field";
import { ErrorSummary } from "~/components/error-summary";
import { SelectField, TextAreaField, TextField } from "~/components/fields";
import { FormState, useFormAnswer } from "~/components/form-context";
import { PageFlash } from "~/components/flash-messages";
import { RegistryDownPage } from "~/components/registry-down-page";
import { LAB_DECLINE_FORM, LAB_VALUE_ROWS, LAB_VALUES_FORM, valueDefaults, valueField } from "~/features/staff/lab-form";
import { labOrderAction, labOrderData } from "~/features/staff/lab.server";
import { readForm } from "~/forms/form.server";
import { portalContext } from "~/platform/context";
import { withTexts } from "~/texts/texts.server";

export const handle: RouteHandle = { titleKey: "staffLab.title" };

/** GET /staff/lab/orders/{id} (docs/decisions/133): one order of the person's lab, and what may be done with it. */
export const loader = withTexts("staff.lab.orders.$id", async function loader({ params, context: routerContext }: Route.LoaderArgs) {
  return labOrderData(routerContext.get(portalContext), params.id);
});

export async function action({ request, params, context: routerContext }: Route.ActionArgs) {
  const context = routerContext.get(portalContext);
  return labOrderAction(await readForm(request, context.staffSession), context, params.id);
}

export default function StaffLabOrder({ loaderData: data }: Route.ComponentProps) {
  const { t, i18n } = useTranslation();
  const declineAnswer = useFormAnswer(LAB_DECLINE_FORM);
  const valuesAnswer = useFormAnswer(LAB_VALUES_FORM);
  if (data.unavailable) return <RegistryDownPage heading={t("staffLab.title")} />;
  const { order, values } = data;
  const date = (d: string | null) => (d ? patientDate(d, i18n.language) : t("staffLab.none"));
  const rows: Array<[string, string]> = [
    [t("staffLab.patient"), `${order.patient.firstName} ${order.patient.lastName}`],
    [t("staffLab.birthDate"), date(order.patient.birthDate)],
    [t("staffLab.lab"), order.lab],
    [t("staffLab.state"), t(`staffLab.states.${order.state}`)],
    [t("staffLab.requested"), date(order.requestedAt)],
  ];
  if (order.approvedAt) {
    rows.push([t("staffLab.approvedAt"), date(order.approvedAt)], [t("staffLab.requisition"), order.requisition ?? t("staffLab.none")]);
    rows.push([t("staffLab.expires"), date(order.expiresOn)], [t("staffLab.received"), date(order.receivedAt)]);
    rows.push([t("staffLab.resultsAt"), date(order.resultsAt)]);
  }
  if (order.declinedAt) rows.push([t("staffLab.declinedAt"), date(order.declinedAt)], [t("staffLab.declineReasonShown"), order.declineReason ?? ""]);
  const approved = order.state === "approved" || order.state === "results";
  return (
    <main id="main" className="container" tabIndex={-1}>
      <PageFlash />
      <ErrorSummary failure={declineAnswer ?? valuesAnswer} />
      <h1>{t("staffLab.orderTitle", { id: String(order.id) })}</h1>
      <table>
        <caption className="visually-hidden">{t("staffLab.detailsCaption")}</caption>
        <tbody>
          {rows.map(([label, value]) => (
            <tr key={label}>
              <th scope="row">{label}</th>
              <td>{value}</td>
            </tr>
          ))}
        </tbody>
      </table>
      {order.state === "waiting" ? (
        <>
          <h2>{t("staffLab.approveTitle")}</h2>
          <p>{t("staffLab.approveText")}</p>
          <Form method="post" reloadDocument>
            <CsrfField />
            <button type="submit" name="intent" value="approve">
              {t("staffLab.approveSubmit")}
            </button>
          </Form>
          <h2 id="decline-title">{t("staffLab.declineTitle")}</h2>
          <p>{t("staffLab.declineText")}</p>
          <Form method="post" noValidate className="stacked-form" aria-labelledby="decline-title" reloadDocument>
            <CsrfField />
            <FormState id={LAB_DECLINE_FORM}>
              <TextAreaField name="declineReason" label={t("staffLab.declineReason")} rows={3} />
            </FormState>
            <button type="submit" name="intent" value="decline" className="contrast">
              {t("staffLab.declineSubmit")}
            </button>
          </Form>
        </>
      ) : null}
      {approved ? (
        <>
          <h2 id="values-title">{t("staffLab.valuesTitle")}</h2>
          <p>{t("staffLab.valuesText")}</p>
          <Form method="post" noValidate className="stacked-form" aria-labelledby="values-title" reloadDocument>
            <CsrfField />
            <FormState id={LAB_VALUES_FORM} defaults={valueDefaults(values)}>
              {Array.from({ length: LAB_VALUE_ROWS }, (_, i) => (
                <fieldset key={i}>
                  <legend>{t("staffLab.valueRow", { n: String(i + 1) })}</legend>
                  <TextField name={valueField("name", i)} label={t("staffLab.valueName")} autoComplete="off" optional={i > 0} />
                  <TextField name={valueField("value", i)} label={t("staffLab.valueValue")} autoComplete="off" optional={i > 0} />
                  <TextField name={valueField("unit", i)} label={t("staffLab.valueUnit")} autoComplete="off" optional />
                  <TextField name={valueField("range", i)} label={t("staffLab.valueRange")} autoComplete="off" optional />
                  <SelectField
                    name={valueField("flag", i)}
                    label={t("staffLab.valueFlag")}
                    optional
                    options={[
                      { value: "", label: t("staffLab.noFlag") },
                      ...LAB_VALUE_FLAGS.map((f) => ({ value: f, label: t(`staffLab.flags.${f}`) })),
                    ]}
                  />
                </fieldset>
              ))}
            </FormState>
            <button type="submit" name="intent" value="values">
              {t("staffLab.valuesSubmit")}
            </button>
          </Form>
        </>
      ) : null}
      {order.state === "approved" ? (
        <>
          <h2>{t("staffLab.resultsTitle")}</h2>
          <p>{t("staffLab.resultsText")}</p>
          <Form method="post" reloadDocument>
            <CsrfField />
            <button type="submit" name="intent" value="results">
              {t("staffLab.resultsSubmit")}
            </button>
          </Form>
        </>
      ) : null}
      <p>
        <Link to="/staff/lab">{t("staffLab.back")}</Link>
      </p>
    </main>
  );
}
