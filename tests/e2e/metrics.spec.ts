import { expect, test } from "./fixtures";
import { E2E_METRICS_PORT, E2E_PORT } from "./support/e2e-env";

/**
 * docs/decisions/131: the built portal started with METRICS_PORT (playwright.config.ts) serves the Prometheus text on
 * that port only, on loopback; its public port answers /metrics as any unknown path (a redirect to /register), never with the figures.
 */
test.describe("metrics on a port of their own (docs/decisions/131)", () => {
  test("the metrics port has the series, labelled by route pattern; the public port has no /metrics", async ({ page }) => {
    await page.goto("");
    // Any unknown path is sent to /register (PLT-002): /metrics too, never answered with the figures.
    const onPublic = await page.request.get(`http://127.0.0.1:${E2E_PORT}/metrics`, { failOnStatusCode: false, maxRedirects: 0 });
    expect(onPublic.status()).toBe(302);
    expect(onPublic.headers()["location"]).toBe("/register");
    expect(await onPublic.text()).not.toContain("http_requests_total");

    const scrape = await page.request.get(`http://127.0.0.1:${E2E_METRICS_PORT}/metrics`);
    expect(scrape.status()).toBe(200);
    const text = await scrape.text();
    for (const name of [
      "http_requests_total",
      "http_request_duration_seconds_bucket",
      'http_requests_in_flight{class="patient"}',
      'http_requests_in_flight{class="page"}',
      'http_requests_refused_total{class="sign-in"}',
      "http_requests_parked",
      "password_hash_pool_queue_length",
      "password_hash_pool_wait_seconds",
      "sign_in_surge_active",
      'outbox_messages{status="held"}',
      "outbox_oldest_pending_seconds",
      "db_pool_connections",
      "db_errors_total",
      "process_resident_memory_bytes",
    ]) {
      expect(text, name).toContain(name);
    }
    // The public /metrics above was counted under the catch-all route's pattern: a path a client chose is never a label.
    expect(text).toMatch(/http_requests_total\{method="GET",route="\/\*",status="302"\} \d+/);
    expect(text).not.toContain('route="/metrics"');
  });
});
