import { createHash, randomBytes } from "node:crypto";

/** A random 256-bit token for a link (invite, password reset) and the SHA-256 that alone is stored. */
export function newLinkToken(): { token: string; hash: string } {
  const token = randomBytes(32).toString("base64url");
  return { token, hash: hashLinkToken(token) };
}

export function hashLinkToken(token: string): string {
  return createHash("sha256").update(token, "utf8").digest("hex");
}
