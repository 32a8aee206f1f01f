import http from "node:http";
import path from "node:path";
import type { Page } from "@playwright/test";
import { createPatient, expect, expectAccessible, hydrated, newPatient, scriptsRun, test } from "./fixtures";
import { E2E_PORT } from "./support/e2e-env";
import { lines, startOwnPortal, stopOwnPortal, type OwnPortal } from "./support/own-portal";

/** Issue 22, finding 10: the smaller details (docs/decisions/088). */

/** What of the patient a page or the router's memory must not hold once they signed out. */
async function leftovers(page: Page, p: ReturnType<typeof newPatient>): Promise<string[]> {
  const html = await page.content();
  // The router's memory: the first document's inline data and, with JavaScript, the data router's loader data.
  const memory = await page.evaluate(() => {
    const w = window as unknown as { __reactRouterContext?: unknown; __reactRouterDataRouter?: { state?: { loaderData?: unknown } } };
    return JSON.stringify([w.__reactRouterContext ?? null, w.__reactRouterDataRouter?.state?.loaderData ?? null]);
  });
  const values = {
    email: p.email,
    firstName: p.firstName,
    birthDate: p.birthDate,
    address: p.addressLine1,
    phone: p.phone,
    phoneDigits: p.phone.replace(/\D/g, ""),
  };
  const found: string[] = [];
  for (const [what, value] of Object.entries(values)) {
    if (html.includes(value)) found.push(`${what} in the page`);
    if (memory.includes(value)) found.push(`${what} in the router's memory`);
  }
  return found;
}

test.describe("sign-out is a new document (docs/decisions/088)", () => {
  test("after sign-out the tab holds nothing of the profile, and Back shows none of it", async ({ page }) => {
    const patient = await createPatient(page.request, newPatient("Quirina"));
    // The profile, as the first document of the tab: its data is in the page's inline hydration data.
    const profile = await page.goto("profile");
    expect(profile?.headers()["cache-control"]).toBe("no-store");
    await expect(page.getByLabel("Address line 1")).toHaveValue(patient.addressLine1);
    expect(await page.content()).toContain(patient.email);
    if (scriptsRun()) {
      await hydrated(page);
      // A client-side visit to the dashboard: the profile's data stays in the router's memory.
      await page.getByRole("link", { name: "Account Verification", includeHidden: true }).evaluate((a: HTMLAnchorElement) => a.click());
      await expect(page).toHaveURL(/\/confirm$/);
    }

    await page.getByText(`Welcome, ${patient.firstName}`).click();
    await page.getByRole("button", { name: "Logout" }).click();
    await expect(page).toHaveURL(/\/register\?logout=true$/);
    await expect(page.getByRole("status")).toContainText("You have been signed out.");
    // A document load, not a client-side navigation: the page's navigation entry is the page after sign-out.
    expect(await page.evaluate(() => (performance.getEntriesByType("navigation")[0] as PerformanceNavigationTiming).name)).toMatch(
      /\/register\?logout=true$/,
    );
    expect(await leftovers(page, patient)).toEqual([]);
    await expectAccessible(page);

    // Back: the private pages are never kept (no-store), so the browser asks again and is sent to sign in.
    await page.goBack();
    await expect(page).toHaveURL(/\/register/);
    await expect(page.getByText(`Welcome, ${patient.firstName}`)).toHaveCount(0);
    expect(await leftovers(page, patient)).toEqual([]);
  });
});

/**
 * The HTTP edge and the log of a built portal of its own (E2E_PORT + 47, log captured): methods it does not serve,
 * Remix data requests and React Router's own data requests answer as the client's mistakes, and every line the
 * process writes is one JSON object, none at level error. No browser: the js project runs it once.
 */
