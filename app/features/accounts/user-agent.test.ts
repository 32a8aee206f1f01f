import { describe, expect, it } from "vitest";
import { deviceTime } from "./devices-view";
import { browserWords } from "./user-agent";

/** The device list names browsers in plain words (docs/decisions/109, ACC-049). */
describe("browserWords", () => {
  it.each([
    ["Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Mobile Safari/537.36", "Chrome", "Android"],
    [
      "Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1",
      "Safari",
      "iPhone",
    ],
    [
      "Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) CriOS/126.0.6478.54 Mobile/15E148 Safari/604.1",
      "Chrome",
      "iPhone",
    ],
    [
      "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36 Edg/126.0.2592.68",
      "Edge",
      "Windows",
    ],
    ["Mozilla/5.0 (Macintosh; Intel Mac OS X 14_5) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Safari/605.1.15", "Safari", "Mac"],
    ["Mozilla/5.0 (X11; Ubuntu; Linux x86_64; rv:127.0) Gecko/20100101 Firefox/127.0", "Firefox", "Linux"],
    [
      "Mozilla/5.0 (Linux; Android 14; SM-S911B) AppleWebKit/537.36 (KHTML, like Gecko) SamsungBrowser/25.0 Chrome/121.0.0.0 Mobile Safari/537.36",
      "Samsung Internet",
      "Android",
    ],
    [
      "Mozilla/5.0 (iPad; CPU OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) FxiOS/127.0 Mobile/15E148 Safari/605.1.15",
      "Firefox",
      "iPad",
    ],
    ["Mozilla/5.0 (X11; CrOS x86_64 14541.0.0) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36", "Chrome", "ChromeOS"],
    [
      "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36 OPR/111.0.0.0",
      "Opera",
      "Windows",
    ],
  ])("%s is %s on %s", (ua, browser, system) => {
    expect(browserWords(ua)).toEqual({ browser, system });
  });

  it("says nothing it cannot tell", () => {
    expect(browserWords(null)).toEqual({ browser: null, system: null });
    expect(browserWords("curl/8.5.0")).toEqual({ browser: null, system: null });
    expect(browserWords("Mozilla/5.0 (Windows NT 10.0) SomeBrowser/1.0")).toEqual({ browser: null, system: "Windows" });
  });
});

describe("deviceTime", () => {
  it("writes the last use with the month by name and the time in UTC, in the page's language", () => {
    expect(deviceTime("2025-03-10T15:04:00.000Z", "en")).toMatch(/^March 10, 2025.*3:04\sPM UTC$/);
    expect(deviceTime("2025-03-10T15:04:00.000Z", "es")).toMatch(/^10 de marzo de 2025.*3:04\sp\.\s?m\.\sUTC$/);
  });
});
