import { describe, expect, it } from "vitest";
import { metricsListen, MetricsSettingsError } from "./metrics-settings";

describe("metricsListen (docs/decisions/131)", () => {
  it("is off without METRICS_PORT and on loopback by default", () => {
    expect(metricsListen({})).toBeUndefined();
    expect(metricsListen({ METRICS_PORT: "" })).toBeUndefined();
    expect(metricsListen({ METRICS_PORT: "9464" }, 3000)).toEqual({ port: 9464, host: "127.0.0.1" });
    expect(metricsListen({ METRICS_PORT: "9464", METRICS_HOST: "::1" })).toEqual({ port: 9464, host: "::1" });
  });

  it("refuses a host beyond loopback unless said out loud, the public port, and a port that is not one", () => {
    expect(() => metricsListen({ METRICS_PORT: "9464", METRICS_HOST: "0.0.0.0" })).toThrow(/METRICS_HOST_NOT_LOOPBACK=true/);
    expect(() => metricsListen({ METRICS_PORT: "9464", METRICS_HOST: "10.0.0.5" })).toThrow(MetricsSettingsError);
    expect(metricsListen({ METRICS_PORT: "9464", METRICS_HOST: "10.0.0.5", METRICS_HOST_NOT_LOOPBACK: "true" })).toEqual({
      port: 9464,
      host: "10.0.0.5",
    });
    expect(() => metricsListen({ METRICS_PORT: "3000" }, 3000)).toThrow(/public port/);
    expect(() => metricsListen({ METRICS_PORT: "0" })).toThrow(/not a port/);
    expect(() => metricsListen({ METRICS_PORT: "9464x" })).toThrow(/not a port/);
  });
});
