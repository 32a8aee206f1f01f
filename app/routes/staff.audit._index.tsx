import type { Route } from "./+types/staff.audit._index";
import { Fragment } from "react";
import { Form, Link } from "react-router";
import { AUDIT_CSV_MAX_ROWS } from "../../registry/contract/staff-program";
import { useTranslation } from "~/texts/use-translation";
import type { RouteHandle } from "~/components/document-title";
import { ErrorSummary } from "~/components/error-summary";
import { SelectField, TextField } from "~/components/fields";
import { FormState, useFormAnswer } from "~/components/form-context";
import { PageFlash } from "~/components/flash-messages";
import { RegistryDownPage } from "~/components/registry-down-page";
import { auditData } from "~/features/staff/program.server";
import { portalContext } from "~/platform/context";
import { withTexts } from "~/texts/texts.server";

export const handle: RouteHandle = { titleKey: "staffProgram.audit.title" };

/**
 * GET /staff/audit?medicalRecordId=&staffId=&from=&to=&page= (docs/decisions/133): registry administrators search the
 * audit by record, staff person and days (a GET form: the search is a link), 50 rows a page, and download the CSV of
 * the same search. The registry audits every reading.
 */
export const loader = withTexts("staff.audit._index", async function loader({ request, context: routerContext }: Route.LoaderArgs) {
  return auditData(routerContext.get(portalContext), new URL(request.url));
});

/** A dotted name ("program.stage") that may break after each dot in a narrow column (reflow at 320 px). */
function Breakable({ text }: { text: string }) {
  const parts = text.split(".");
  return (
    <>
      {parts.map((part, i) => (
        <Fragment key={i}>
          {i < parts.length - 1 ? `${part}.` : part}
          {i < parts.length - 1 ? <wbr /> : null}
        </Fragment>
      ))}
    </>
  );
}

export default function StaffAudit({ loaderData: data }: Route.ComponentProps) {
  const { t } = useTranslation();
  const failure = useFormAnswer("audit-search", data.unavailable ? undefined : (data.failure ?? undefined));
  if (data.unavailable) return <RegistryDownPage heading={t("staffProgram.audit.title")} />;
  const result = data.result;
  const pages = result ? Math.max(1, Math.ceil(result.total / result.pageSize)) : 1;
  const pageLink = (page: number) => {
    const q = new URLSearchParams(data.csvQuery);
    q.set("page", String(page));
    return `/staff/audit?${q.toString()}`;
  };
  const actor = (r: NonNullable<typeof result>["rows"][number]) => {
    if (r.actorKind === "staff" && r.staffName) return `${r.staffName} <${r.staffEmail ?? ""}>`;
    if (r.actorKind === "patient" && r.actorId !== null) return t("staffProgram.audit.patient", { id: String(r.actorId) });
    if (r.actorKind === "operator") return t("staffProgram.audit.operator", { name: r.operator ?? "" });
    return r.actorKind;
  };
  return (
    <main id="main" className="container" tabIndex={-1}>
      <PageFlash />
      <ErrorSummary failure={failure} />
      <h1>{t("staffProgram.audit.title")}</h1>
      <p>{t("staffProgram.audit.intro")}</p>
      <Form method="get" noValidate className="stacked-form" aria-labelledby="audit-search-title" reloadDocument>
        <h2 id="audit-search-title">{t("staffProgram.audit.searchTitle")}</h2>
        <FormState id="audit-search" defaults={data.filters} failure={data.failure ?? undefined}>
          <TextField name="medicalRecordId" label={t("staffProgram.audit.record")} optional inputMode="numeric" autoComplete="off" />
          <SelectField
            name="staffId"
            label={t("staffProgram.audit.staffPerson")}
            options={[
              { value: "", label: t("staffProgram.audit.anyone") },
              ...data.people.map((p) => ({ value: String(p.id), label: `${p.name} (${p.email})` })),
            ]}
          />
          <TextField name="from" type="date" label={t("staffProgram.audit.from")} hint={t("staffProgram.audit.dateHint")} optional />
          <TextField name="to" type="date" label={t("staffProgram.audit.to")} hint={t("staffProgram.audit.dateHint")} optional />
        </FormState>
        <button type="submit">{t("staffProgram.audit.submit")}</button>
      </Form>
      {result ? (
        <>
          <h2>{t("staffProgram.audit.resultsTitle")}</h2>
          <p>
            {t("staffProgram.audit.count", { total: String(result.total), page: String(result.page), pages: String(pages) })}{" "}
            <a href={`/staff/audit.csv${data.csvQuery ? `?${data.csvQuery}` : ""}`} download>
              {t("staffProgram.audit.csv")}
            </a>{" "}
            {t("staffProgram.audit.csvLimit", { max: AUDIT_CSV_MAX_ROWS.toLocaleString("en-US") })}
          </p>
          {result.rows.length ? (
            <div className="table-scroll" tabIndex={0} role="region" aria-labelledby="audit-caption">
              <table>
                <caption id="audit-caption">{t("staffProgram.audit.caption")}</caption>
                <thead>
                  <tr>
                    <th scope="col">{t("staffProgram.audit.time")}</th>
                    <th scope="col">{t("staffProgram.audit.actor")}</th>
                    <th scope="col">{t("staffProgram.audit.role")}</th>
                    <th scope="col">{t("staffProgram.audit.organisation")}</th>
                    <th scope="col">{t("staffProgram.audit.action")}</th>
                    <th scope="col">{t("staffProgram.audit.recordColumn")}</th>
                    <th scope="col">{t("staffProgram.audit.address")}</th>
                    <th scope="col">{t("staffProgram.audit.userAgent")}</th>
                    <th scope="col">{t("staffProgram.audit.requestId")}</th>
                  </tr>
                </thead>
                <tbody>
                  {result.rows.map((r) => (
                    <tr key={r.id}>
                      <th scope="row">
                        <time dateTime={r.at}>{r.at.slice(0, 19).replace("T", " ")} UTC</time>
                      </th>
                      <td>{actor(r)}</td>
                      <td>{r.role ?? ""}</td>
                      <td>{r.organisation ?? ""}</td>
                      <td>
                        <Breakable text={r.action} />
                      </td>
                      <td>{r.medicalRecordId ?? ""}</td>
                      <td>{r.clientAddress ?? ""}</td>
                      <td>{r.userAgent ?? ""}</td>
                      <td>{r.requestId ?? ""}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          ) : (
            <p>{t("staffProgram.audit.none")}</p>
          )}
          {pages > 1 ? (
            <nav aria-label={t("staffProgram.audit.pages")}>
              <ul>
                {result.page > 1 ? (
                  <li>
                    <Link to={pageLink(result.page - 1)} reloadDocument>
                      {t("staffProgram.audit.newer")}
                    </Link>
                  </li>
                ) : null}
                {result.page < pages ? (
                  <li>
                    <Link to={pageLink(result.page + 1)} reloadDocument>
                      {t("staffProgram.audit.older")}
                    </Link>
                  </li>
                ) : null}
              </ul>
            </nav>
          ) : null}
        </>
      ) : null}
    </main>
  );
}
