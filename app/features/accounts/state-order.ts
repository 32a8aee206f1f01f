/**
 * The State dropdown's names in the patient's alphabetical order ("Carolina del Norte" under C, "Nuevo México"
 * among the N's) without an `Intl.Collator`: making one loads the language's collation data, 40 ms on a slow phone
 * before the registration form could be used. The names are ours (app/locales), so comparing them with their accents
 * taken off gives the collator's order; state-order.test.ts checks it for every name in both languages.
 */
const folded = (name: string) =>
  name
    .normalize("NFD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase();

export function compareStateNames(a: string, b: string): number {
  const x = folded(a);
  const y = folded(b);
  return x < y ? -1 : x > y ? 1 : a < b ? -1 : a > b ? 1 : 0;
}
