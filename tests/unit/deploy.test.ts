/**
 * The deployment samples in deploy/: the systemd units pass `systemd-analyze verify`, the TLS nginx sample passes
 * `nginx -t` and serves through a self-signed certificate made here with openssl, its /portal/ location stays the
 * one the e2e suite walks (deploy/nginx/portal.conf), and the environment file samples pass the settings checks.
 * A tool that is not installed skips its test, saying which one. DEPLOY_TEST_PORT picks three ports from there
 * (nginx HTTPS, nginx HTTP, the upstream); otherwise free ones.
 */
import { execFileSync, spawn, spawnSync, type ChildProcess } from "node:child_process";
import { randomBytes } from "node:crypto";
import fs from "node:fs";
import http from "node:http";
import https from "node:https";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadSettings } from "../../config/settings";
import { checkServeConfig, registrySettingsFromEnv } from "../../registry/settings";

const root = path.resolve(__dirname, "../..");
const read = (file: string) => fs.readFileSync(path.join(root, file), "utf8");
const found = (cmd: string) => spawnSync("sh", ["-c", `command -v ${cmd}`]).status === 0;
const skipNote = (cmd: string, what: string) => (found(cmd) ? what : `${what} (skipped: ${cmd} is not installed)`);

describe("systemd units", () => {
  const units = ["deploy/systemd/portal.service", "deploy/systemd/portal-registry.service"];
  it.skipIf(!found("systemd-analyze"))(skipNote("systemd-analyze", "pass systemd-analyze verify without a warning"), () => {
    const result = spawnSync("systemd-analyze", ["verify", ...units.map((u) => path.join(root, u))], { encoding: "utf8" });
    expect(result.stderr).toBe("");
    expect(result.status).toBe(0);
  });

  it("run the bundled programs as the unprivileged user, with settings from /etc/portal and a drain before the stop", () => {
    const portal = read(units[0]!);
    expect(portal).toMatch(/^ExecStart=\/usr\/bin\/node \/opt\/portal\/build\/server\.js$/m);
    expect(portal).toMatch(/^EnvironmentFile=\/etc\/portal\/portal\.env$/m);
    expect(read(units[1]!)).toMatch(/^ExecStart=\/usr\/bin\/node \/opt\/portal\/build\/registry\.js serve$/m);
    for (const unit of units.map(read)) {
      expect(unit).toMatch(/^User=portal$/m);
      expect(unit).toMatch(/^Environment=NODE_ENV=production /m);
      // The stop timeout leaves room for the drain (SHUTDOWN_GRACE_MS, default 10 s).
      expect(Number(/^TimeoutStopSec=(\d+)$/m.exec(unit)?.[1])).toBeGreaterThanOrEqual(10);
    }
  });
});

describe("environment file samples", () => {
  const envOf = (file: string) =>
    Object.fromEntries(
      read(file)
        .split("\n")
        .filter((line) => /^[A-Z_]+=/.test(line))
        // As systemd's EnvironmentFile= (and sh) read them: double quotes around a value are dropped.
        .map((line) => [line.slice(0, line.indexOf("=")), line.slice(line.indexOf("=") + 1).replace(/^"(.*)"$/, "$1")]),
    ) as Record<string, string>;
  // As `openssl rand -base64 48` (the samples' advice) makes them: production refuses weak or equal ones (docs/decisions/088).
  const secret = () => randomBytes(48).toString("base64");
  const secrets = { SESSION_SECRET: secret(), TOKEN_SECRET: secret() };

  it("the samples set no LAB_STAFF_KEY: staff sign in with their own accounts (docs/decisions/136)", () => {
    for (const file of ["deploy/systemd/portal.env.example", "deploy/systemd/registry.env.example"]) expect(read(file)).not.toMatch(/LAB_STAFF_KEY/);
  });

  it("portal.env.example with its secrets filled in passes the portal's and the registry's checks in production", () => {
    const env = { ...envOf("deploy/systemd/portal.env.example"), ...secrets, NODE_ENV: "production", DATA_DIR: os.tmpdir() };
    const settings = loadSettings(env);
    expect(settings).toMatchObject({ production: true, demoMode: false, basePath: "/portal/", trustProxyHops: 1 });
    expect(registrySettingsFromEnv(env).settings.demoMode).toBe(false);
  });

  it("the samples read the same through sh as through systemd (docs/operations.md runs staff commands that way)", () => {
    for (const file of ["deploy/systemd/portal.env.example", "deploy/systemd/registry.env.example"]) {
      const printed = execFileSync(
        "sh",
        ["-c", `set -a; . "$0"; set +a; "${process.execPath}" -e 'process.stdout.write(JSON.stringify(process.env))'`, path.join(root, file)],
        { encoding: "utf8", env: { NODE_ENV: "test" } },
      );
      const viaSh = JSON.parse(printed) as Record<string, string>;
      for (const [name, value] of Object.entries(envOf(file))) expect(viaSh[name], name).toBe(value);
    }
  });

  it("portal.env.example without its secrets stops the start, naming them", () => {
    const env = { ...envOf("deploy/systemd/portal.env.example"), NODE_ENV: "production", DATA_DIR: os.tmpdir() };
    expect(() => loadSettings(env)).toThrow(/SESSION_SECRET/);
  });

  it("registry.env.example with its secrets filled in passes the registry's checks in production", () => {
    const config = registrySettingsFromEnv({
      ...envOf("deploy/systemd/registry.env.example"),
      ...secrets,
      REGISTRY_PORTAL_KEY: secret(),
      NODE_ENV: "production",
      DATA_DIR: os.tmpdir(),
    });
    // Loopback unless REGISTRY_HOST says otherwise; `serve` needs the portal key in production (docs/decisions/085).
    expect(config).toMatchObject({ production: true, port: 4000, host: "127.0.0.1" });
    expect(() => checkServeConfig(config)).not.toThrow();
    expect(() => checkServeConfig({ ...config, portalKey: undefined })).toThrow(/REGISTRY_PORTAL_KEY/);
    expect(config.databaseUrl).toMatch(/^postgres:/);
  });
});

