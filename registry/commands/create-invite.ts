import { isValidEmail } from "../contract/registration";
import { audit } from "../data/audit";
import { insertInvite } from "../data/invites";
import type { Db } from "../db/types";
import { newLinkToken } from "../domain/one-time-tokens";
import { inviteEmail } from "../messages/compose";
import type { MessageLang } from "../messages/index";
import { enqueue } from "../outbox/enqueue";
import type { RegistrySettings } from "../settings";

/** ACC-033: invites expire after 30 days and are single use. */
export const INVITE_LIFETIME_MS = 30 * 24 * 60 * 60 * 1000;

export type NewInvite = { firstName: string; lastName: string; email: string; lang?: MessageLang };

/**
 * Creates an invite to the immune-tolerance program (staff work, ACC-033, DSH-013) and queues the invitation email with the
 * link `${PUBLIC_URL}/register?token=<token>` (never a request's Host). Only the token's hash is stored; the link
 * is answered once, here.
 */
export async function createInvite(
  db: Db,
  settings: RegistrySettings,
  invite: NewInvite,
  now: Date = new Date(),
): Promise<{ id: number; link: string; expiresAt: Date }> {
  const firstName = invite.firstName.trim();
  const lastName = invite.lastName.trim();
  const email = invite.email.trim().toLowerCase();
  const problems: string[] = [];
  if (!firstName || firstName.length > 100) problems.push("--first-name is required (at most 100 characters)");
  if (!lastName || lastName.length > 100) problems.push("--last-name is required (at most 100 characters)");
  if (email.length > 254 || !isValidEmail(email)) problems.push("--email must be a valid email address");
  if (problems.length) throw new Error(problems.join("; "));

  const { token, hash } = newLinkToken();
  const link = `${settings.publicUrl}/register?token=${encodeURIComponent(token)}`;
  const expiresAt = new Date(now.getTime() + INVITE_LIFETIME_MS);
  const id = await db.transaction(async (tx) => {
    const inviteId = await insertInvite(tx, { tokenHash: hash, firstName, lastName, email, expiresAt }, now);
    await enqueue(tx, settings, inviteEmail(invite.lang ?? "en", email, { firstName, lastName }, link), now);
    await audit(tx, { actor: { kind: "operator" }, action: "invite.create", detail: { invite: inviteId }, at: now });
    return inviteId;
  });
  return { id, link, expiresAt };
}
