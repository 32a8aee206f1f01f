import { SelectField } from "~/components/fields";
import { useTranslation } from "~/texts/use-translation";
import type { StaffOrganisations } from "../../../registry/contract/staff-accounts";

/** The lab or the center a grant names (`labId`, `centerId`): the invitation's and the person's roles' select. */
export function OrganisationSelect({ kind, organisations }: { kind: "lab" | "center"; organisations: StaffOrganisations }) {
  const { t } = useTranslation();
  const choices = kind === "lab" ? organisations.labs : organisations.centers;
  return (
    <SelectField
      name={`${kind}Id`}
      label={kind === "lab" ? t("staffConsole.people.lab") : t("staffConsole.people.center")}
      optional
      options={choices.map((o) => ({ value: String(o.id), label: o.name }))}
    />
  );
}
