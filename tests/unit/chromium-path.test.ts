import { describe, expect, it } from "vitest";
import { chromiumPath } from "../e2e/support/chromium.mjs";

// docs/stack.md, "Browsers": Debian's Chromium by default, any other browser through CHROMIUM_PATH, Playwright's own last.
describe("the Chromium the e2e tests and the bench launch", () => {
  it("is the one CHROMIUM_PATH names, whatever is installed", () => {
    expect(chromiumPath({ CHROMIUM_PATH: "/opt/chrome/chrome" }, () => true)).toBe("/opt/chrome/chrome");
  });

  it("is Debian's /usr/bin/chromium when installed and nothing else is named", () => {
    expect(chromiumPath({}, (file) => file === "/usr/bin/chromium")).toBe("/usr/bin/chromium");
  });

  it("is Playwright's own browser (undefined) when neither exists", () => {
    expect(chromiumPath({}, () => false)).toBeUndefined();
  });
});
