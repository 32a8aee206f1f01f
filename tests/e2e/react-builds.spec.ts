import { spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import zlib from "node:zlib";
import { expect, test } from "./fixtures";
import { buildDir, E2E_PORT, ownPortalEnv } from "./support/e2e-env";

/**
 * One React per process, and the same React in the browser as on the server (docs/decisions/118, superseded): the
 * built portal started as `npm start` starts it (NODE_ENV=development, demo mode) loads React's and React DOM's
 * production builds only, and the browser build holds React DOM 19's own code. No browser: the js project runs it once.
 */
const PORT = E2E_PORT + 70;

/** An answer as sent, not decoded (node:http). */
function rawGet(url: string, headers: Record<string, string>): Promise<{ headers: http.IncomingHttpHeaders; body: Buffer }> {
  return new Promise((resolve, reject) => {
    http
      .get(url, { headers }, (res) => {
        const chunks: Buffer[] = [];
        res.on("data", (chunk: Buffer) => chunks.push(chunk));
        res.on("end", () => resolve({ headers: res.headers, body: Buffer.concat(chunks) }));
      })
      .on("error", reject);
  });
}
const root = path.resolve(import.meta.dirname, "../..");
const reactVersion = (JSON.parse(fs.readFileSync(path.join(root, "node_modules/react-dom/package.json"), "utf8")) as { version: string }).version;

test.describe("React builds", () => {
  test.skip(({ javaScriptEnabled }) => !javaScriptEnabled, "no browser: once is enough");

  let dir = "";
  let portal: ChildProcess | undefined;
  test.afterAll(() => {
    if (portal && portal.exitCode === null) portal.kill("SIGKILL");
    if (dir) fs.rmSync(dir, { recursive: true, force: true });
  });

  test("the portal as `npm start` runs it renders pages with React's production builds, never react.development.js", async () => {
    test.setTimeout(120_000);
    dir = fs.mkdtempSync(path.join(os.tmpdir(), "react-builds-"));
    const loaded = path.join(dir, "loaded.txt");
    const packages = path.join(dir, "packages.txt");
    portal = spawn(
      process.execPath,
      ["--import", path.join(root, "tests/e2e/support/record-react-builds.mjs"), path.join(root, buildDir, "server.js")],
      {
        env: ownPortalEnv(PORT, path.join(dir, "data"), { RECORD_REACT_BUILDS: loaded, RECORD_PACKAGES: packages }),
        stdio: "ignore",
      },
    );
    await expect
      .poll(async () => (await fetch(`http://127.0.0.1:${PORT}/readyz`).catch(() => null))?.status, { timeout: 100_000, intervals: [250] })
      .toBe(200);
    const page = await fetch(`http://127.0.0.1:${PORT}/register`);
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain("<h1");
    // docs/decisions/143: a script the page preloads comes as the build compressed it with Brotli's best quality.
    const script = /<link rel="modulepreload" href="\/assets\/(shell-[\w-]+\.js)"/.exec(html)?.[1];
    expect(script).toBeTruthy();
    const sent = await rawGet(`http://127.0.0.1:${PORT}/assets/${script}`, { "Accept-Encoding": "gzip, deflate, br, zstd" });
    expect(sent.headers["content-encoding"]).toBe("br");
    const onDisk = path.join(root, buildDir, "client/assets", script!);
    expect(sent.body.equals(fs.readFileSync(`${onDisk}.br`))).toBe(true);
    expect(zlib.brotliDecompressSync(sent.body).equals(fs.readFileSync(onDisk))).toBe(true);
    // The files the pages render with have run (so the record is not empty by mistake)...
    const ran = () => (fs.existsSync(loaded) ? fs.readFileSync(loaded, "utf8").split("\n") : []);
    await expect
      .poll(() => ran().some((file) => /react-dom\/cjs\/react-dom-server\.node\.production\.js$/.test(file)), { timeout: 5_000 })
      .toBe(true);
    const files = ran();
    expect(files.some((file) => /react\/cjs\/react\.production\.js$/.test(file))).toBe(true);
    // ...and no development build of either package.
    expect(files.filter((file) => /development/.test(file))).toEqual([]);
    // docs/decisions/142: what only documents and emails need is not loaded at rest (about 31 MiB); the record is
    // not empty by mistake (the server's own packages are in it).
    const atRest = fs.readFileSync(packages, "utf8").split("\n");
    expect(atRest).toEqual(expect.arrayContaining(["express", "react-dom", "@electric-sql/pglite"]));
    expect(atRest.filter((name) => ["@cantoo/pdf-lib", "@cantoo/fontkit", "nodemailer"].includes(name))).toEqual([]);
  });

  test(`the browser build holds React DOM ${reactVersion}'s own code, and no other renderer`, () => {
    const assets = path.join(root, buildDir, "client/assets");
    const chunks = fs.readdirSync(assets).filter((name) => name.endsWith(".js"));
    const code = chunks.map((name) => fs.readFileSync(path.join(assets, name), "utf8"));
    // React DOM states its version in its code, and reports its own error codes through react.dev's decoder.
    expect(code.filter((text) => text.includes(`"${reactVersion}"`) && text.includes("react.dev/errors/")).length).toBe(1);
    expect(code.filter((text) => /preact/i.test(text))).toEqual([]);
  });

  test("no page's JavaScript holds zod: the registry contract's schemas stay on the server (decision 138)", () => {
    const assets = path.join(root, buildDir, "client/assets");
    const chunks = fs.readdirSync(assets).filter((name) => name.endsWith(".js"));
    expect(chunks.length).toBeGreaterThan(10);
    // zod 4 names every schema class it builds ("$ZodObject", "$ZodString"...) in its code.
    const withZod = chunks.filter((name) => fs.readFileSync(path.join(assets, name), "utf8").includes('"$ZodObject"'));
    expect(withZod).toEqual([]);
  });
});
