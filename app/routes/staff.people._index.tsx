import type { Route } from "./+types/staff.people._index";
import { Link } from "react-router";
import { useTranslation } from "~/texts/use-translation";
import type { RouteHandle } from "~/components/document-title";
import { ErrorSummary } from "~/components/error-summary";
import { RadioGroup, SelectField, TextField } from "~/components/fields";
import { useFormAnswer } from "~/components/form-context";
import { PageFlash } from "~/components/flash-messages";
import { RegistryDownPage } from "~/components/registry-down-page";
import { StaffActionForm } from "~/features/staff/action-form";
import { OrganisationSelect } from "~/features/staff/organisation-select";
import { grantLabel } from "~/features/staff/areas";
import { inviteAction, peopleData } from "~/features/staff/people.server";
import { readForm } from "~/forms/form.server";
import { portalContext } from "~/platform/context";
import { withTexts } from "~/texts/texts.server";

export const handle: RouteHandle = { titleKey: "staffConsole.people.title" };

/** GET /staff/people (docs/decisions/127): registry administrators only; every person, and the invitation form. */
export const loader = withTexts("staff.people._index", async function loader({ context: routerContext }: Route.LoaderArgs) {
  return peopleData(routerContext.get(portalContext));
});

export async function action({ request, context: routerContext }: Route.ActionArgs) {
  const context = routerContext.get(portalContext);
  return inviteAction(await readForm(request, context.staffSession), context);
}

const STATUS_KEY = {
  invited: "staffConsole.people.statusInvited",
  active: "staffConsole.people.statusActive",
  disabled: "staffConsole.people.statusDisabled",
} as const;

export default function StaffPeople({ loaderData: data }: Route.ComponentProps) {
  const { t } = useTranslation();
  const answer = useFormAnswer("staff-invite");
  if (data.unavailable) return <RegistryDownPage heading={t("staffConsole.people.title")} />;
  return (
    <main id="main" className="container" tabIndex={-1}>
      <PageFlash />
      <ErrorSummary failure={answer} />
      <h1>{t("staffConsole.people.title")}</h1>
      <div className="table-scroll" tabIndex={0} role="region" aria-labelledby="people-caption">
        <table>
          <caption id="people-caption" className="visually-hidden">
            {t("staffConsole.people.title")}
          </caption>
          <thead>
            <tr>
              <th scope="col">{t("staffConsole.people.name")}</th>
              <th scope="col">{t("staffConsole.people.email")}</th>
              <th scope="col">{t("staffConsole.people.roles")}</th>
              <th scope="col">{t("staffConsole.people.status")}</th>
              <th scope="col">{t("staffConsole.people.lastSignIn")}</th>
              <th scope="col">
                <span className="visually-hidden">{t("staffConsole.people.manage")}</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {data.people.map((p) => (
              <tr key={p.id}>
                <th scope="row">{p.name}</th>
                <td>{p.email}</td>
                <td>{p.grants.map((g) => grantLabel(g, t)).join("; ")}</td>
                <td>{t(STATUS_KEY[p.status])}</td>
                <td>
                  {p.lastSignInAt ? (
                    <time dateTime={p.lastSignInAt}>{p.lastSignInAt.slice(0, 16).replace("T", " ")} UTC</time>
                  ) : (
                    t("staffConsole.people.never")
                  )}
                </td>
                <td>
                  <Link to={`/staff/people/${p.id}`} aria-label={t("staffConsole.people.manageFor", { name: p.name })}>
                    {t("staffConsole.people.manage")}
                  </Link>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <StaffActionForm
        title={t("staffConsole.people.inviteTitle")}
        titleId="invite-title"
        text={t("staffConsole.people.inviteIntro")}
        submit={t("staffConsole.people.inviteSubmit")}
        form="staff-invite"
        defaults={{ lang: "en" }}
      >
        <TextField name="name" label={t("staffConsole.people.name")} autoComplete="off" />
        <TextField name="email" type="email" label={t("staffConsole.people.email")} autoComplete="off" spellCheck={false} />
        <RadioGroup
          name="lang"
          legend={t("staffConsole.people.lang")}
          options={[
            { value: "en", label: t("language.en") },
            { value: "es", label: t("language.es") },
          ]}
        />
        <SelectField
          name="role"
          label={t("staffConsole.people.role")}
          options={(["lab", "center", "program", "administrator"] as const).map((r) => ({ value: r, label: t(`staffConsole.roles.${r}`) }))}
        />
        <OrganisationSelect kind="lab" organisations={data.organisations} />
        <OrganisationSelect kind="center" organisations={data.organisations} />
      </StaffActionForm>
    </main>
  );
}
