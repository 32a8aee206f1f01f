// Runs Debian's nginx in the foreground with deploy/nginx/portal.conf (ports substituted) for the e2e suite.
import { spawn } from "node:child_process";
import fs from "node:fs";
import path from "node:path";

const [listenPort, upstreamPort] = process.argv.slice(2);
const root = path.resolve(import.meta.dirname, "../../..");
const dir = path.join(root, ".cache", "nginx");
fs.rmSync(dir, { recursive: true, force: true });
fs.mkdirSync(path.join(dir, "logs"), { recursive: true });
const sample = fs
  .readFileSync(path.join(root, "deploy/nginx/portal.conf"), "utf8")
  // One portal here: the sample's first upstream server, the second removed.
  .replace("server 127.0.0.1:3000 ", `server 127.0.0.1:${upstreamPort} `)
  .replace(/^\s*server 127\.0\.0\.1:3001\b.*\n/m, "")
  .replace("listen 8080;", `listen 127.0.0.1:${listenPort};`)
  // The access log under .cache/nginx/logs, not the machine's /var/log/nginx (docs/decisions/085).
  .replace(/\/var\/log\/nginx\//g, `${dir}/logs/`);
fs.writeFileSync(path.join(dir, "portal.conf"), sample);
fs.writeFileSync(
  path.join(dir, "nginx.conf"),
  `worker_processes 1;
pid ${dir}/nginx.pid;
error_log ${dir}/logs/error.log warn;
events { worker_connections 256; }
http {
  access_log off;
  client_body_temp_path ${dir}/body;
  proxy_temp_path ${dir}/proxy;
  fastcgi_temp_path ${dir}/fastcgi;
  uwsgi_temp_path ${dir}/uwsgi;
  scgi_temp_path ${dir}/scgi;
  include ${dir}/portal.conf;
}
`,
);
const nginx = spawn("nginx", ["-p", dir, "-c", path.join(dir, "nginx.conf"), "-g", "daemon off;"], { stdio: "inherit" });
for (const signal of ["SIGINT", "SIGTERM"]) process.on(signal, () => nginx.kill("SIGQUIT"));
nginx.on("exit", (code) => process.exit(code ?? 0));
