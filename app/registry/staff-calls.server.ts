import { z } from "zod";
import {
  staffLinkInfo,
  staffListItem,
  staffMe,
  staffOrganisations,
  staffPending,
  staffSession,
  staffSetupInfo,
  staffSetupResult,
  type StaffGrant,
  type StaffInviteBody,
} from "../../registry/contract/staff-accounts";
import type { Answer } from "./client.server";

/** The client's one way to call the registry (client.server.ts's `call`, without its raw answer). */
/** Results schemas made once (registry/contract/envelope.ts keeps one envelope per results schema). */
const anyResults = z.unknown();
const peopleResults = z.array(staffListItem);
const invitedResults = z.object({ id: z.number().int() });

export type StaffCaller = <S extends z.ZodType>(
  method: "GET" | "POST",
  path: string,
  results: S,
  init?: { token?: string; body?: unknown; provedWork?: boolean },
) => Promise<Answer<z.infer<S>>>;

/**
 * The staff account calls of the registry (docs/decisions/126), as the staff console makes them: sign-in with two
 * factors, the first-time set-up from a link, and the administrators' people list. `token` is the staff session's (or
 * the pending step's) token: a 401 to a call with one is SessionExpiredError, as for patients.
 */
export function staffCalls(call: StaffCaller) {
  return {
    /** `provedWork`: the browser solved the surge step's proof of work and this portal verified it (docs/decisions/134). */
    signIn: (email: string, password: string, provedWork = false) =>
      call("POST", "/api/staff/sign-in", staffPending, { body: { email, password }, provedWork }),
    signInCode: (pendingToken: string, code: string) =>
      call("POST", "/api/staff/sign-in/code", staffSession, { token: pendingToken, body: { code } }),
    checkLink: (token: string) => call("POST", "/api/staff/links/check", staffLinkInfo, { body: { token } }),
    acceptLink: (token: string, password: string) => call("POST", "/api/staff/links/accept", staffPending, { body: { token, password } }),
    setupInfo: (pendingToken: string) => call("GET", "/api/staff/setup", staffSetupInfo, { token: pendingToken }),
    setup: (pendingToken: string, code: string) => call("POST", "/api/staff/setup", staffSetupResult, { token: pendingToken, body: { code } }),
    me: (token: string) => call("GET", "/api/staff/me", staffMe, { token }),
    signOut: (token: string) => call("POST", "/api/staff/sign-out", anyResults, { token }),
    people: (token: string) => call("GET", "/api/staff/people", peopleResults, { token }),
    invite: (token: string, body: StaffInviteBody) => call("POST", "/api/staff/people", invitedResults, { token, body }),
    setGrants: (token: string, id: number, grants: StaffGrant[]) =>
      call("POST", `/api/staff/people/${id}/grants`, staffListItem, { token, body: { grants } }),
    disable: (token: string, id: number) => call("POST", `/api/staff/people/${id}/disable`, staffListItem, { token }),
    newLink: (token: string, id: number) => call("POST", `/api/staff/people/${id}/link`, anyResults, { token }),
    organisations: (token: string) => call("GET", "/api/staff/organisations", staffOrganisations, { token }),
  };
}
export type StaffCalls = ReturnType<typeof staffCalls>;
