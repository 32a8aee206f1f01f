import { describe, expect, it } from "vitest";
import { newsText } from "./news-texts";

const EMAIL = { email: true, text: false };
const TEXT = { email: false, text: true };
const BOTH = { email: true, text: true };

/** docs/decisions/128: no page tells a patient who chose texts for a kind to check their email for it. */
describe("where a kind of news will come", () => {
  it.each([
    ["screening.complete.staysMember", { steps: EMAIL, decisions: EMAIL, labs: TEXT }, "screening.complete.staysMemberByText"],
    ["screening.complete.staysMember", { steps: TEXT, decisions: TEXT, labs: BOTH }, "screening.complete.staysMember"],
    ["landing.card.thankYouLabs", { steps: EMAIL, decisions: EMAIL, labs: TEXT }, "landing.card.thankYouLabsByText"],
    ["landing.card.immuneToleranceText", { steps: EMAIL, decisions: TEXT, labs: EMAIL }, "landing.card.immuneToleranceTextByText"],
    ["screening.complete.immunoFreeText", { steps: EMAIL, decisions: TEXT, labs: EMAIL }, "screening.complete.immunoFreeTextByText"],
    ["screening.complete.immunoFreeText", { steps: EMAIL, decisions: BOTH, labs: TEXT }, "screening.complete.immunoFreeText"],
    ["screening.complete.cleared", { steps: TEXT, decisions: TEXT, labs: TEXT }, "screening.complete.cleared"],
  ] as const)("%s with %j -> %s", (key, delivery, expected) => {
    expect(newsText(key, delivery)).toBe(expected);
  });

  it("keeps the specification's text when the registry cannot say", () => {
    expect(newsText("screening.complete.staysMember", null)).toBe("screening.complete.staysMember");
  });
});
