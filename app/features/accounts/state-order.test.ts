import { describe, expect, it } from "vitest";
import en from "~/locales/en/shell";
import es from "~/locales/es/shell";
import { compareStateNames } from "./state-order";

describe("compareStateNames", () => {
  it.each([
    ["en", Object.values(en.usStates)],
    ["es", Object.values(es.usStates)],
  ])("orders every state name of %s as the language's collator does", (lang, names) => {
    const collator = new Intl.Collator(lang);
    expect([...names].sort(compareStateNames)).toEqual([...names].sort(collator.compare));
  });

  it("reads accented letters as their base letters, case aside (as the collator: Hawái before Hawaii)", () => {
    expect(["Oregón", "ohio", "Nuevo México", "Nueva York", "Carolina del Norte", "Hawái", "Hawaii"].sort(compareStateNames)).toEqual([
      "Carolina del Norte",
      "Hawái",
      "Hawaii",
      "Nueva York",
      "Nuevo México",
      "ohio",
      "Oregón",
    ]);
  });

  it("orders names that differ only by case or accent the same way every time", () => {
    expect(compareStateNames("Mexico", "México")).not.toBe(0);
    expect(Math.sign(compareStateNames("Mexico", "México"))).toBe(-Math.sign(compareStateNames("México", "Mexico")));
    expect(compareStateNames("Ohio", "Ohio")).toBe(0);
  });
});
