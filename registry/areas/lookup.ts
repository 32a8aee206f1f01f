import { lookupData as lookupDataSchema, type LookupData } from "../contract/schemas";
import { usStates } from "../contract/us-states";
import type { Ctx } from "../http/context";
import { ok } from "../http/respond";
import type { Route } from "../http/router";

const lookupData: LookupData = {
  languageList: [
    { id: 1, code: "en", label: "English" },
    { id: 2, code: "es", label: "Español" },
  ],
  genderList: [
    { id: 1, description: "Male" },
    { id: 2, description: "Female" },
  ],
  usStatesList: usStates.map((s) => ({ ...s })),
};

/** GET /lookup-data: languages, genders and US states for the registration form. */
async function lookup(): Promise<Response> {
  return ok(lookupData);
}

export const lookupRoutes: Route<Ctx>[] = [
  {
    method: "GET",
    pattern: "/lookup-data",
    handle: lookup,
    doc: { summary: "Languages, genders and US states for the registration form.", auth: "none", answer: lookupDataSchema },
  },
];
