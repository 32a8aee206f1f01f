import fs from "node:fs";

/** Debian's Chromium (npx playwright install cannot download here); Playwright's own browser where it exists. */
export const executablePath = fs.existsSync("/usr/bin/chromium") ? "/usr/bin/chromium" : undefined;

/** How the e2e tests and the bench's old-phone runs launch it (docs: /work/shared/STACK.md "Browsers"). */
export const chromiumArgs = [
  "--headless",
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
];
