import type { Route } from "./+types/staff.people.$id";
import { Link } from "react-router";
import { useTranslation } from "~/texts/use-translation";
import type { RouteHandle } from "~/components/document-title";
import { ErrorSummary } from "~/components/error-summary";
import { CheckboxField } from "~/components/fields";
import { useFormAnswer } from "~/components/form-context";
import { PageFlash } from "~/components/flash-messages";
import { RegistryDownPage } from "~/components/registry-down-page";
import { StaffActionForm } from "~/features/staff/action-form";
import { OrganisationSelect } from "~/features/staff/organisation-select";
import { grantValues } from "~/features/staff/people-form";
import { peopleData, personAction, personOf } from "~/features/staff/people.server";
import { readForm } from "~/forms/form.server";
import { portalContext } from "~/platform/context";
import { withTexts } from "~/texts/texts.server";

export const handle: RouteHandle = { titleKey: "staffConsole.people.rolesTitle" };

/** GET /staff/people/{id} (docs/decisions/127): one person's roles, disabling, a new set-up link. */
export const loader = withTexts("staff.people.$id", async function loader({ params, context: routerContext }: Route.LoaderArgs) {
  const all = await peopleData(routerContext.get(portalContext));
  if (all.unavailable) return all;
  const person = personOf(all.people, params.id);
  return { unavailable: false as const, person, organisations: all.organisations, own: person.id === all.me };
});

export async function action({ request, params, context: routerContext }: Route.ActionArgs) {
  const context = routerContext.get(portalContext);
  return personAction(await readForm(request, context.staffSession), context, params.id);
}

export default function StaffPerson({ loaderData: data }: Route.ComponentProps) {
  const { t } = useTranslation();
  const answer = useFormAnswer("staff-grants");
  if (data.unavailable) return <RegistryDownPage heading={t("staffConsole.people.title")} />;
  const { person } = data;
  return (
    <main id="main" className="container" tabIndex={-1}>
      <PageFlash />
      <ErrorSummary failure={answer} />
      <h1>{t("staffConsole.people.personTitle", { name: person.name })}</h1>
      <p>{person.email}</p>
      <StaffActionForm
        title={t("staffConsole.people.rolesTitle")}
        titleId="roles-title"
        intent="grants"
        submit={t("staffConsole.people.rolesSubmit")}
        form="staff-grants"
        defaults={grantValues(person.grants)}
      >
        <p className="hint">{t("staffConsole.people.rolesHint")}</p>
        <CheckboxField name="administrator" label={t("staffConsole.roles.administrator")} />
        <CheckboxField name="program" label={t("staffConsole.roles.program")} />
        <CheckboxField name="lab" label={t("staffConsole.roles.lab")} />
        <OrganisationSelect kind="lab" organisations={data.organisations} />
        <CheckboxField name="center" label={t("staffConsole.roles.center")} />
        <OrganisationSelect kind="center" organisations={data.organisations} />
      </StaffActionForm>
      {person.status !== "disabled" ? (
        <>
          <StaffActionForm
            title={t("staffConsole.people.linkTitle")}
            text={t("staffConsole.people.linkText")}
            intent="link"
            submit={t("staffConsole.people.linkSubmit")}
            variant="secondary"
          />
          {data.own ? null : (
            <StaffActionForm
              title={t("staffConsole.people.disableTitle")}
              text={t("staffConsole.people.disableText")}
              intent="disable"
              submit={t("staffConsole.people.disableSubmit")}
              variant="contrast"
            />
          )}
        </>
      ) : null}
      <p>
        <Link to="/staff/people">{t("staffConsole.people.back")}</Link>
      </p>
    </main>
  );
}
