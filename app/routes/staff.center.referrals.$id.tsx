import type { Route } from "./+types/staff.center.referrals.$id";
import { Link } from "react-router";
import { ReferralStatus } from "../../registry/contract/enums";
import { useTranslation } from "~/texts/use-translation";
import type { RouteHandle } from "~/components/document-title";
import { ErrorSummary } from "~/components/error-summary";
import { TextAreaField } from "~/components/fields";
import { useFormAnswer } from "~/components/form-context";
import { PageFlash } from "~/components/flash-messages";
import { RegistryDownPage } from "~/components/registry-down-page";
import { AnswerSummary } from "~/features/screening/answer-summary";
import { answerSummary } from "~/features/screening/answer-summary-model";
import { StaffActionForm } from "~/features/staff/action-form";
import { reasonForm } from "~/features/staff/center-form";
import { centerReferralAction, centerReferralData } from "~/features/staff/center.server";
import { readForm } from "~/forms/form.server";
import { portalContext } from "~/platform/context";
import { withTexts } from "~/texts/texts.server";

export const handle: RouteHandle = { titleKey: "staffCenter.referral.summaryTitle" };

/**
 * GET /staff/center/referrals/{id} (docs/decisions/133): one referral to the person's center with what the center needs
 * (the patient's name, birth date, contacts, the screening's answers, the lab status, the consent), and the center's
 * steps, each an HTML form. The screening's answers are shown as the patient's own summary shows them (this route joins
 * the two features, docs/decisions/130).
 */
export const loader = withTexts("staff.center.referrals.$id", async function loader({ params, context: routerContext }: Route.LoaderArgs) {
  const found = await centerReferralData(routerContext.get(portalContext), params.id);
  if (found.unavailable) return found;
  const r = found.referral;
  return {
    ...found,
    summary: answerSummary({ ...r.screening, preferredCenterId: r.centerId, preferredCenter: r.centerName }),
  };
});

export async function action({ request, params, context: routerContext }: Route.ActionArgs) {
  const context = routerContext.get(portalContext);
  return centerReferralAction(await readForm(request, context.staffSession), context, params.id);
}

const OPEN: ReadonlySet<number> = new Set([ReferralStatus.PendingCenter, ReferralStatus.CenterApproved]);
const STATUS_KEYS = ["1", "2", "3", "4", "5", "6"] as const;

