import { spawn, spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import os from "node:os";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { afterAll, describe, expect, it } from "vitest";
import { CENTER_A, patientWithScreening, selectCenter } from "./areas/labs-fixtures";
import { ReferralStatus } from "./contract/enums";
import { describeThisProcess, holderRuns, LOCK_FILE, readLock, type LockRecord } from "./db/data-dir-lock";
import { openDb, openDriverDb } from "./db/open";
import type { DriverDb } from "./db/types";
import { createRegistryHandler } from "./handler";
import { TestRegistry } from "./testing/harness";

/**
 * The staff commands as staff run them (`registry/cli.ts <command>` in a child process) on a PGlite data directory that
 * a running portal holds (docs/decisions/094): refused with one line, nothing changed; they work once it is stopped.
 */
const tsx = pathToFileURL(createRequire(import.meta.url).resolve("tsx")).href;
const repo = path.resolve(__dirname, "..");
const root = mkdtempSync(path.join(os.tmpdir(), "registry-cli-"));
const dataDir = path.join(root, "data");
const env = { PATH: process.env.PATH, HOME: process.env.HOME, NODE_ENV: "development", DATA_DIR: dataDir, LOG_LEVEL: "error" };
const cliArgs = (args: string[]) => ["--import", tsx, path.join(repo, "registry/cli.ts"), ...args];
const command = (...args: string[]) => spawnSync(process.execPath, cliArgs(args), { cwd: repo, env, encoding: "utf8", timeout: 60_000 });
const lockFile = path.join(dataDir, LOCK_FILE);
afterAll(() => rmSync(root, { recursive: true, force: true }));

/** The portal's registry on `dataDir`, in this process: what `npm start` runs (docs/decisions/001). */
async function startPortal(): Promise<{ t: TestRegistry; db: DriverDb }> {
  describeThisProcess({ program: "portal", port: 3000 });
  const db = await openDriverDb({ dataDir });
  const t = new TestRegistry();
  t.testDb = { db, reset: async () => {}, close: () => db.close() };
  t.handler = createRegistryHandler({ db, settings: t.settings, now: () => t.clock, log: (e) => t.logs.push(e), scryptPool: t.pool });
  return { t, db };
}

const referralStatus = async (db: DriverDb, id: number) =>
  (await db.query<{ status_id: number }>("select status_id from center_referrals where id = $1", [id]))[0]?.status_id;
const outboxTo = (db: DriverDb, to: string) => db.query<{ subject: string }>("select subject from outbox where to_address = $1 order by id", [to]);

describe("staff commands on the data directory of a running portal (PGlite)", { timeout: 240_000 }, () => {
  it("refuse with one line and exit 1, changing and reading nothing; run once the portal is stopped; a stale lock is taken over", async () => {
    const { t, db } = await startPortal();
    let referralId: number;
    let email: string;
    let mailsBefore: number;
    try {
      const p = await patientWithScreening(t, 1);
      expect((await selectCenter(t, p, CENTER_A)).status).toBe(200);
      referralId = (await db.query<{ id: number }>("select id from center_referrals where screening_id = $1", [p.screeningId]))[0]!.id;
      email = p.email;
      mailsBefore = (await outboxTo(db, email)).length;

      // The portal's lock: its pid and port, this user's alone.
      expect(statSync(lockFile).mode & 0o777).toBe(0o600);
      expect(readLock(dataDir)).toMatchObject({ program: "portal", pid: process.pid, port: 3000 });

      const refusal = `The portal is running on this data directory (${dataDir}, pid ${process.pid}, port 3000): nothing was changed; stop it first or run the command against DATABASE_URL (PostgreSQL)\n`;
      const write = command("referral-status", "--referral", String(referralId), "--status", "approved");
      expect([write.status, write.stdout, write.stderr]).toEqual([1, "", refusal]);
      const read = command("list-referrals");
      expect([read.status, read.stdout, read.stderr]).toEqual([1, "", refusal]);
      // Nothing changed: the referral still Pending Center, no email queued, the portal's lock in place.
      expect(await referralStatus(db, referralId)).toBe(ReferralStatus.PendingCenter);
      expect(await outboxTo(db, email)).toHaveLength(mailsBefore);
      expect(readLock(dataDir)?.pid).toBe(process.pid);
    } finally {
      await t.pool.close();
      await db.close();
    }

    // The portal stopped: its lock is gone and the command takes effect, as the restarted portal shows.
    expect(existsSync(lockFile)).toBe(false);
    const approved = command("referral-status", "--referral", String(referralId), "--status", "approved");
    expect([approved.status, approved.stderr]).toEqual([0, ""]);
    expect(approved.stdout).toMatch(new RegExp(`^referral ${referralId} .* is now Center Approved; the patient's email is queued\\.\\n$`));
    expect(existsSync(lockFile)).toBe(false);
    const restarted = await openDriverDb({ dataDir });
    try {
      expect(await referralStatus(restarted, referralId)).toBe(ReferralStatus.CenterApproved);
      expect((await outboxTo(restarted, email)).length).toBe(mailsBefore + 1);
    } finally {
      await restarted.close();
    }

    // A portal killed (SIGKILL, a crash) leaves its lock: a process that no longer runs holds nothing.
    const gone = spawnSync(process.execPath, ["-e", ""]).pid!;
    const stale: LockRecord = { program: "portal", port: 3000, pid: gone, startedAt: new Date().toISOString(), token: "stale" };
    writeFileSync(lockFile, JSON.stringify(stale), { mode: 0o600 });
    const listed = command("list-referrals");
    expect([listed.status, listed.stderr]).toEqual([0, ""]);
    expect(listed.stdout).toContain("Center Approved");
    expect(existsSync(lockFile)).toBe(false);
  });

  it("the portal does not start on a data directory a running command holds: one line", async () => {
    const holder: LockRecord = { program: "command", command: "import-centers", pid: process.ppid, startedAt: new Date().toISOString(), token: "t" };
    writeFileSync(lockFile, JSON.stringify(holder), { mode: 0o600 });
    try {
      describeThisProcess({ program: "portal", port: 3000 });
      await expect(openDb({ dataDir })).rejects.toThrow(
        `The registry command import-centers is running on this data directory (${dataDir}, pid ${process.ppid}): wait for it to finish, then start again`,
      );
      expect(JSON.parse(readFileSync(lockFile, "utf8"))).toEqual(holder);
    } finally {
      rmSync(lockFile, { force: true });
    }
  });

  it.runIf(existsSync("/proc/self/stat"))("a lock whose pid now belongs to a later process (another start time or boot) is stale", () => {
    const live: LockRecord = { program: "portal", pid: process.ppid, startedAt: "", token: "t" };
    expect(holderRuns(live)).toBe(true);
    expect(holderRuns({ ...live, since: "1" })).toBe(false);
    expect(holderRuns({ ...live, boot: "another-boot" })).toBe(false);
    expect(holderRuns({ ...live, pid: process.pid })).toBe(false);
  });

  it("`list-centers | head`: a reader that closes early ends the command quietly, exit 0", async () => {
    const child = spawn(process.execPath, cliArgs(["list-centers"]), { cwd: repo, env, stdio: ["ignore", "pipe", "pipe"] });
    // The reader is gone before the first line.
    child.stdout.destroy();
    let stderr = "";
    child.stderr.on("data", (chunk: Buffer) => (stderr += chunk.toString("utf8")));
    const code = await new Promise<number | null>((resolve) => child.once("close", resolve));
    expect([code, stderr]).toEqual([0, ""]);
    expect(existsSync(lockFile)).toBe(false);
  });
});