test.describe.serial("methods, data requests and a log of JSON lines only (docs/decisions/088)", () => {
  const PORT = E2E_PORT + 47;
  let portal: OwnPortal | undefined;

  // eslint-disable-next-line no-empty-pattern -- Playwright reads fixture dependencies from the destructuring
  test.beforeEach(({}, testInfo) => {
    test.skip(testInfo.project.name !== "js", "no browser involved: once is enough");
  });

  // eslint-disable-next-line no-empty-pattern -- Playwright reads fixture dependencies from the destructuring
  test.beforeAll(async ({}, testInfo) => {
    if (testInfo.project.name !== "js") return;
    testInfo.setTimeout(120_000);
    portal = await startOwnPortal("details", PORT, {}, { dataDir: (dir) => path.join(dir, "data") });
  });

  test.afterAll(async () => {
    await stopOwnPortal(portal);
  });

  const call = (method: string, urlPath: string, body?: string, headers: Record<string, string> = {}) =>
    new Promise<{ status: number; headers: http.IncomingHttpHeaders; body: string }>((resolve, reject) => {
      const req = http.request({ host: "127.0.0.1", port: PORT, method, path: urlPath, headers }, (res) => {
        const chunks: Buffer[] = [];
        res.on("data", (c: Buffer) => chunks.push(c));
        res.on("error", reject);
        res.on("end", () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks).toString("utf8") }));
      });
      req.on("error", reject);
      req.end(body);
    });

  test("TRACE and the other methods it does not serve get 405 with Allow; a ?_data= request gets 400", async () => {
    for (const method of ["TRACE", "OPTIONS", "PUT", "PATCH", "DELETE", "PROPFIND"]) {
      const answer = await call(method, "/register", method === "PUT" ? "a=b" : undefined);
      expect(answer.status, method).toBe(405);
      expect(answer.headers.allow, method).toBe("GET, HEAD, POST");
      expect(answer.body, method).not.toContain("at ");
    }
    expect((await call("TRACE", "/landing")).status).toBe(405);
    for (const urlPath of ["/register?_data=routes%2Fregister", "/landing?_data=root", "/register?lng=es&_data=routes%2Fnope"]) {
      expect((await call("GET", urlPath)).status, urlPath).toBe(400);
    }
    const post = await call("POST", "/register?_data=routes%2Fregister", "a=b", { "content-type": "application/x-www-form-urlencoded" });
    expect(post.status).toBe(400);
    // What it serves still answers.
    expect((await call("GET", "/register")).status).toBe(200);
    expect((await call("HEAD", "/register")).status).toBe(200);
  });

  test("a resource route asked with a method it has no handler for: 405 with Allow, never 'Unexpected Server Error' (131)", async () => {
    const form = { "content-type": "application/x-www-form-urlencoded", origin: `http://127.0.0.1:${PORT}` };
    for (const urlPath of ["/session-status", "/staff/session-status"]) {
      const answer = await call("POST", urlPath, "a=b", form);
      expect([answer.status, answer.headers.allow, answer.body], urlPath).toEqual([405, "GET, HEAD", "Method Not Allowed"]);
      expect((await call("GET", urlPath)).status, urlPath).toBe(200);
    }
  });

  test("React Router's data requests for nothing, a malformed path and a manifest query answer without an error", async () => {
    const odd = [
      "/nope.data",
      "/_root.data",
      "/register.data?_routes=routes%2Fnope",
      "/landing.data",
      "/__manifest?p=%2Fx&version=bad",
      "/register%E0%A4%A",
    ];
    for (const urlPath of odd) expect((await call("GET", urlPath)).status, urlPath).toBeLessThan(500);
    expect((await call("POST", "/_root.data", "a=b", { "content-type": "application/x-www-form-urlencoded" })).status).toBeLessThan(500);
  });

  test("every line the portal wrote is one JSON object, none at level error", async () => {
    // Let the request log of the last answers arrive.
    await expect.poll(() => lines(portal!.stdout).filter((l) => l.includes('"msg":"request"')).length).toBeGreaterThanOrEqual(20);
    const written = [...lines(portal!.stdout), ...lines(portal!.stderr)];
    const notJson = written.filter((line) => {
      try {
        return typeof JSON.parse(line) !== "object";
      } catch {
        return true;
      }
    });
    expect(notJson).toEqual([]);
    expect(written.filter((line) => (JSON.parse(line) as { level?: string }).level === "error")).toEqual([]);
    expect(lines(portal!.stderr)).toEqual([]);
    const trace = written.map((line) => JSON.parse(line) as Record<string, unknown>).find((e) => e.method === "TRACE");
    expect(trace).toMatchObject({ level: "info", msg: "request", path: "/register", status: 405 });
  });
});
