import { useState, type ReactNode } from "react";
import { useTranslation } from "~/texts/use-translation";
import { Country, Gender, Language } from "../../../registry/contract/enums";
import { BIRTH_DATE_MIN, isoToday } from "../../../registry/contract/limits";
import { formatUsPhone } from "../../../registry/contract/phone";
import { usStates } from "../../../registry/contract/us-states";
import { usStateKey } from "~/texts/us-state-names";
import { compareStateNames } from "./state-order";
import { SelectField, TextField } from "~/components/fields";
import { useField } from "~/components/form-context";
import { PhoneCheckStatus, type PhoneCheck } from "./phone-check";
import { useHydrated } from "~/components/use-hydrated";

const US = String(Country.UnitedStates);
const OTHER = String(Country.Other);
/** The State options by language: fixed texts, the same for every render of the form. */
const statesByLanguage = new Map<string, { value: string; label: string }[]>();

/**
 * The registration form's fields (ACC-002), shared by /register and /profile (ACC-029), in the spec's order.
 * With JavaScript: the US phone is formatted while typing, the live phone check runs (registration: the page owns
 * the check, `usePhoneCheck`, and shows its toast), and only the state (United States) or the province (Other)
 * shows. Without it both show with their hints and the server ignores the one that does not apply.
 */
export function RegistrationFields({
  emailReadOnly,
  emailHint,
  phoneReadOnly,
  phoneHint,
  phoneCheck,
  afterContact,
}: {
  emailReadOnly?: boolean;
  emailHint?: string;
  phoneReadOnly?: boolean;
  phoneHint?: string;
  /** The live phone availability check to run on the phone field (registration only). */
  phoneCheck?: PhoneCheck;
  /** Rendered after the contact fields (the password block of the registration). */
  afterContact?: ReactNode;
}) {
  const { t, i18n } = useTranslation();
  const hydrated = useHydrated();
  const countryField = useField("country");
  const phoneField = useField("phoneNumber");
  const [country, setCountry] = useState(countryField.value || US);
  const checkId = `${phoneField.id}-check`;

  const choose = { value: "0", label: t("register.choose") };
  // In the patient's language and its alphabetical order ("Carolina del Norte" under C), sorted once per language.
  let states = statesByLanguage.get(i18n.language);
  if (!states) {
    states = usStates.map((s) => ({ value: String(s.id), label: t(usStateKey(s.abbreviation)) })).sort((a, b) => compareStateNames(a.label, b.label));
    statesByLanguage.set(i18n.language, states);
  }
  const stateOptions = [choose, ...states];
  const countryOptions = [
    { value: US, label: t("register.countryUs") },
    { value: OTHER, label: t("register.countryOther") },
  ];
  const languageOptions = [
    choose,
    { value: String(Language.English), label: t("language.en") },
    { value: String(Language.Spanish), label: t("language.es") },
  ];
  const genderOptions = [
    choose,
    { value: String(Gender.Male), label: t("register.genderMale") },
    { value: String(Gender.Female), label: t("register.genderFemale") },
  ];
  const showState = !hydrated || country === US;
  const showProvince = !hydrated || country === OTHER;
  const isUs = country === US;
  // The phone rule follows the country (docs/decisions/049); without JavaScript the hint gives both.
  const phoneHintText =
    phoneHint ??
    (!hydrated ? `${t("register.phoneHint")} ${t("register.phoneHintOther")}` : isUs ? t("register.phoneHint") : t("register.phoneHintOther"));

  return (
    <>
      <fieldset>
        <legend>{t("register.personalSection")}</legend>
        <TextField name="firstName" label={t("register.firstName")} autoComplete="given-name" />
        <TextField name="middleInitial" label={t("register.middleInitial")} optional maxLength={1} autoComplete="additional-name" />
        <TextField name="lastName" label={t("register.lastName")} autoComplete="family-name" />
        <TextField name="preferredName" label={t("register.preferredName")} autoComplete="nickname" />
        <TextField
          name="birthDate"
          type="date"
          label={t("register.birthDate")}
          hint={t("register.birthDateHint")}
          autoComplete="bday"
          min={BIRTH_DATE_MIN}
          // The registry's rule: not after today (UTC, isoToday). Rendered on the server; a page hydrated after midnight keeps it.
          max={isoToday()}
          suppressHydrationWarning
        />
      </fieldset>
      <fieldset>
        <legend>{t("register.contactSection")}</legend>
        <TextField
          name="email"
          type="email"
          label={t("register.email")}
          hint={emailHint}
          autoComplete="email"
          spellCheck={false}
          readOnly={emailReadOnly}
        />
        <TextField
          name="phoneNumber"
          type="tel"
          label={t("register.phoneNumber")}
          hint={phoneHintText}
          autoComplete={isUs ? "tel-national" : "tel"}
          inputMode="tel"
          readOnly={phoneReadOnly}
          // No maxlength: it would cut a pasted "+1 303 555 5841" or "+44 7911 123456" without a word; the server
          // refuses what is too long or not a number (docs/decisions/090). The US format never drops a digit.
          format={isUs ? formatUsPhone : undefined}
          describedById={phoneCheck ? checkId : undefined}
          onInput={
            phoneReadOnly
              ? undefined
              : (event) => {
                  const input = event.currentTarget;
                  if (isUs) input.value = formatUsPhone(input.value);
                  phoneCheck?.onValue(input.value, false, Number(country));
                }
          }
          onBlur={phoneCheck ? (event) => phoneCheck.onValue(event.currentTarget.value, true, Number(country)) : undefined}
          after={phoneCheck ? <PhoneCheckStatus id={checkId} state={phoneCheck.state} /> : null}
        />
      </fieldset>
      {afterContact}
      <fieldset>
        <legend>{t("register.addressSection")}</legend>
        <TextField name="addressLine1" label={t("register.addressLine1")} autoComplete="address-line1" />
        <TextField name="addressLine2" label={t("register.addressLine2")} optional autoComplete="address-line2" />
        <TextField name="city" label={t("register.city")} autoComplete="address-level2" />
        {showState ? (
          <SelectField
            name="usState"
            label={t("register.usState")}
            hint={hydrated ? undefined : t("register.usStateHint")}
            options={stateOptions}
            autoComplete="address-level1"
          />
        ) : null}
        {showProvince ? (
          <TextField
            name="province"
            label={t("register.province")}
            hint={hydrated ? undefined : t("register.provinceHint")}
            autoComplete="address-level1"
          />
        ) : null}
        <TextField name="postalCode" label={t("register.postalCode")} autoComplete="postal-code" />
        <SelectField
          name="country"
          label={t("register.country")}
          options={countryOptions}
          autoComplete="country"
          onChange={(event) => {
            const next = event.currentTarget.value;
            setCountry(next);
            // The number is checked again by the new country's rule.
            const phone = document.getElementById(phoneField.id);
            if (phoneCheck && !phoneReadOnly && phone instanceof HTMLInputElement) phoneCheck.onValue(phone.value, true, Number(next));
          }}
        />
      </fieldset>
      <SelectField name="preferredLanguage" label={t("register.preferredLanguage")} options={languageOptions} />
      <SelectField name="gender" label={t("register.gender")} options={genderOptions} autoComplete="sex" />
    </>
  );
}
