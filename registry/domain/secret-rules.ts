/**
 * What a production secret must be (docs/decisions/088), for the portal's settings (config/settings.ts) and the
 * registry's (registry/settings.ts): at least 32 characters, at least 10 different ones, no placeholder left from a
 * sample, not a shorter part repeated, not mostly runs such as `0123456789`, about 100 bits of variety at least
 * (docs/decisions/131), and no two secrets alike. `openssl rand -base64 48` (what the env samples say) always passes.
 */
export const MIN_SECRET_LENGTH = 32;
export const MIN_DISTINCT_CHARACTERS = 10;
/** The least variety a secret must show, in bits: its length times the entropy of its own characters' frequencies. */
export const MIN_SECRET_BITS = 100;

/** The shortest part that, repeated, makes up `value` (its last copy possibly cut short); `value` itself when none. */
function repeatedUnit(value: string): string {
  for (let period = 1; period <= value.length / 2; period++) {
    let repeats = true;
    for (let i = period; i < value.length && repeats; i++) repeats = value[i] === value[i - period];
    if (repeats) return value.slice(0, period);
  }
  return value;
}

/** How many characters stand in runs of 4 or more that step by -1, 0 or +1 (`0123`, `dcba`, `aaaa`). */
function charactersInRuns(value: string): number {
  const inRun = new Array<boolean>(value.length).fill(false);
  let runStart = 0;
  for (let i = 1; i <= value.length; i++) {
    const step = i < value.length ? value.charCodeAt(i) - value.charCodeAt(i - 1) : NaN;
    const runStep = value.charCodeAt(runStart + 1) - value.charCodeAt(runStart);
    if (Math.abs(step) <= 1 && (i === runStart + 1 || step === runStep)) continue;
    if (i - runStart >= 4) inRun.fill(true, runStart, i);
    runStart = i - 1;
  }
  return inRun.filter(Boolean).length;
}

/** Length times the Shannon entropy of the value's own character frequencies (an estimate: never above the truth). */
export function varietyBits(value: string): number {
  const counts = new Map<string, number>();
  for (const c of value) counts.set(c, (counts.get(c) ?? 0) + 1);
  let perCharacter = 0;
  for (const n of counts.values()) perCharacter -= (n / value.length) * Math.log2(n / value.length);
  return perCharacter * value.length;
}

/** Every secret setting, in the order problems are told. The staff keys are typed by people, and are secrets all the same. */
export const SECRET_NAMES = [
  "SESSION_SECRET",
  "TOKEN_SECRET",
  "LAB_STAFF_KEY",
  "CENTER_STAFF_KEY",
  "PROGRAM_STAFF_KEY",
  "REGISTRY_PORTAL_KEY",
  "SMS_WEBHOOK_SECRET",
] as const;

/**
 * Words of sample and tutorial values, looked for in the secret lower-cased with everything but letters and digits
 * removed. Seven letters or more, so a random secret never holds one by chance (about 1 in 10^9 for 48 bytes).
 */
const PLACEHOLDERS = ["changeme", "replaceme", "placeholder", "example", "yoursecret", "secrethere", "password", "letmein"];

/** Why `value` is not good enough for the secret `name` in production, as one line; null when it is. */
export function secretProblem(name: string, value: string): string | null {
  const fix = "generate one with `openssl rand -base64 48`";
  if (value.length < MIN_SECRET_LENGTH) return `${name} is too short for production: at least ${MIN_SECRET_LENGTH} characters; ${fix}`;
  if (new Set(value).size < MIN_DISTINCT_CHARACTERS) {
    return `${name} is too simple for production: at least ${MIN_DISTINCT_CHARACTERS} different characters; ${fix}`;
  }
  const bare = value.toLowerCase().replace(/[^a-z0-9]/g, "");
  const word = PLACEHOLDERS.find((p) => bare.includes(p));
  if (word) return `${name} holds a placeholder ("${word}") for production; ${fix}`;
  // docs/decisions/131: guessable however long: a part repeated, counting runs, or too little variety.
  const unit = repeatedUnit(value);
  if (unit.length < value.length) {
    return `${name} repeats a part of ${unit.length} characters for production: a repeated part adds nothing; ${fix}`;
  }
  if (charactersInRuns(value) * 2 >= value.length) return `${name} is mostly runs such as 0123 or abcd for production; ${fix}`;
  const bits = varietyBits(value);
  if (bits < MIN_SECRET_BITS)
    return `${name} has too little variety for production (about ${Math.floor(bits)} bits, ${MIN_SECRET_BITS} needed); ${fix}`;
  return null;
}

/** One line for each pair of secrets with the same value (names of unset secrets are skipped). */
export function sameSecrets(secrets: Partial<Record<string, string>>): string[] {
  const given = Object.entries(secrets).filter((entry): entry is [string, string] => typeof entry[1] === "string" && entry[1] !== "");
  const problems: string[] = [];
  given.forEach(([name, value], i) => {
    for (const [other, otherValue] of given.slice(i + 1)) {
      if (value === otherValue) problems.push(`${name} and ${other} are the same: each secret must have its own value`);
    }
  });
  return problems;
}

/** In production every link in a message and every cookie is for HTTPS: PUBLIC_URL must be https://, localhost too. */
export function publicUrlProblem(url: string): string | null {
  return /^https:\/\//i.test(url) ? null : "PUBLIC_URL must start with https:// in production (where patients reach the portal, behind TLS)";
}

/**
 * Every production problem of the secrets and PUBLIC_URL in `env` that are set, one line each: the secrets among
 * `names`, their sameness across all of SECRET_NAMES, and PUBLIC_URL. Missing ones are the caller's to report.
 */
export function productionSecretProblems(env: Partial<Record<string, string>>, names: readonly string[] = SECRET_NAMES): string[] {
  const problems: string[] = [];
  for (const name of names) {
    const value = env[name];
    const problem = value ? secretProblem(name, value) : null;
    if (problem) problems.push(problem);
  }
  problems.push(...sameSecrets(Object.fromEntries(SECRET_NAMES.map((n) => [n, env[n]]))));
  const url = env.PUBLIC_URL ? publicUrlProblem(env.PUBLIC_URL) : null;
  if (url) problems.push(url);
  return problems;
}
