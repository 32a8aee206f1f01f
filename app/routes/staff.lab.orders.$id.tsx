import type { Route } from "./+types/staff.lab.orders.$id";
import { Link } from "react-router";
import { patientDate } from "../../registry/contract/patient-dates";
import { LAB_VALUE_FLAGS } from "../../registry/contract/labs";
import { useTranslation } from "~/texts/use-translation";
import type { RouteHandle } from "~/components/document-title";
import { ErrorSummary } from "~/components/error-summary";
import { SelectField, TextAreaField, TextField } from "~/components/fields";
import { useFormAnswer } from "~/components/form-context";
import { PageFlash } from "~/components/flash-messages";
import { RegistryDownPage } from "~/components/registry-down-page";
import { StaffActionForm } from "~/features/staff/action-form";
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
          <StaffActionForm
            title={t("staffLab.approveTitle")}
            text={t("staffLab.approveText")}
            intent="approve"
            submit={t("staffLab.approveSubmit")}
          />
          <StaffActionForm
            title={t("staffLab.declineTitle")}
            titleId="decline-title"
            text={t("staffLab.declineText")}
            intent="decline"
            submit={t("staffLab.declineSubmit")}
            variant="contrast"
            form={LAB_DECLINE_FORM}
          >
            <TextAreaField name="declineReason" label={t("staffLab.declineReason")} rows={3} />
          </StaffActionForm>
        </>
      ) : null}
      {approved ? (
        <StaffActionForm
          title={t("staffLab.valuesTitle")}
          titleId="values-title"
          text={t("staffLab.valuesText")}
          intent="values"
          submit={t("staffLab.valuesSubmit")}
          form={LAB_VALUES_FORM}
          defaults={valueDefaults(values)}
        >
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
                options={[{ value: "", label: t("staffLab.noFlag") }, ...LAB_VALUE_FLAGS.map((f) => ({ value: f, label: t(`staffLab.flags.${f}`) }))]}
              />
            </fieldset>
          ))}
        </StaffActionForm>
      ) : null}
      {order.state === "approved" ? (
        <StaffActionForm title={t("staffLab.resultsTitle")} text={t("staffLab.resultsText")} intent="results" submit={t("staffLab.resultsSubmit")} />
      ) : null}
      <p>
        <Link to="/staff/lab">{t("staffLab.back")}</Link>
      </p>
    </main>
  );
}
