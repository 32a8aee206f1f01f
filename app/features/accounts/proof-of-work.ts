/**
 * The sign-in's proof of work during a surge (docs/decisions/087): the server issues a signed, time-limited challenge
 * `c1.<issued>.<nonce>.<bits>.<signature>`; the browser finds a number n such that SHA-256("<challenge>:<n>") starts
 * with `bits` zero bits (about 2^bits hashes: a few hundred milliseconds on an old phone with Web Crypto), without
 * the patient doing anything. Shared by the dialog's script and the server's check.
 */
import { CHALLENGE_FIELD, PROOF_FIELD } from "./bot-fields";

export { CHALLENGE_FIELD, PROOF_FIELD };

/**
 * The sign-in form's address once its challenge is solved: the challenge and proof in the query as well as in the body,
 * so the admission (docs/decisions/134) sees the solved proof before reading any body and lets the post go ahead of
 * unproved ones.
 */
export function provedAction(action: string, challenge: string, proof: string): string {
  const query = new URLSearchParams({ [CHALLENGE_FIELD]: challenge, [PROOF_FIELD]: proof });
  return `${action}${action.includes("?") ? "&" : "?"}${query.toString()}`;
}

/** The difficulty written in a challenge, or null when it does not look like one. */
export function challengeBits(challenge: string): number | null {
  const bits = Number(challenge.split(".")[3]);
  return challenge.startsWith("c1.") && Number.isInteger(bits) && bits >= 1 && bits <= 24 ? bits : null;
}

/** Whether a SHA-256 digest starts with at least `bits` zero bits. */
export function hasLeadingZeroBits(digest: Uint8Array, bits: number): boolean {
  let left = bits;
  for (const byte of digest) {
    if (left <= 0) return true;
    if (left >= 8) {
      if (byte !== 0) return false;
      left -= 8;
    } else return byte >> (8 - left) === 0;
  }
  return left <= 0;
}

/** Solves a challenge with Web Crypto, in batches so the page stays responsive; the proof as a decimal string. */
export async function solveChallenge(challenge: string, subtle: SubtleCrypto = crypto.subtle): Promise<string | null> {
  const bits = challengeBits(challenge);
  if (bits === null) return null;
  const encoder = new TextEncoder();
  const batch = 256;
  for (let start = 0; start < 2 ** 26; start += batch) {
    const digests = await Promise.all(Array.from({ length: batch }, (_, i) => subtle.digest("SHA-256", encoder.encode(`${challenge}:${start + i}`))));
    const found = digests.findIndex((d) => hasLeadingZeroBits(new Uint8Array(d), bits));
    if (found >= 0) return String(start + found);
  }
  return null;
}
