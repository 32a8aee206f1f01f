// `npm run check:dev` (run by .ci/run): `npm run dev` serves /register, and an edit shows without a restart: in the
// server's next answer, and in an open page through hot module replacement (no reload, typed input kept).
// It edits app/routes/register.tsx for a moment and always puts it back. PORT sets the port (default: any free one);
// BASE_PATH is honoured as by the server.
import { chromium } from "@playwright/test";
import { spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { checkList, listeningPort } from "./checks.mjs";
import { basePathSetting, root } from "./lib.mjs";

const file = path.join(root, "app/routes/register.tsx");
const heading = '<h1>{t("register.heading")}</h1>';
const original = fs.readFileSync(file, "utf8");
if (!original.includes(heading)) throw new Error(`check-dev: ${heading} is no longer in app/routes/register.tsx: update this check`);
const marker = `dev-check-${process.pid}`;
const { atime, mtime } = fs.statSync(file);
// Put back with its times too, so the build stamp (scripts/lib.mjs) still matches and nothing rebuilds for it.
const restore = () => {
  fs.writeFileSync(file, original);
  fs.utimesSync(file, atime, mtime);
};
for (const signal of ["SIGINT", "SIGTERM"]) {
  process.on(signal, () => {
    restore();
    process.exit(130);
  });
}

const { check, finish } = checkList();

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "portal-dev-"));
const env = { ...process.env, NODE_ENV: "development", PORT: process.env.PORT ?? "0", HOST: "127.0.0.1", DATA_DIR: dataDir, LOG_LEVEL: "info" };
// As `npm run dev` runs it: node with tsx's loader, no tsx process in between. tsx's CLI relays a signal to its child
// and kills the child outright (exit 130) when the child has not taken it within about 60 ms, as a busy dev server
// may not have just after an edit: the data folder would be left as a kill leaves it.
const server = spawn(process.execPath, ["--import", "tsx", "server.ts", "--dev"], {
  cwd: root,
  env,
  stdio: ["ignore", "pipe", "inherit"],
});
const exited = new Promise((resolve) => server.on("exit", (code) => resolve(code)));
let browser;
try {
  const port = await listeningPort(server);
  check("npm run dev starts (Vite in middleware mode, registry in process, demo data)", port !== undefined);
  if (port === undefined) throw new Error("the dev server did not start");
  const url = `http://127.0.0.1:${port}${basePathSetting()}register`;
  const first = await fetch(url);
  const html = await first.text();
  check("GET /register answers the page, with Vite's HMR client", first.status === 200 && html.includes("inject-hmr-runtime"), first.status);

  browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium" });
  const page = await browser.newPage();
  let loads = 0;
  page.on("load", () => loads++);
  // Vite's client says "[vite] connected." once its WebSocket is open: edits before that would go unseen.
  const connected = new Promise((resolve) => page.on("console", (message) => message.text().includes("[vite] connected") && resolve(true)));
  await page.goto(url);
  await page.waitForFunction(() => document.documentElement.classList.contains("js-enabled"));
  await page.fill('input[name="firstName"]', "Typed");
  check("the page's HMR client connects", await Promise.race([connected, new Promise((resolve) => setTimeout(() => resolve(false), 60_000))]));

  fs.writeFileSync(file, original.replace(heading, `<h1>{t("register.heading")} ${marker}</h1>`));
  const updated = await page
    .waitForFunction((m) => document.querySelector("h1")?.textContent?.includes(m), marker, { timeout: 60_000 })
    .then(
      () => true,
      () => false,
    );
  check(
    "an edit to the route shows in the open page without a reload (HMR), typed input kept",
    updated && loads === 1 && (await page.inputValue('input[name="firstName"]')) === "Typed",
    `updated: ${updated}, page loads: ${loads}`,
  );
  const again = await (await fetch(url)).text();
  check("the server's next answer renders the edited route", again.includes(marker));
} catch (error) {
  check("npm run dev", false, error instanceof Error ? error.message : error);
} finally {
  restore();
  await browser?.close();
  server.kill("SIGINT");
  const code = await Promise.race([exited, new Promise((resolve) => setTimeout(() => resolve("timeout"), 15_000))]);
  check("SIGINT stops the dev server", code === 0, `exit: ${code}`);
  if (code === "timeout") server.kill("SIGKILL");
  fs.rmSync(dataDir, { recursive: true, force: true });
}
finish("dev server");