describe("prometheus-alerts.yml", () => {
  it("reads only series the portal and the registry expose (docs/decisions/131)", () => {
    const rules = read("deploy/prometheus-alerts.yml");
    const declared = new Set([...(read("registry/metrics.ts") + read("server/metrics.ts")).matchAll(/name: "([a-z_]+)"/g)].map((m) => m[1]));
    const exprs = [...rules.matchAll(/expr: (?:>-\n((?: {10}.*\n)+)|(.*)\n)/g)].map((m) => m[1] ?? m[2] ?? "");
    expect(exprs.length).toBeGreaterThanOrEqual(2);
    const used = new Set(exprs.flatMap((e) => [...e.matchAll(/\b([a-z]+_[a-z_]+)(?=[{[])/g)].map((m) => m[1]!.replace(/_bucket$/, ""))));
    expect(used.size).toBeGreaterThan(3);
    for (const name of used) expect(declared, name).toContain(name);
  });
});

describe("nginx samples", () => {
  /** The block that starts with this line, to its closing brace at the same indentation. */
  const block = (conf: string, start: string) => {
    const from = conf.indexOf(start);
    const end = `\n${/^ */.exec(start)![0]}}\n`;
    return from < 0 ? "" : conf.slice(from, conf.indexOf(end, from) + end.length);
  };

  it("the TLS sample proxies /portal/ exactly as portal.conf, which the e2e suite walks through", () => {
    const plain = read("deploy/nginx/portal.conf");
    const tls = read("deploy/nginx/portal-tls.conf");
    for (const start of ["    location /portal/ {", "    location = /portal {"]) {
      expect(block(tls, start)).not.toBe("");
      expect(block(tls, start)).toBe(block(plain, start));
    }
    expect(block(tls, "upstream kidney_portal {")).toBe(block(plain, "upstream kidney_portal {"));
  });

  const tools = found("nginx") && found("openssl");
  describe.skipIf(!tools)(
    tools ? "the TLS sample, with a self-signed certificate" : "the TLS sample (skipped: nginx or openssl is not installed)",
    () => {
      let dir = "";
      let nginx: ChildProcess | undefined;
      let upstream: http.Server | undefined;
      let ca = "";
      const ports = { https: 0, http: 0, upstream: 0 };
      const seen: http.IncomingHttpHeaders[] = [];

      const freePort = () =>
        new Promise<number>((resolve) => {
          const probe = net.createServer().listen(0, "127.0.0.1", () => {
            const { port } = probe.address() as net.AddressInfo;
            probe.close(() => resolve(port));
          });
        });
      const nginxArgs = () => ["-p", dir, "-c", path.join(dir, "nginx.conf")];

      beforeAll(async () => {
        dir = fs.mkdtempSync(path.join(os.tmpdir(), "portal-nginx-tls-"));
        const base = Number(process.env.DEPLOY_TEST_PORT ?? 0);
        ports.https = base || (await freePort());
        ports.http = base ? base + 1 : await freePort();
        ports.upstream = base ? base + 2 : await freePort();
        execFileSync(
          "openssl",
          [
            "req",
            "-x509",
            "-newkey",
            "ec",
            "-pkeyopt",
            "ec_paramgen_curve:prime256v1",
            "-nodes",
            "-days",
            "1",
            "-subj",
            "/CN=localhost",
            "-addext",
            "subjectAltName=DNS:localhost",
            "-keyout",
            path.join(dir, "key.pem"),
            "-out",
            path.join(dir, "cert.pem"),
          ],
          { stdio: "ignore" },
        );
        ca = fs.readFileSync(path.join(dir, "cert.pem"), "utf8");
        const sample = read("deploy/nginx/portal-tls.conf")
          .replace(/^\s*listen \[::\].*\n/gm, "")
          .replace("listen 80;", `listen 127.0.0.1:${ports.http};`)
          .replace("listen 443 ssl http2;", `listen 127.0.0.1:${ports.https} ssl http2;`)
          .replace(/ssl_certificate .*;/, `ssl_certificate ${dir}/cert.pem;`)
          .replace(/ssl_certificate_key .*;/, `ssl_certificate_key ${dir}/key.pem;`)
          .replace("server 127.0.0.1:3000 ", `server 127.0.0.1:${ports.upstream} `)
          .replace(/^\s*server 127\.0\.0\.1:3001\b.*\n/m, "")
          // The access log in this test's folder, not the machine's /var/log/nginx (docs/decisions/085).
          .replace(/\/var\/log\/nginx\//g, `${dir}/logs/`)
          // This test's browser is 127.0.0.1: limited here like any other address (the sample spares loopback).
          .replace(/(geo \$portal_limit_exempt \{\n(?:.*\n)*?) {4}127\.0\.0\.0\/8 1;\n/, "$1");
        expect(sample).toContain(`${dir}/cert.pem`);
        expect(/geo \$portal_limit_exempt \{[^}]*127\.0\.0\.0\/8/.test(sample)).toBe(false);
        fs.writeFileSync(path.join(dir, "portal.conf"), sample);
        fs.mkdirSync(path.join(dir, "logs"));
        fs.writeFileSync(
          path.join(dir, "nginx.conf"),
          `worker_processes 1;\npid ${dir}/nginx.pid;\nerror_log ${dir}/logs/error.log warn;\nevents { worker_connections 64; }\n` +
            `http {\n  access_log off;\n  client_body_temp_path ${dir}/body;\n  proxy_temp_path ${dir}/proxy;\n  fastcgi_temp_path ${dir}/fastcgi;\n` +
            `  uwsgi_temp_path ${dir}/uwsgi;\n  scgi_temp_path ${dir}/scgi;\n  include ${dir}/portal.conf;\n}\n`,
        );
        // A stand-in for the portal: records what nginx forwards, and sends its own HSTS header (as the portal does).
        upstream = http.createServer((req, res) => {
          seen.push(req.headers);
          res.setHeader("Strict-Transport-Security", "max-age=1");
          res.end("portal");
        });
        await new Promise<void>((resolve) => upstream!.listen(ports.upstream, "127.0.0.1", resolve));
      });

      afterAll(async () => {
        if (nginx && nginx.exitCode === null) {
          const exited = new Promise((resolve) => nginx!.once("exit", resolve));
          nginx.kill("SIGQUIT");
          await exited;
        }
        await new Promise((resolve) => (upstream ? upstream.close(resolve) : resolve(undefined)));
        if (dir) fs.rmSync(dir, { recursive: true, force: true });
      });

      const get = (url: string, client: typeof http | typeof https) =>
        new Promise<{ status: number; headers: http.IncomingHttpHeaders; raw: string[] }>((resolve, reject) => {
          const options = client === https ? { ca, servername: "localhost" } : {};
          client
            .get(url, options, (res) => {
              res.resume();
              res.on("end", () => resolve({ status: res.statusCode ?? 0, headers: res.headers, raw: res.rawHeaders }));
            })
            .on("error", reject);
        });
      const hstsHeaders = (raw: string[]) => raw.filter((_, i) => i % 2 === 0 && raw[i]!.toLowerCase() === "strict-transport-security").length;

      it("passes nginx -t", () => {
        const result = spawnSync("nginx", ["-t", ...nginxArgs()], { encoding: "utf8" });
        expect(result.stderr).toContain("syntax is ok");
        expect(result.stderr).toContain("test is successful");
        expect(result.stderr).not.toMatch(/\[warn\]|\[emerg\]/);
        expect(result.status).toBe(0);
      });

      it("serves /portal/ over TLS with one HSTS header and tells the portal the browser used HTTPS", async () => {
        nginx = spawn("nginx", [...nginxArgs(), "-g", "daemon off;"], { stdio: "ignore" });
        let answer: Awaited<ReturnType<typeof get>> | undefined;
        for (let attempt = 0; attempt < 100 && !answer; attempt++) {
          answer = await get(`https://localhost:${ports.https}/portal/register?lang=es`, https).catch(async () => {
            await new Promise((resolve) => setTimeout(resolve, 100));
            return undefined;
          });
        }
        expect(answer?.status).toBe(200);
        expect(answer?.headers["strict-transport-security"]).toBe("max-age=63072000; includeSubDomains");
        expect(hstsHeaders(answer!.raw)).toBe(1);
        const forwarded = seen.at(-1)!;
        expect(forwarded["x-forwarded-proto"]).toBe("https");
        expect(forwarded["x-forwarded-host"]).toBe(`localhost:${ports.https}`);
        expect(forwarded["x-forwarded-for"]).toBe("127.0.0.1");
      });

      it("logs each request as one JSON line with its request id, which the portal receives too, and no query string (085)", async () => {
        const lines = () =>
          fs
            .readFileSync(path.join(dir, "logs", "portal-access.log"), "utf8")
            .trim()
            .split("\n")
            .map((line) => JSON.parse(line) as Record<string, unknown>);
        await get(`https://localhost:${ports.https}/portal/reset-password?token=secret-reset-token`, https);
        const entry = lines().at(-1)!;
        expect(entry).toMatchObject({ address: "127.0.0.1", method: "GET", path: "/portal/reset-password", status: 200 });
        expect(entry.requestId).toMatch(/^[0-9a-f]{32}$/);
        expect(seen.at(-1)!["x-request-id"]).toBe(entry.requestId);
        expect(JSON.stringify(lines())).not.toContain("secret-reset-token");
      });

      it("limits sign-in posts per address (429 with Retry-After), stricter than pages, and never the static files", async () => {
        const post = (url: string) =>
          new Promise<{ status: number; retryAfter: string | undefined }>((resolve, reject) => {
            const req = https.request(
              url,
              { method: "POST", ca, servername: "localhost", headers: { "Content-Type": "application/x-www-form-urlencoded" } },
              (res) => {
                res.resume();
                res.on("end", () => resolve({ status: res.statusCode ?? 0, retryAfter: res.headers["retry-after"] as string | undefined }));
              },
            );
            req.on("error", reject);
            req.end("email=a%40example.org&password=x");
          });
        const origin = `https://localhost:${ports.https}`;
        const posts = [];
        for (let i = 0; i < 16; i++) posts.push(await post(`${origin}/portal/register?login=1`));
        const passed = posts.filter((p) => p.status === 200).length;
        // 20 a minute with a burst of 10: about 11 pass at once, the rest are refused by nginx, the portal never asked.
        expect(passed).toBeGreaterThanOrEqual(10);
        expect(passed).toBeLessThanOrEqual(12);
        const refused = posts.filter((p) => p.status === 429);
        expect(refused.length).toBe(16 - passed);
        expect(refused.every((p) => p.retryAfter === "10")).toBe(true);
        // Pages from the same address are under their own, wider limit; static files under none.
        expect((await get(`${origin}/portal/register`, https)).status).toBe(200);
        // 80 (more than the pages' burst of 60), 20 at a time (this test's nginx takes 64 connections).
        const assets: Awaited<ReturnType<typeof get>>[] = [];
        for (let batch = 0; batch < 4; batch++) {
          assets.push(...(await Promise.all(Array.from({ length: 20 }, (_, i) => get(`${origin}/portal/assets/chunk-${batch}-${i}.js`, https)))));
        }
        expect(assets.every((a) => a.status === 200)).toBe(true);
      });

      it("sends /portal to /portal/ over HTTPS, and HTTP to HTTPS", async () => {
        const bare = await get(`https://localhost:${ports.https}/portal`, https);
        expect(bare.status).toBe(301);
        expect(new URL(bare.headers.location!, "https://localhost").pathname).toBe("/portal/");
        expect(hstsHeaders(bare.raw)).toBe(1);
        const plain = await get(`http://127.0.0.1:${ports.http}/portal/register?lang=es`, http);
        expect(plain.status).toBe(301);
        expect(plain.headers.location).toBe("https://127.0.0.1/portal/register?lang=es");
      });
    },
  );
});
