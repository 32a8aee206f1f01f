import fs from "node:fs";
import http from "node:http";
import net from "node:net";
import { createPatient, expect, test } from "./fixtures";
import { databaseUrl, E2E_PORT } from "./support/e2e-env";
import { lines, startOwnPortal, stopOwnPortal, type OwnPortal } from "./support/own-portal";

/**
 * Hostile and careless traffic against the built server (issue 11; docs/decisions/017-019). A portal of its own,
 * started here on E2E_PORT + 40 with its log captured, takes the oversized bodies, the redirect tricks, the foreign
 * posts and, last, a SIGTERM. No browser is involved: the js project runs it once, the nojs project skips it.
 */
const PORT = E2E_PORT + 40;
const ORIGIN = `http://127.0.0.1:${PORT}`;
const TWENTY_MB = 20 * 1024 * 1024;

let portal: OwnPortal | undefined;

function logLines(): string[] {
  return lines(portal!.stdout);
}

function rssBytes(pid: number): number {
  const status = fs.readFileSync(`/proc/${pid}/status`, "utf8");
  return Number(/VmRSS:\s+(\d+) kB/.exec(status)?.[1]) * 1024;
}

/**
 * Sends a request head, then body chunks for as long as the server keeps the connection open: a careful client
 * stops at the first byte of an answer (as browsers and curl do), a careless one goes on regardless. Answers the
 * response text and how many body bytes the socket accepted before the server closed it.
 */
function upload(head: string, chunk: (data: Buffer) => Buffer, total: number, careful = true): Promise<{ response: string; sent: number }> {
  return new Promise((resolve) => {
    const socket = net.connect(PORT, "127.0.0.1");
    const received: Buffer[] = [];
    let sent = 0;
    let open = true;
    socket.on("data", (data) => received.push(data));
    socket.on("error", () => (open = false));
    socket.on("close", () => {
      open = false;
      resolve({ response: Buffer.concat(received).toString("utf8"), sent });
    });
    socket.on("connect", async () => {
      socket.write(head);
      const data = Buffer.alloc(64 * 1024, "a");
      // A careful client stops once the answer arrives, and never sends more than the server's lingering close reads
      // (LINGER, 4 MiB): past that the server resets the connection, which may wipe the answer before it is read.
      const most = careful ? Math.min(total, 2 * 1024 * 1024) : total;
      while (open && sent < most && !(careful && received.length)) {
        const more = socket.write(chunk(data));
        sent += data.length;
        if (!more) await new Promise((r) => socket.once("drain", r).once("close", r).once("data", r));
        else await new Promise((r) => setImmediate(r));
      }
      if (open) socket.end();
    });
  });
}

type Answer = { status: number; headers: http.IncomingHttpHeaders; body: string; reused: boolean };

function call(agent: http.Agent, method: string, urlPath: string, headers: Record<string, string> = {}, body?: string): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = http.request(`${ORIGIN}${urlPath}`, { method, agent, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on("data", (c: Buffer) => chunks.push(c));
      res.on("error", reject);
      res.on("end", () =>
        resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks).toString("utf8"), reused: req.reusedSocket }),
      );
    });
    req.on("error", reject);
    req.end(body);
  });
}

