import { Form, Link, useSearchParams } from "react-router";
import { useTranslation } from "~/texts/use-translation";
import { CsrfField } from "~/components/csrf-field";
import { PatientDate } from "~/components/patient-date";
import type { StepCardView } from "./registration-card-model";
import type { RegistrationCardData } from "./registration-cards.server";
import { ImmuneToleranceStages } from "./immune-tolerance-stages";
import type { StagesView } from "~/components/program-stages";
import { referralStatusKey } from "~/texts/display-names";
import type { ReferralRow } from "./registration-card-model";
import type { T } from "~/texts/texts";

/** A referral the center declined or cancelled is news, not a success (docs/decisions/133). */
const CLOSED_BY_CENTER: ReadonlySet<string> = new Set(["landing.card.declinedByCenterText", "landing.card.cancelledByCenterText"]);

/** A referral's status in the patient's language (the registry's English text only for a status the portal does not know). */
function referralStatusText(r: ReferralRow, t: T): string {
  const key = referralStatusKey(r.statusId);
  return key ? t(key) : r.status;
}

/**
 * The dashboard's registration cards (DSH-004, DSH-005, DSH-006, DSH-008, DSH-010), one per screening, from `registrationCard`.
 * 'Show Results' / 'View My Answers' open the 'Screening Results' dialog through the URL (?results={id}), so it
 * works without JavaScript; 'My Situation has Changed' is a POST that re-opens the wizard on the same screening.
 *
 * Select Center goes to /select-center/{id}; Change Center opens the change-center dialogs (/landing?change={id});
 * the lab buttons lead to /lab-tests/{id} and /lab-results/{id}, 'Request Labs' posts order-labs, and 'Lab Order
 * Requested' is plain text (docs/decisions/013).
 */
/** `immuneTolerance`: the program's stages and next action (DSH-013), shown in the immune-tolerance view (docs/decisions/015). */
export function RegistrationCards({ cards, immuneTolerance = null }: { cards: RegistrationCardData[]; immuneTolerance?: StagesView | null }) {
  return (
    <>
      {cards.map((c) => (
        <RegistrationCard key={c.id} card={c} immuneTolerance={immuneTolerance} />
      ))}
    </>
  );
}

/**
 * The card whose answers ?results={id} opens, if any: the page shows them in the screening feature's 'Screening
 * Results' dialog (DSH-010).
 */
export function useOpenResults<C extends { id: number }>(cards: readonly C[]): C | undefined {
  const [params] = useSearchParams();
  const openId = Number(params.get("results"));
  return cards.find((c) => c.id === openId);
}

function StepCard({ step, number, screeningId }: { step: StepCardView; number: number; screeningId: number }) {
  const { t } = useTranslation();
  const b = step.button;
  return (
    <li className={step.complete ? "step-card step-card--done" : "step-card"}>
      <h4>
        <span className="visually-hidden">{t("landing.card.stepNumber", { number })} </span>
        {t(step.titleKey)}
      </h4>
      {step.complete ? (
        <p className="step-card__done">
          <span aria-hidden="true">✓ </span>
          {t("landing.card.stepComplete")}
        </p>
      ) : step.badgeKey ? (
        <p className="badge">{t(step.badgeKey)}</p>
      ) : null}
      {b?.kind === "showResults" ? (
        <Link to={`/landing?results=${screeningId}`} role="button" className="secondary" preventScrollReset>
          {t(b.labelKey)}
        </Link>
      ) : b?.kind === "labOrderRequested" ? (
        <p>{t(b.labelKey)}</p>
      ) : b?.kind === "selectCenter" ? (
        <Link to={`/select-center/${screeningId}`} role="button">
          {t(b.labelKey)}
        </Link>
      ) : b?.kind === "changeCenter" ? (
        <Link to={`/landing?change=${screeningId}`} role="button" preventScrollReset>
          {t(b.labelKey)}
        </Link>
      ) : b?.kind === "downloadLabs" || b?.kind === "downloadResults" ? (
        <Link to={b.href} role="button">
          {t(b.labelKey)}
        </Link>
      ) : b?.kind === "requestLabs" ? (
        <Form method="post" action="/landing">
          <CsrfField />
          <input type="hidden" name="screeningId" value={screeningId} />
          <button type="submit" name="intent" value="request-labs">
            {t(b.labelKey)}
          </button>
        </Form>
      ) : null}
    </li>
  );
}

