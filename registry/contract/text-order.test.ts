import { describe, expect, it, vi } from "vitest";
import { compareText } from "./text-order";

describe("compareText", () => {
  it("orders Spanish names as a Spanish reader does, accents not first nor last", () => {
    const names = ["Oregón", "Carolina del Norte", "Ohio", "Nueva York", "Ñuble"];
    expect([...names].sort(compareText("es"))).toEqual(["Carolina del Norte", "Nueva York", "Ñuble", "Ohio", "Oregón"]);
  });

  it("makes its collator on the first comparison, not when asked for the comparison", () => {
    const Collator = Intl.Collator;
    let made = 0;
    function Counted(...args: ConstructorParameters<typeof Collator>) {
      made++;
      return new Collator(...args);
    }
    vi.stubGlobal("Intl", { ...Intl, Collator: Counted });
    try {
      const compare = compareText("fr", { sensitivity: "accent" });
      expect(made).toBe(0);
      expect(compare("a", "b")).toBeLessThan(0);
      expect(compare("b", "a")).toBeGreaterThan(0);
      expect(made).toBe(1);
    } finally {
      vi.unstubAllGlobals();
    }
  });

  it("ignores case and accents at base sensitivity, and numbers compare as numbers when asked", () => {
    expect(compareText("en", { sensitivity: "base" })("Élan", "elan")).toBe(0);
    expect(["Center 10", "Center 9"].sort(compareText("en", { sensitivity: "base", numeric: true }))).toEqual(["Center 9", "Center 10"]);
    expect(["Center 10", "Center 9"].sort(compareText("en", { sensitivity: "base" }))).toEqual(["Center 10", "Center 9"]);
  });

  it("gives the same comparison as localeCompare with the same language and options", () => {
    const pairs = [
      ["a", "B"],
      ["é", "e"],
      ["Z", "a"],
      ["x10", "x2"],
    ] as const;
    for (const [a, b] of pairs) {
      expect(Math.sign(compareText("es")(a, b))).toBe(Math.sign(a.localeCompare(b, "es")));
      expect(Math.sign(compareText("en", { sensitivity: "base", numeric: true })(a, b))).toBe(
        Math.sign(a.localeCompare(b, "en", { sensitivity: "base", numeric: true })),
      );
    }
  });
});
