import { describe, expect, it } from "vitest";
import { parseRegistryId } from "./registry-id";

describe("ids from a URL or a form", () => {
  it.each([
    ["1", 1],
    ["42", 42],
    ["0042", 42],
    ["2147483647", 2147483647],
  ] as const)("%j -> %i", (text, id) => expect(parseRegistryId(text)).toBe(id));

  it.each([["0"], ["-1"], ["1.5"], ["1e3"], [" 7"], ["7 "], ["abc"], [""], ["2147483648"], ["99999999999"], ["０７"], [null], [undefined]])(
    "%j is no id",
    (text) => expect(parseRegistryId(text)).toBeNull(),
  );
});