function RegistrationCard({ card, immuneTolerance }: { card: RegistrationCardData; immuneTolerance: StagesView | null }) {
  const { t } = useTranslation();
  const v = card.view;
  const titleId = `registration-${card.id}-title`;
  return (
    <article className="registration-card" aria-labelledby={titleId}>
      <header className="registration-card__header">
        <h3 id={titleId}>{t(v.titleKey)}</h3>
        {v.statusTextKey ? <p className="registration-card__status">{t(v.statusTextKey)}</p> : null}
      </header>
      {v.thankYou ? (
        <div className="notice notice--success" role="note">
          <p>{t(v.thankYou.textKey, { center: v.thankYou.centerName })}</p>
          {v.thankYou.labsRequired ? <p>{t(v.thankYou.labsTextKey)}</p> : null}
        </div>
      ) : null}
      {v.immuneToleranceView ? (
        <section className="notice" aria-labelledby={`${titleId}-if`}>
          <h4 id={`${titleId}-if`}>{t("landing.card.immuneToleranceTitle")}</h4>
          <p>{t(v.immuneToleranceTextKey)}</p>
          {immuneTolerance ? <ImmuneToleranceStages view={immuneTolerance} idPrefix={titleId} level={5} /> : null}
        </section>
      ) : null}
      {v.referralUpdate ? (
        <p className={`notice ${CLOSED_BY_CENTER.has(v.referralUpdate.textKey) ? "notice--info" : "notice--success"}`} role="note">
          {t(v.referralUpdate.textKey, { center: v.referralUpdate.centerName })}
        </p>
      ) : null}
      {v.steps.length > 0 ? (
        <ol className="step-cards">
          {v.steps.map((s, i) => (
            <StepCard key={s.id} step={s} number={i + 1} screeningId={card.id} />
          ))}
        </ol>
      ) : null}
      {v.notCleared ? (
        <div className="notice notice--warning" role="note">
          <p>{t(v.notCleared.alertKey, { reason: t(v.notCleared.reasonKey) })}</p>
          <div className="button-row">
            <Form method="post" action="/screening/start">
              <CsrfField />
              <input type="hidden" name="screeningId" value={card.id} />
              <button type="submit">{t(v.notCleared.situationChangedKey)}</button>
            </Form>
            <Link to={`/landing?results=${card.id}`} role="button" className="secondary" preventScrollReset>
              {t(v.notCleared.viewAnswersKey)}
            </Link>
          </div>
        </div>
      ) : null}
      {v.stayingWith ? (
        <p className="notice" role="note">
          {t(v.stayingWith.textKey, { center: v.stayingWith.centerName })}
        </p>
      ) : null}
      {v.labsRequirementShown && !v.thankYou && !v.immuneToleranceView ? <p>{t("landing.card.labsRequirement")}</p> : null}
      {v.referrals.length > 0 ? (
        <table className="stacked-table">
          <caption>{t("landing.card.referralsCaption")}</caption>
          <thead>
            <tr>
              <th scope="col">{t("landing.card.referralCenter")}</th>
              <th scope="col">{t("landing.card.referralDate")}</th>
              <th scope="col">{t("landing.card.referralStatus")}</th>
            </tr>
          </thead>
          <tbody>
            {v.referrals.map((r, i) => (
              <tr key={`${r.centerId}-${i}`}>
                <td>
                  <span className="cell-label">{t("landing.card.referralCenter")}: </span>
                  {r.centerName}
                </td>
                <td>
                  <span className="cell-label">{t("landing.card.referralDate")}: </span>
                  <PatientDate value={r.dateReferred} numeric />
                </td>
                <td>
                  <span className="cell-label">{t("landing.card.referralStatus")}: </span>
                  {referralStatusText(r, t)}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      ) : null}
    </article>
  );
}
