/**
 * Text compared as a reader of a language orders it (accents and case as that language's collation says). One
 * `Intl.Collator` per language and options, made on the first comparison: `a.localeCompare(b, lang, options)` is
 * the same comparison, but making a collator loads the language's collation data (several milliseconds on a slow
 * phone), so a module that only may sort never pays for it when it loads.
 */
const collators = new Map<string, Intl.Collator>();

export function compareText(lang: string, options: Pick<Intl.CollatorOptions, "sensitivity" | "numeric"> = {}): (a: string, b: string) => number {
  const key = `${lang}|${options.sensitivity ?? ""}|${options.numeric ? "n" : ""}`;
  let collator: Intl.Collator | undefined;
  return (a, b) => {
    if (!collator) {
      collator = collators.get(key) ?? new Intl.Collator(lang, options);
      collators.set(key, collator);
    }
    return collator.compare(a, b);
  };
}
