import fs from "node:fs";

/** Debian's Chromium, where `apt-get install chromium` puts it (npx playwright install cannot download here). */
const DEBIAN_CHROMIUM = "/usr/bin/chromium";

/**
 * The browser to launch: `CHROMIUM_PATH` when set, else Debian's Chromium when installed, else Playwright's own browser
 * (undefined). docs/stack.md, "Browsers".
 */
export function chromiumPath(env = process.env, exists = fs.existsSync) {
  if (env.CHROMIUM_PATH) return env.CHROMIUM_PATH;
  return exists(DEBIAN_CHROMIUM) ? DEBIAN_CHROMIUM : undefined;
}

export const executablePath = chromiumPath();

/** How the e2e tests and the bench's old-phone runs launch it (docs/stack.md, "Browsers"). */
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
