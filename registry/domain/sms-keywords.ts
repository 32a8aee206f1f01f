/**
 * The keywords of an inbound text message (docs/decisions/106, ACC-040): STOP, START and HELP, their Spanish forms
 * and the synonyms the US carriers honour. The whole message must be one keyword; case, spaces around it,
 * punctuation (¡Alto!, "stop.", "STOP ALL") and accents (Sí) do not matter. Anything else is no keyword: nothing changes.
 */
export type SmsKeyword = "stop" | "start" | "help";
export type KeywordReading = { keyword: SmsKeyword; lang: "en" | "es" };

/** Every keyword, as read after normalising (upper case, no accents, no punctuation). The list of decision 106. */
export const SMS_KEYWORDS: Readonly<Record<SmsKeyword, { en: readonly string[]; es: readonly string[] }>> = {
  stop: { en: ["STOP", "STOPALL", "UNSUBSCRIBE", "CANCEL", "END", "QUIT"], es: ["ALTO", "PARAR", "PARA", "CANCELAR", "DETENER", "BAJA"] },
  start: { en: ["START", "UNSTOP", "YES"], es: ["COMENZAR", "INICIO", "INICIAR", "SI"] },
  help: { en: ["HELP", "INFO"], es: ["AYUDA"] },
};

const READINGS = new Map<string, KeywordReading>(
  (Object.keys(SMS_KEYWORDS) as SmsKeyword[]).flatMap((keyword) =>
    (["en", "es"] as const).flatMap((lang) => SMS_KEYWORDS[keyword][lang].map((word) => [word, { keyword, lang }] as const)),
  ),
);

/** A message as a keyword is looked up: accents dropped, punctuation and spaces removed, upper case. */
export function normaliseKeyword(text: string): string {
  return text
    .normalize("NFD")
    .replace(/\p{M}/gu, "")
    .replace(/[\p{P}\p{S}\s]/gu, "")
    .toUpperCase();
}

/** The keyword a message is, and its language; null when it is none ("please stop texting me" is none). */
export function readKeyword(text: string): KeywordReading | null {
  return READINGS.get(normaliseKeyword(text)) ?? null;
}
