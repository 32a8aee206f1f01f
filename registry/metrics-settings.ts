/** Where the Prometheus metrics are served (docs/decisions/131): read by the portal's settings and by `registry serve`. */
export type MetricsListen = { port: number; host: string };

export class MetricsSettingsError extends Error {}

const LOOPBACK = /^(127(\.\d{1,3}){3}|::1|\[::1\]|localhost)$/i;

/**
 * METRICS_PORT (unset: no metrics), METRICS_HOST (default 127.0.0.1). A host other than loopback exposes the process's
 * figures to whoever reaches it: refused unless METRICS_HOST_NOT_LOOPBACK=true says a firewall or a private network
 * keeps it to the scraper.
 */
export function metricsListen(env: Record<string, string | undefined>, publicPort?: number): MetricsListen | undefined {
  const raw = env.METRICS_PORT?.trim();
  if (!raw) return undefined;
  const port = Number(raw);
  if (!/^\d+$/.test(raw) || !Number.isInteger(port) || port < 1 || port > 65535) {
    throw new MetricsSettingsError(`METRICS_PORT=${raw} is not a port number (1-65535)`);
  }
  if (publicPort !== undefined && port === publicPort) {
    throw new MetricsSettingsError(`METRICS_PORT=${raw} is the public port: give the metrics a port of their own`);
  }
  const host = env.METRICS_HOST?.trim() || "127.0.0.1";
  if (!LOOPBACK.test(host) && env.METRICS_HOST_NOT_LOOPBACK !== "true") {
    throw new MetricsSettingsError(
      `METRICS_HOST=${host} serves the metrics beyond this machine: keep 127.0.0.1, or set METRICS_HOST_NOT_LOOPBACK=true if only the scraper can reach it`,
    );
  }
  return { port, host };
}
