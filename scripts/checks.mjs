// Shared by check-dev.mjs and check-production.mjs: a list of named checks printed as they run, and the port a
// portal child process says it listens on.

/** `check(name, ok, detail)` prints one line per check; `finish(label)` prints the count and exits 0 or 1. */
export function checkList() {
  const checks = [];
  /** @type {(name: string, ok: boolean, detail?: unknown) => void} */
  const check = (name, ok, detail = "") => {
    checks.push({ name, ok });
    console.log(`${ok ? "ok  " : "FAIL"} ${name}${ok || !detail ? "" : `\n     ${String(detail).trim().split("\n").join("\n     ")}`}`);
  };
  const finish = (label) => {
    const failed = checks.filter((c) => !c.ok).length;
    console.log(`${label}: ${checks.length - failed} passed, ${failed} failed`);
    process.exit(failed ? 1 : 0);
  };
  return { check, finish };
}

/** The port from the portal's "portal listening" log line on the child's stdout; undefined if it exits first. */
export function listeningPort(child) {
  return new Promise((resolve) => {
    let out = "";
    child.stdout.on("data", (chunk) => {
      out += chunk;
      const line = out.split("\n").find((l) => l.includes('"portal listening"'));
      if (line) resolve(JSON.parse(line).port);
    });
    child.on("exit", () => resolve(undefined));
  });
}
