import { describe, expect, it } from "vitest";
import { CHOICE_FIELDS, choiceValues, readChoices } from "./message-choices-form";
import { deviceRows, deviceTime, placeWords } from "./devices-view";

/** /profile/messages' form (ACC-047) and /profile/devices' rows (ACC-049). */
const form = (ticked: string[]) => {
  const f = new FormData();
  for (const name of ticked) f.set(name, "true");
  return f;
};

describe("message choices form (ACC-047)", () => {
  it("lists each kind's error field before its two checkboxes, in page order", () => {
    expect(CHOICE_FIELDS).toEqual([
      "steps",
      "steps-email",
      "steps-text",
      "decisions",
      "decisions-email",
      "decisions-text",
      "labs",
      "labs-email",
      "labs-text",
    ]);
  });

  it("reads the ticked channels; a kind with none ticked gets its own message", () => {
    const read = readChoices(form(["steps-email", "steps-text", "labs-text"]));
    expect(read.choices).toEqual({
      steps: { email: true, text: true },
      decisions: { email: false, text: false },
      labs: { email: false, text: true },
    });
    expect(read.errors).toEqual({ decisions: "messageChoices.decisionsRequired" });
    // The form comes back as ticked.
    expect(read.values).toMatchObject({
      "steps-email": "true",
      "steps-text": "true",
      "decisions-email": "",
      "decisions-text": "",
      "labs-text": "true",
    });
  });

  it("every kind without a channel: three errors; a value other than 'true' is not a tick", () => {
    const f = form([]);
    f.set("steps-email", "yes");
    expect(Object.keys(readChoices(f).errors)).toEqual(["steps", "decisions", "labs"]);
  });

  it("stored choices become the form's values", () => {
    const values = choiceValues({ steps: { email: true, text: false }, decisions: { email: false, text: true }, labs: { email: true, text: true } });
    expect(values).toEqual({
      "steps-email": "true",
      "steps-text": "",
      "decisions-email": "",
      "decisions-text": "true",
      "labs-email": "true",
      "labs-text": "true",
    });
  });
});

describe("devices view (ACC-049)", () => {
  it("says the moment in the patient's language, in UTC, said so", () => {
    expect(deviceTime("2025-03-10T15:00:00Z", "en")).toMatch(/^March 10, 2025 at 3:00\sPM UTC$/);
    expect(deviceTime("2025-03-10T15:00:00Z", "es")).toMatch(/^10 de marzo de 2025 a las 3:00\sp\.\s?m\. UTC$/);
    expect(deviceTime("not a date", "en")).toBe("");
  });

  it("rows carry words for the browser, never the raw header", () => {
    const [row] = deviceRows(
      [
        {
          id: "a".repeat(16),
          userAgent: "Mozilla/5.0 (Windows NT 10.0; Win64; x64) Firefox/128.0",
          address: "203.0.113.x",
          lastUsedAt: "2025-03-10T15:00:00Z",
          current: true,
        },
      ],
      "en",
    );
    expect(row).toMatchObject({ id: "a".repeat(16), address: "203.0.113.x", lastUsedIso: "2025-03-10T15:00:00Z", current: true });
    expect(JSON.stringify(row!.browser)).not.toContain("Mozilla");
  });

  it("names the place in the page's language, else in English; a name said once; none without a place (116)", () => {
    const seville = { city: { en: "Seville", es: "Sevilla" }, region: { en: "Andalusia", es: "Andalucía" }, country: { en: "Spain", es: "España" } };
    expect(placeWords(seville, "es")).toBe("Sevilla, Andalucía, España");
    expect(placeWords(seville, "en")).toBe("Seville, Andalusia, Spain");
    const denver = { city: { en: "Denver" }, region: { en: "Colorado" }, country: { en: "United States", es: "Estados Unidos" } };
    expect(placeWords(denver, "es")).toBe("Denver, Colorado, Estados Unidos");
    expect(placeWords({ city: { en: "Madrid", es: "Madrid" }, region: { en: "Madrid" }, country: { es: "España" } }, "en")).toBe("Madrid");
    expect(placeWords({ country: { es: "España" } }, "es")).toBe("España");
    expect(placeWords({}, "en")).toBeNull();
    expect(placeWords(undefined, "en")).toBeNull();
    const [row] = deviceRows(
      [{ id: "b", userAgent: null, address: "2.139.20.x", place: seville, lastUsedAt: "2025-03-10T15:00:00Z", current: false }],
      "es",
    );
    expect(row!.place).toBe("Sevilla, Andalucía, España");
  });
});
