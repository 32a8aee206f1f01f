import { RegistryMessage } from "../contract/envelope";
import { isRevoked, verifyToken, type TokenPayload } from "../domain/tokens";
import type { Ctx } from "./context";
import { Refusal } from "./respond";

/** The token of an `Authorization: Bearer <token>` header, or null. */
export function bearerToken(request: Request): string | null {
  const m = /^Bearer[ \t]+(\S+)[ \t]*$/i.exec(request.headers.get("authorization") ?? "");
  return m?.[1] ?? null;
}

/**
 * A well-signed, unexpired token of an existing account that has not revoked it, of a sign-in not signed out on its
 * own; null otherwise. The revocation time
 * comes from this process's memory when read less than a second ago (docs/decisions/070); `fresh` reads it from the
 * database, for answers that outlive the request or that issue a new token.
 */
export async function checkToken(ctx: Ctx, token: string, opts: { fresh?: boolean } = {}): Promise<TokenPayload | null> {
  const payload = verifyToken(ctx.settings.tokenSecret, token, ctx.now());
  if (!payload) return null;
  // With the token's sign-in (docs/decisions/109) in the same read: a device signed out on its own is refused.
  // Tokens from before sign-ins had ids have none.
  const { validAfter, ended } = payload.sid
    ? await ctx.revocations.tokenState(ctx.db, payload.sub, payload.sid, opts)
    : { validAfter: await ctx.revocations.validAfter(ctx.db, payload.sub, opts), ended: false };
  if (validAfter === undefined || ended || isRevoked(payload, validAfter)) return null;
  return payload;
}

/** The signed-in patient: 401 tokenNotFound without a bearer token, 401 tokenExpired for a bad, expired or revoked one. */
export async function requirePatient(ctx: Ctx, opts: { fresh?: boolean } = {}): Promise<TokenPayload> {
  const token = bearerToken(ctx.request);
  if (!token) throw new Refusal(401, RegistryMessage.tokenNotFound);
  const payload = await checkToken(ctx, token, opts);
  if (!payload) throw new Refusal(401, RegistryMessage.tokenExpired);
  return payload;
}

/** PLT-013: the bearer token must belong to medical record `{id}` (403 otherwise; 400 for an id that is not one). */
export async function requireOwnRecord(ctx: Ctx, idParam: string | number | undefined, opts: { fresh?: boolean } = {}): Promise<number> {
  return ownRecordId(await requirePatient(ctx, opts), idParam);
}

/** The record id of a path, query or body value when it is the signed-in patient's own (400 / 403 otherwise). */
export function ownRecordId(payload: TokenPayload, idParam: string | number | undefined): number {
  const text = String(idParam ?? "");
  const id = /^[1-9]\d{0,9}$/.test(text) ? Number(text) : NaN;
  if (!Number.isSafeInteger(id)) throw new Refusal(400, RegistryMessage.badRequest);
  if (id !== payload.sub) throw new Refusal(403, RegistryMessage.forbidden);
  return id;
}