test.describe.serial("the HTTP edge", () => {
  // eslint-disable-next-line no-empty-pattern -- Playwright reads fixture dependencies from the destructuring
  test.beforeEach(({}, testInfo) => {
    test.skip(testInfo.project.name !== "js", "no browser involved: once is enough");
  });

  // eslint-disable-next-line no-empty-pattern -- Playwright reads fixture dependencies from the destructuring
  test.beforeAll(async ({}, testInfo) => {
    if (testInfo.project.name !== "js") return;
    testInfo.setTimeout(120_000);
    portal = await startOwnPortal("edge", PORT, {
      ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
      SHUTDOWN_READY_DELAY_MS: "4000",
      SHUTDOWN_GRACE_MS: "20000",
    });
    const pid = portal.process.pid!;
    // Ready, its database open, and the memory its start took given back (RSS steady for a second): the memory
    // test's baseline is not taken while the start is still settling (about 500 MiB at /readyz, 250 a second later).
    await expect.poll(async () => (await fetch(`${ORIGIN}/readyz`).catch(() => null))?.status, { timeout: 110_000, intervals: [250] }).toBe(200);
    let last = rssBytes(pid);
    await expect
      .poll(
        () => {
          const now = rssBytes(pid);
          const steady = Math.abs(now - last) < 2 * 1024 * 1024;
          last = now;
          return steady;
        },
        { timeout: 20_000, intervals: [1_000] },
      )
      .toBe(true);
  });

  test.afterAll(async () => {
    await stopOwnPortal(portal);
  });

  test("a 20 MB post is refused with 413 before its body is read, and the server's memory does not grow", async () => {
    const agent = new http.Agent();
    await call(agent, "POST", "/register", { "content-type": "application/x-www-form-urlencoded" }, "a=b");
    // The baseline is taken after the first refusal: what the first answers of a kind allocate once (the Spanish
    // short page, React's first renders) is not growth.
    let before = 0;
    for (let i = 0; i < 4; i++) {
      if (i === 1) before = rssBytes(portal!.process.pid!);
      const { response } = await upload(
        `POST /register HTTP/1.1\r\nHost: 127.0.0.1:${PORT}\r\nContent-Type: application/x-www-form-urlencoded\r\nContent-Length: ${TWENTY_MB}\r\nAccept-Language: es\r\n\r\n`,
        (data) => data,
        TWENTY_MB,
      );
      expect(response).toMatch(/^HTTP\/1\.1 413 /);
      expect(response).toMatch(/\r\nconnection: close\r\n/i);
      expect(response).toContain("<h1>Se envió demasiado</h1>");
    }
    const careless = await upload(
      `POST /register HTTP/1.1\r\nHost: 127.0.0.1:${PORT}\r\nContent-Length: ${TWENTY_MB}\r\n\r\n`,
      (data) => data,
      TWENTY_MB,
      false,
    );
    expect(careless.sent).toBeLessThan(TWENTY_MB);
    expect(rssBytes(portal!.process.pid!) - before).toBeLessThan(32 * 1024 * 1024);
  });

  test("a chunked body is cut off once it passes the limit", async () => {
    const head = `POST /register HTTP/1.1\r\nHost: 127.0.0.1:${PORT}\r\nContent-Type: application/x-www-form-urlencoded\r\nTransfer-Encoding: chunked\r\n\r\n`;
    const chunked = (data: Buffer) => Buffer.concat([Buffer.from(`${data.length.toString(16)}\r\n`), data, Buffer.from("\r\n")]);
    const { response } = await upload(head, chunked, TWENTY_MB);
    expect(response).toMatch(/^HTTP\/1\.1 413 /);
    expect(response).toContain("<h1>Too much was sent</h1>");
    expect((await upload(head, chunked, TWENTY_MB, false)).sent).toBeLessThan(TWENTY_MB);
  });

  test("a body declared too large with Expect: 100-continue gets the 413 instead of the 100", async () => {
    const { response } = await upload(
      `POST /register HTTP/1.1\r\nHost: 127.0.0.1:${PORT}\r\nContent-Length: ${TWENTY_MB}\r\nExpect: 100-continue\r\n\r\n`,
      (data) => data,
      0,
    );
    expect(response).toMatch(/^HTTP\/1\.1 413 /);
  });

  test("the language switch never sends the browser to another site, and odd characters give no 500", async () => {
    const agent = new http.Agent();
    const hostile = [
      "/%09/evil.example",
      "/%0d%0a%7B%22level%22%3A%22info%22%2C%22msg%22%3A%22forged%22%7D",
      "%2F%2Fevil.example",
      "/%5Cevil.example",
      "https%3A%2F%2Fevil.example%2F",
      "/%E2%80%A8x",
      "/%25%30%39/evil.example",
    ];
    for (const to of hostile) {
      const answer = await call(agent, "GET", `/language?lng=es&to=${to}`);
      expect(answer.status, to).toBe(302);
      expect(answer.headers.location, to).toBe("/");
    }
    const kept = await call(agent, "GET", "/language?lng=es&to=%2Flanding%3Fq%3D%E4%BD%A0");
    expect(kept.status).toBe(302);
    expect(kept.headers.location).toBe("/landing?q=%E4%BD%A0");
    for (const line of logLines()) expect(() => JSON.parse(line), line).not.toThrow();
    expect(
      logLines()
        .filter((line) => line.includes("forged"))
        .every((line) => JSON.parse(line).msg !== "forged"),
    ).toBe(true);
    expect(portal!.stderr.join("")).toBe("");
  });

  test("a form posted from another site gets 403 and a short page in the visitor's language", async () => {
    const agent = new http.Agent();
    const form = { "content-type": "application/x-www-form-urlencoded", origin: "http://evil.example" };
    const english = await call(agent, "POST", "/register", form, "intent=register&email=a%40b.org");
    expect(english.status).toBe(403);
    expect(english.body).toContain("<h1>Form not accepted</h1>");
    const spanish = await call(agent, "POST", "/register", { ...form, "accept-language": "es" }, "intent=register");
    expect(spanish.status).toBe(403);
    expect(spanish.body).toContain('<html lang="es">');
    expect(spanish.body).toContain("<h1>Formulario no aceptado</h1>");
    for (const line of logLines()) expect(() => JSON.parse(line), line).not.toThrow();
    expect(portal!.stderr.join("")).toBe("");
  });

  test("malformed requests get a 4xx answer, and every log line stays one JSON object", async () => {
    const agent = new http.Agent();
    expect((await call(agent, "GET", "/register", { host: "a b" })).status).toBe(400);
    expect((await call(agent, "GET", "/%E0%A4%A")).status).toBe(400);
    expect((await call(agent, "POST", "/register", { "content-type": "multipart/form-data; boundary=x" }, "garbage")).status).toBe(400);
    const lines = () => logLines().map((line) => JSON.parse(line) as { level: string; status?: number });
    await expect.poll(() => lines().filter((line) => line.status === 400).length).toBe(3);
    expect(lines().filter((line) => line.level === "error")).toEqual([]);
    expect(portal!.stderr.join("")).toBe("");
  });

  test("on SIGTERM, readiness says draining while kept-alive connections are still answered, then the process exits", async () => {
    const probes = new http.Agent({ keepAlive: true, maxSockets: 1 });
    const forms = new http.Agent({ keepAlive: true, maxSockets: 1 });
    expect((await call(probes, "GET", "/readyz")).status).toBe(200);
    const page = await call(forms, "GET", "/register");
    const csrf = /name="_csrf" value="([^"]*)"/.exec(page.body)?.[1];
    const cookie = (page.headers["set-cookie"] ?? []).map((c) => c.split(";")[0]).join("; ");
    expect(csrf).toBeTruthy();

    portal!.process.kill("SIGTERM");
    await expect.poll(() => logLines().some((line) => line.includes('"msg":"draining"'))).toBe(true);

    const ready = await call(probes, "GET", "/readyz");
    expect(ready.reused).toBe(true);
    expect(ready.status).toBe(503);
    expect(JSON.parse(ready.body)).toEqual({ status: "draining" });
    expect(ready.headers.connection).toBe("close");

    const posted = await call(
      forms,
      "POST",
      "/register",
      { "content-type": "application/x-www-form-urlencoded", cookie, origin: ORIGIN },
      `_csrf=${encodeURIComponent(csrf!)}&intent=register`,
    );
    expect(posted.reused).toBe(true);
    expect(posted.status).toBe(400);
    expect(posted.body).toContain("There is a problem");
    expect(posted.headers.connection).toBe("close");

    expect(await portal!.exited).toBe(0);
    const lines = logLines();
    for (const line of lines) expect(() => JSON.parse(line), line).not.toThrow();
    expect(lines.some((line) => JSON.parse(line).msg === "stopped")).toBe(true);
    expect(portal!.stderr.join("")).toBe("");
    probes.destroy();
    forms.destroy();
  });
});

test("no page carries a NUL byte, in English or Spanish, signed out or in", async ({ request }, testInfo) => {
  test.skip(testInfo.project.name !== "js", "no browser involved: once is enough");
  const bytesOf = async (url: string, headers: Record<string, string> = {}) => Buffer.from(await (await request.get(url, { headers })).body());
  for (const lang of ["en", "es"]) {
    for (const url of ["register", "register?address=confirm", "update-labs", "dev/outbox"]) {
      expect((await bytesOf(url, { "accept-language": lang })).includes(0), `${lang} ${url}`).toBe(false);
    }
  }
  await createPatient(request);
  for (const lang of ["en", "es"]) {
    await request.get(`language?lng=${lang}&to=%2Flanding`);
    for (const url of ["landing", "profile", "confirm", "medical-history", "screening"]) {
      expect((await bytesOf(url)).includes(0), `${lang} ${url}`).toBe(false);
    }
  }
});
