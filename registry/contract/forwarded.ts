/**
 * What the portal tells the registry about the browser behind a call (docs/decisions/085): its address
 * (`X-Client-Address`, ACC-018) and user agent (`X-Client-User-Agent`, both in e-sign.ts since ESG-003), and the
 * request id of the portal's request (`X-Request-Id`). The registry stores them in every audit row.
 *
 * A portal that calls the registry over HTTP proves itself with `X-Portal-Key` (REGISTRY_PORTAL_KEY on both
 * sides); without it the standalone registry ignores these headers and uses its own socket's address. The portal's
 * in-process registry is called as a function, which no network can reach: its calls need no key.
 */
export const REQUEST_ID_HEADER = "X-Request-Id";
export const PORTAL_KEY_HEADER = "X-Portal-Key";
/** The invite token of `POST /register` and `GET /validate-invite` (ACC-004, ACC-033): never in a query string. */
export const INVITE_TOKEN_HEADER = "X-Invite-Token";

/**
 * A request id as accepted from a trusted sender: 8 to 64 letters, digits, `-`, `_` or `.` (nginx's `$request_id` is
 * 32 hex digits, the portal's own a UUID). Anything else is replaced by a fresh id.
 */
export const REQUEST_ID_PATTERN = /^[A-Za-z0-9._-]{8,64}$/;

/** The request id of a header value when it is well formed, else null. */
export function wellFormedRequestId(value: string | null | undefined): string | null {
  const trimmed = value?.trim() ?? "";
  return REQUEST_ID_PATTERN.test(trimmed) ? trimmed : null;
}
