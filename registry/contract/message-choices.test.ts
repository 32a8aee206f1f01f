import { describe, expect, it } from "vitest";
import { deliveredBy } from "./message-choices";

/** The channels a message goes by (docs/decisions/109, 128; ACC-048): the choice, a text only where one can go, never none. */
describe("deliveredBy", () => {
  it.each([
    [{ email: true, text: false }, true, { email: true, text: false }],
    [{ email: false, text: true }, true, { email: false, text: true }],
    [{ email: true, text: true }, true, { email: true, text: true }],
    [{ email: false, text: true }, false, { email: true, text: false }],
    [{ email: true, text: true }, false, { email: true, text: false }],
  ])("%j, a text can go: %s -> %j", (choice, canText, expected) => {
    expect(deliveredBy(choice, canText)).toEqual(expected);
  });
});
