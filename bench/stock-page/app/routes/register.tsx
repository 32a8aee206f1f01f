import { Form, data, redirect, useActionData, useLoaderData, useNavigation } from "react-router";
import type { ActionFunctionArgs, MetaFunction } from "react-router";

// A registration form as a typical React Router 7 app writes it: 18 labelled fields, a loader, an action that
// answers the errors (useActionData), no optimisation of any kind.

type Field = { name: string; label: string; type?: string; required?: boolean; autoComplete?: string };

const FIELDS: Field[] = [
  { name: "firstName", label: "First name", required: true, autoComplete: "given-name" },
  { name: "middleName", label: "Middle name", autoComplete: "additional-name" },
  { name: "lastName", label: "Last name", required: true, autoComplete: "family-name" },
  { name: "dateOfBirth", label: "Date of birth", type: "date", required: true, autoComplete: "bday" },
  { name: "sex", label: "Sex", required: true, autoComplete: "sex" },
  { name: "email", label: "Email", type: "email", required: true, autoComplete: "email" },
  { name: "phone", label: "Phone", type: "tel", required: true, autoComplete: "tel" },
  { name: "address1", label: "Address", required: true, autoComplete: "address-line1" },
  { name: "address2", label: "Apartment, suite (optional)", autoComplete: "address-line2" },
  { name: "city", label: "City", required: true, autoComplete: "address-level2" },
  { name: "state", label: "State", required: true, autoComplete: "address-level1" },
  { name: "zip", label: "ZIP code", required: true, autoComplete: "postal-code" },
  { name: "height", label: "Height (inches)", type: "number", required: true },
  { name: "weight", label: "Weight (pounds)", type: "number", required: true },
  { name: "emergencyName", label: "Emergency contact name", required: true },
  { name: "emergencyPhone", label: "Emergency contact phone", type: "tel", required: true },
  { name: "password", label: "Password", type: "password", required: true, autoComplete: "new-password" },
  { name: "confirmPassword", label: "Confirm password", type: "password", required: true, autoComplete: "new-password" },
];

const STATES = ["AL", "AK", "AZ", "AR", "CA", "CO", "CT", "DE", "FL", "GA", "HI", "ID", "IL", "IN", "IA", "KS", "KY"];

export const meta: MetaFunction = () => [{ title: "Register" }, { name: "description", content: "Create your account" }];

export async function loader() {
  return { states: STATES, sexes: ["Female", "Male"] };
}

export async function action({ request }: ActionFunctionArgs) {
  const form = await request.formData();
  const values = Object.fromEntries(FIELDS.map((f) => [f.name, String(form.get(f.name) ?? "").trim()]));
  const errors: Record<string, string> = {};
  for (const f of FIELDS) if (f.required && !values[f.name]) errors[f.name] = `${f.label} is required`;
  if (values.email && !/^[^@\s]+@[^@\s]+\.[^@\s]+$/.test(values.email)) errors.email = "Enter a valid email";
  if (values.zip && !/^\d{5}$/.test(values.zip)) errors.zip = "Enter a 5-digit ZIP code";
  if (values.password && values.password.length < 12) errors.password = "Use at least 12 characters";
  if (values.password !== values.confirmPassword) errors.confirmPassword = "The passwords do not match";
  if (Object.keys(errors).length) return data({ errors, values }, { status: 400 });
  return redirect("/register?done=1");
}

export default function Register() {
  const { states, sexes } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const navigation = useNavigation();
  const errors = actionData?.errors ?? {};
  return (
    <main>
      <h1>Create your account</h1>
      <Form method="post" noValidate>
        {FIELDS.map((f) => (
          <p key={f.name}>
            <label htmlFor={f.name}>{f.label}</label>
            {f.name === "state" || f.name === "sex" ? (
              <select id={f.name} name={f.name} defaultValue={actionData?.values[f.name] ?? ""} aria-invalid={errors[f.name] ? true : undefined}>
                <option value="">Choose…</option>
                {(f.name === "state" ? states : sexes).map((o) => (
                  <option key={o}>{o}</option>
                ))}
              </select>
            ) : (
              <input
                id={f.name}
                name={f.name}
                type={f.type ?? "text"}
                required={f.required}
                autoComplete={f.autoComplete}
                defaultValue={f.type === "password" ? undefined : actionData?.values[f.name]}
                aria-invalid={errors[f.name] ? true : undefined}
                aria-describedby={errors[f.name] ? `${f.name}-error` : undefined}
              />
            )}
            {errors[f.name] ? <span id={`${f.name}-error`}>{errors[f.name]}</span> : null}
          </p>
        ))}
        <button type="submit" disabled={navigation.state === "submitting"}>
          {navigation.state === "submitting" ? "Creating your account…" : "Create account"}
        </button>
      </Form>
    </main>
  );
}
