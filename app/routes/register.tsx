import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { redirect } from "@remix-run/node";
import { Form, Link, useLoaderData, useNavigation, useSearchParams } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { Country, Gender, Language } from "../../registry/contract/enums";
import { usStates } from "../../registry/contract/us-states";
import { signIn } from "~/auth.server";
import { CsrfField } from "~/components/csrf-field";
import type { RouteHandle } from "~/components/document-title";
import { ErrorSummary } from "~/components/error-summary";
import { CheckboxField, SelectField, TextField } from "~/components/fields";
import { FormState, useFormFailure } from "~/components/form-context";
import { LoginDialog } from "~/components/login-dialog";
import { REGISTER_DEFAULTS, REGISTER_FIELDS } from "~/domain/registration-fields";
import { checkRegistrationForm } from "~/domain/registration-form";
import { formFailure, readForm, textFields } from "~/forms/form.server";
import { loginAction } from "~/forms/login.server";
import { RegistryUnavailableError } from "~/registry/client.server";

export const handle: RouteHandle = { titleKey: "register.title" };

export async function loader({ request, context }: LoaderFunctionArgs) {
  const url = new URL(request.url);
  if (context.session.get("token") && url.searchParams.get("logout") !== "true") return redirect("/landing");
  return { entryreferrer: (url.searchParams.get("entryreferrer") ?? "").slice(0, 200) };
}

export async function action({ request, context }: ActionFunctionArgs) {
  const form = await readForm(request, context.session);
  if (form.get("intent") === "login") return loginAction(form, context);

  const values = textFields(form, REGISTER_FIELDS);
  const entryreferrer = typeof form.get("entryreferrer") === "string" ? String(form.get("entryreferrer")) : "";
  const { payload, errors } = checkRegistrationForm(values, { entryreferrer });
  const fail = (e: Record<string, string>, message?: { key: string; params?: Record<string, string> }, status?: number) =>
    formFailure("register", { ...values, entryreferrer }, e, REGISTER_FIELDS, message, status);
  if (Object.keys(errors).length) return fail(errors as Record<string, string>);

  let answer;
  try {
    answer = await context.registry.register(payload);
  } catch (error) {
    if (error instanceof RegistryUnavailableError) return fail({}, { key: "errors.registryDown" }, 503);
    throw error;
  }
  if (!answer.success || !answer.results) {
    if (answer.errors && Object.keys(answer.errors).length) return fail(answer.errors);
    return fail({}, { key: "register.failed" });
  }
  signIn(context.session, answer.results, { firstName: payload.firstName, preferredLanguage: payload.preferredLanguage });
  return redirect("/landing");
}

export default function Register() {
  const { t } = useTranslation();
  const { entryreferrer } = useLoaderData<typeof loader>();
  const [params] = useSearchParams();
  const failure = useFormFailure("register");
  const loginFailure = useFormFailure("login");
  const navigation = useNavigation();
  const submitting = navigation.state === "submitting" && navigation.formData?.get("intent") === "register";
  const loginOpen = params.get("login") === "1" || !!loginFailure;

  const choose = { value: "0", label: t("register.choose") };
  const stateOptions = [choose, ...usStates.map((s) => ({ value: String(s.id), label: s.description }))];
  const countryOptions = [
    { value: String(Country.UnitedStates), label: t("register.countryUs") },
    { value: String(Country.Other), label: t("register.countryOther") },
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

  return (
    <main id="main" className="container" tabIndex={-1}>
      <LoginDialog open={loginOpen} />
      <ErrorSummary failure={failure} />
      <h1>{t("register.heading")}</h1>
      <p>{t("register.intro")}</p>
      <ul>
        <li>{t("register.audienceLearn")}</li>
        <li>{t("register.audienceCompatible")}</li>
        <li>{t("register.audienceVoucher")}</li>
        <li>{t("register.audienceMicrosite")}</li>
      </ul>
      <FormState id="register" defaults={{ ...REGISTER_DEFAULTS, entryreferrer }}>
        <Form method="post" noValidate className="stacked-form" aria-label={t("register.heading")}>
          <CsrfField />
          <input type="hidden" name="intent" value="register" />
          <input type="hidden" name="entryreferrer" value={failure?.values.entryreferrer ?? entryreferrer} />
          <fieldset>
            <legend>{t("register.personalSection")}</legend>
            <TextField name="firstName" label={t("register.firstName")} autoComplete="given-name" />
            <TextField name="middleInitial" label={t("register.middleInitial")} optional maxLength={1} autoComplete="additional-name" />
            <TextField name="lastName" label={t("register.lastName")} autoComplete="family-name" />
            <TextField name="preferredName" label={t("register.preferredName")} autoComplete="nickname" />
            <TextField name="birthDate" type="date" label={t("register.birthDate")} hint={t("register.birthDateHint")} autoComplete="bday" min="1920-01-01" />
          </fieldset>
          <fieldset>
            <legend>{t("register.contactSection")}</legend>
            <TextField name="email" type="email" label={t("register.email")} autoComplete="email" spellCheck={false} />
            <TextField name="phoneNumber" type="tel" label={t("register.phoneNumber")} hint={t("register.phoneHint")} autoComplete="tel-national" inputMode="tel" />
          </fieldset>
          <fieldset>
            <legend>{t("register.passwordSection")}</legend>
            <TextField name="password" type="password" label={t("register.password")} hint={t("register.passwordHint")} autoComplete="new-password" />
            <TextField name="confirmPassword" type="password" label={t("register.confirmPassword")} autoComplete="new-password" />
          </fieldset>
          <fieldset>
            <legend>{t("register.addressSection")}</legend>
            <TextField name="addressLine1" label={t("register.addressLine1")} autoComplete="address-line1" />
            <TextField name="addressLine2" label={t("register.addressLine2")} optional autoComplete="address-line2" />
            <TextField name="city" label={t("register.city")} autoComplete="address-level2" />
            <SelectField name="usState" label={t("register.usState")} hint={t("register.usStateHint")} options={stateOptions} autoComplete="address-level1" />
            <TextField name="province" label={t("register.province")} hint={t("register.provinceHint")} autoComplete="address-level1" />
            <TextField name="postalCode" label={t("register.postalCode")} autoComplete="postal-code" />
            <SelectField name="country" label={t("register.country")} options={countryOptions} autoComplete="country" />
          </fieldset>
          <SelectField name="preferredLanguage" label={t("register.preferredLanguage")} options={languageOptions} />
          <SelectField name="gender" label={t("register.gender")} options={genderOptions} autoComplete="sex" />
          <CheckboxField name="agreedToHipaa" label={t("register.hipaa")} />
          <button type="submit" disabled={submitting} aria-disabled={submitting}>
            {submitting ? t("register.submitting") : t("register.submit")}
          </button>
        </Form>
      </FormState>
      <p>
        <Link to="/register?login=1" preventScrollReset>
          {t("header.alreadyRegistered")}
        </Link>
      </p>
    </main>
  );
}