export default function StaffCenterReferral({ loaderData: data }: Route.ComponentProps) {
  const { t } = useTranslation();
  const decline = useFormAnswer(reasonForm("decline"));
  const cancel = useFormAnswer(reasonForm("cancel"));
  if (data.unavailable) return <RegistryDownPage heading={t("staffCenter.referral.summaryTitle")} />;
  const r = data.referral;
  const p = r.patient;
  const name = [p.firstName, p.middleInitial, p.lastName].filter(Boolean).join(" ");
  const statusKey = STATUS_KEYS.find((k) => k === String(r.statusId));
  const open = OPEN.has(r.statusId);
  const given = (value: string) => value || t("staffCenter.referral.notGiven");
  const day = (iso: string | null) => (iso ? <time dateTime={iso}>{iso.slice(0, 10)}</time> : t("staffCenter.referral.notGiven"));
  return (
    <main id="main" className="container" tabIndex={-1}>
      <PageFlash />
      <ErrorSummary failure={decline ?? cancel} />
      <h1>{t("staffCenter.referral.title", { name })}</h1>
      <p>
        <Link to="/staff/center">{t("staffCenter.referral.back")}</Link>
      </p>

      <h2>{t("staffCenter.referral.summaryTitle")}</h2>
      <dl>
        <dt>{t("staffCenter.referral.center")}</dt>
        <dd>{r.centerName}</dd>
        <dt>{t("staffCenter.referral.referred")}</dt>
        <dd>{day(r.dateReferred)}</dd>
        <dt>{t("staffCenter.referral.status")}</dt>
        <dd>{statusKey ? t(`staffCenter.statusNames.${statusKey}`) : r.status}</dd>
        {r.centerReason ? (
          <>
            <dt>{t("staffCenter.referral.reason")}</dt>
            <dd>{r.centerReason}</dd>
          </>
        ) : null}
      </dl>

      <h2>{t("staffCenter.referral.patientTitle")}</h2>
      <dl>
        <dt>{t("staffCenter.referral.name")}</dt>
        <dd>{name}</dd>
        {p.preferredName ? (
          <>
            <dt>{t("staffCenter.referral.preferredName")}</dt>
            <dd>{p.preferredName}</dd>
          </>
        ) : null}
        <dt>{t("staffCenter.referral.birthDate")}</dt>
        <dd>
          <time dateTime={p.birthDate}>{p.birthDate}</time>
        </dd>
        <dt>{t("staffCenter.referral.email")}</dt>
        <dd>{given(p.email)}</dd>
        <dt>{t("staffCenter.referral.phone")}</dt>
        <dd>{given(p.phoneNumber)}</dd>
      </dl>

      <AnswerSummary summary={data.summary} idPrefix="center-answers" />

      <h2>{t("staffCenter.referral.labTitle")}</h2>
      <dl>
        <dt>{t("staffCenter.referral.labStatus")}</dt>
        <dd>
          {r.lab.status === "approved"
            ? t("staffCenter.referral.lab.approved", { requisition: r.lab.requisition ?? "" })
            : t(`staffCenter.referral.lab.${r.lab.status}`)}
        </dd>
        {r.lab.orderedAt ? (
          <>
            <dt>{t("staffCenter.referral.labOrdered")}</dt>
            <dd>{day(r.lab.orderedAt)}</dd>
          </>
        ) : null}
        {r.lab.approvedAt ? (
          <>
            <dt>{t("staffCenter.referral.labApproved")}</dt>
            <dd>{day(r.lab.approvedAt)}</dd>
          </>
        ) : null}
        {r.lab.resultsAt ? (
          <>
            <dt>{t("staffCenter.referral.labResults")}</dt>
            <dd>{day(r.lab.resultsAt)}</dd>
          </>
        ) : null}
      </dl>

      <h2>{t("staffCenter.referral.consentTitle")}</h2>
      {r.consent ? (
        <p>
          {t("staffCenter.referral.consentSigned", { date: r.consent.signedAt.slice(0, 10) })}{" "}
          <a href={`/staff/center/referrals/${r.referralId}/consent`} download>
            {t("staffCenter.referral.consentDownload")}
          </a>
        </p>
      ) : (
        <p>{t("staffCenter.referral.consentNone")}</p>
      )}

      <h2>{t("staffCenter.referral.stepsTitle")}</h2>
      {open ? (
        <>
          {r.statusId === ReferralStatus.PendingCenter ? (
            <section aria-labelledby="approve-title">
              <StaffActionForm
                title={t("staffCenter.referral.approveTitle")}
                titleLevel={3}
                titleId="approve-title"
                text={t("staffCenter.referral.approveText")}
                intent="approve"
                submit={t("staffCenter.referral.approveSubmit")}
              />
            </section>
          ) : null}
          <section aria-labelledby="complete-title">
            <StaffActionForm
              title={t("staffCenter.referral.completeTitle")}
              titleLevel={3}
              titleId="complete-title"
              text={t("staffCenter.referral.completeText")}
              intent="complete"
              submit={t("staffCenter.referral.completeSubmit")}
              variant="secondary"
            />
          </section>
          {(["decline", "cancel"] as const).map((action) => (
            <section key={action} aria-labelledby={`${action}-title`}>
              <StaffActionForm
                title={t(`staffCenter.referral.${action}Title`)}
                titleLevel={3}
                titleId={`${action}-title`}
                text={t(`staffCenter.referral.${action}Text`)}
                intent={action}
                submit={t(`staffCenter.referral.${action}Submit`)}
                variant="contrast"
                form={reasonForm(action)}
              >
                <TextAreaField name="reason" label={t("staffCenter.referral.reasonLabel")} rows={3} maxLength={500} />
              </StaffActionForm>
            </section>
          ))}
        </>
      ) : (
        <p>{t("staffCenter.referral.closed")}</p>
      )}
    </main>
  );
}
