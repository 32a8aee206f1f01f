/**
 * The centers-query benchmark (issue #5: "A benchmark reports the centers query time at 100, 1,000 and 10,000
 * centers"): for each size, a fresh database holds that many invented centers (60 % members, spread over the
 * contiguous United States), and `GET /api/pass/centers/{postalCode}/0/{distance}` is timed through the registry's
 * fetch handler (as the in-process portal calls it: routing, token check, SQL, distances, JSON) for the default
 * filter (300 miles) and for any distance (every member center, the worst case). It also records the query plan of
 * the bounding-box prefilter (does it use transplant_centers_member_location_idx?).
 *
 * Runs on PGlite in memory, and on PostgreSQL as well when BENCH_DATABASE_URL or TEST_DATABASE_URL is set (a fresh
 * schema, dropped afterwards). Prints JSON (default) or, with --markdown, the report section.
 *   npx tsx bench/centers-query.ts [--markdown]
 * BENCH_CENTERS_RUNS (default 40) measured calls per case, after 5 unmeasured ones.
 */
import { upsertCenters, type CenterRecord } from "../registry/data/centers";
import { openFreshPostgres } from "../registry/db/test-databases";
import { openDriverDb } from "../registry/db/open";
import type { DriverDb } from "../registry/db/types";
import { boundingBox } from "../registry/domain/distance";
import { zipLocation } from "../registry/domain/zip-data";
import { createRegistryHandler, type RegistryHandler } from "../registry/handler";
import type { RegistrySettings } from "../registry/settings";

export const SIZES = [100, 1_000, 10_000] as const;
const POSTAL_CODE = "62701"; // Springfield, Illinois: the middle of the country, many centers within 300 miles
const DISTANCES = [300, 0] as const;
const WARMUP = 5;
const RUNS = Number(process.env.BENCH_CENTERS_RUNS ?? 40);

const SETTINGS: RegistrySettings = {
  tokenSecret: "bench-token-secret-0123456789abcdefghijklmnop",
  publicUrl: "http://portal.bench",
  demoMode: true,
  scrypt: { N: 2 ** 10, r: 8, p: 1 },
  labStaffKey: "bench-lab-staff-key-0123",
  labApprovalDelayMinutes: null,
  messaging: { smtpUrl: undefined, mailFrom: "Bench <bench@localhost>", smsUrl: undefined, smsToken: undefined },
};

/** A deterministic pseudo-random sequence (mulberry32), so every run benchmarks the same centers. */
function random(seed: number): () => number {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** `n` invented centers (ids from 800001, marked demo), uniformly over the contiguous United States' box. */
export function inventedCenters(n: number): CenterRecord[] {
  const r = random(n);
  return Array.from({ length: n }, (_, i) => {
    const member = r() < 0.6;
    return {
      centerId: 800_001 + i,
      centerName: `Bench Transplant Center ${String(i + 1).padStart(5, "0")}`,
      city: "Bench",
      stateAbbr: "ZZ",
      postalCode: "00000",
      latitude: 24.5 + r() * 24.5,
      longitude: -124.7 + r() * 57.7,
      isKidneyForLifeParticipant: r() < 0.5,
      isMicrositeCenterOfExcellence: r() < 0.2,
      isMicrositeParticipant: r() < 0.4,
      isMemberCenter: member,
      isRecipientShieldParticipant: r() < 0.5,
      performsNonSteroidProtocol: r() < 0.3,
      hasVoucherProgram: r() < 0.5,
      lowEpletTransplantsLast12Months: r() < 0.2 ? null : Math.floor(r() * 40),
      nkrTransplantsLast12Months: Math.floor(r() * 60),
      yearRangeLdNkrFacilitated: Math.floor(r() * 50),
      allLivingDonorTransplantsPriorYear: r() < 0.1 ? null : Math.floor(r() * 200),
      nkrPercentLdTransplants: Math.round(r() * 1000) / 10,
      yearRangeLastDate: "2024-12-31",
      isDemo: true,
    };
  });
}

/** Wall times of the whole call, and the CPU time this process spent in it (PGlite runs in-process; with a PostgreSQL
 * server it is the registry's share only). On a busy machine the CPU time is the steadier number. */
type Timing = { distance: number; results: number; medianMs: number; p95Ms: number; minMs: number; cpuMedianMs: number; runs: number };
export type SizeResult = { centers: number; members: number; timings: Timing[]; prefilterPlan: string; prefilterUsesIndex: boolean };
export type DatabaseResult = { database: "pglite" | "postgres"; sizes: SizeResult[] };

function quantile(sorted: number[], q: number): number {
  return sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)]!;
}

async function patientToken(handler: RegistryHandler): Promise<string> {
  const answer = await handler(
    new Request("http://registry.bench/register", {
      method: "POST",
      headers: { "content-type": "application/json", "x-client-address": "198.51.100.7" },
      body: JSON.stringify({
        firstName: "Rosa",
        middleInitial: "",
        lastName: "Martinez",
        preferredName: "Rosa",
        birthDate: "1961-04-12",
        email: `bench.${Date.now()}@example.org`,
        password: "correct horse battery staple 42",
        preferredLanguage: 1,
        gender: 2,
        authenticationPreference: 1,
        phoneNumber: "(217) 555-0142",
        phoneNumberSecondary: "",
        agreedToHipaa: true,
        addressLine1: "1 Old State Capitol Plaza",
        addressLine2: "",
        city: "Springfield",
        usState: 14,
        province: "",
        postalCode: POSTAL_CODE,
        country: 1,
        entryreferrer: "",
      }),
    }),
  );
  const body = (await answer.json()) as { results?: { token?: string } };
  if (!body.results?.token) throw new Error(`registration for the benchmark failed: ${answer.status} ${JSON.stringify(body)}`);
  return body.results.token;
}

/** The top plan node(s) of the distance search's prefilter, as PostgreSQL chose it for a 300-mile box. */
async function prefilterPlan(db: DriverDb): Promise<string> {
  const box = boundingBox(zipLocation(POSTAL_CODE)!, 300.1);
  const rows = await db.query<{ "QUERY PLAN": string }>(
    `explain select center_id from transplant_centers
      where is_member_center and latitude between $1 and $2 and longitude between $3 and $4`,
    [box.minLat, box.maxLat, box.longitude?.min ?? -180, box.longitude?.max ?? 180],
  );
  return rows
    .map((r) => r["QUERY PLAN"])
    .filter((line) => /Scan/.test(line))
    .map((line) =>
      line
        .trim()
        .replace(/^->\s*/, "")
        .replace(/\s+\(cost=.*$/, ""),
    )
    .join("; ");
}

async function measure(db: DriverDb, name: DatabaseResult["database"]): Promise<DatabaseResult> {
  const handler = createRegistryHandler({ db, settings: SETTINGS, log: () => {} });
  const token = await patientToken(handler);
  const sizes: SizeResult[] = [];
  for (const n of SIZES) {
    await db.query("delete from transplant_centers");
    const centers = inventedCenters(n);
    await db.transaction((tx) => upsertCenters(tx, centers, new Date()));
    await db.query("analyze transplant_centers");
    const timings: Timing[] = [];
    for (const distance of DISTANCES) {
      const url = `http://registry.bench/api/pass/centers/${POSTAL_CODE}/0/${distance}`;
      const times: number[] = [];
      const cpu: number[] = [];
      let results = 0;
      for (let i = 0; i < WARMUP + RUNS; i++) {
        const c0 = process.cpuUsage();
        const t0 = performance.now();
        const response = await handler(new Request(url, { headers: { authorization: `Bearer ${token}` } }));
        const body = (await response.json()) as { results: unknown[] };
        const ms = performance.now() - t0;
        const used = process.cpuUsage(c0);
        if (response.status !== 200) throw new Error(`${url} answered ${response.status}`);
        results = body.results.length;
        if (i >= WARMUP) {
          times.push(ms);
          cpu.push((used.user + used.system) / 1000);
        }
      }
      times.sort((a, b) => a - b);
      cpu.sort((a, b) => a - b);
      timings.push({
        distance,
        results,
        medianMs: quantile(times, 0.5),
        p95Ms: quantile(times, 0.95),
        minMs: times[0]!,
        cpuMedianMs: quantile(cpu, 0.5),
        runs: times.length,
      });
    }
    const plan = await prefilterPlan(db);
    sizes.push({
      centers: n,
      members: centers.filter((c) => c.isMemberCenter).length,
      timings,
      prefilterPlan: plan,
      prefilterUsesIndex: plan.includes("transplant_centers_member_location_idx"),
    });
  }
  return { database: name, sizes };
}

export async function runCentersBenchmark(env: Record<string, string | undefined> = process.env): Promise<DatabaseResult[]> {
  const out: DatabaseResult[] = [];
  const pglite = await openDriverDb({ memory: true });
  try {
    out.push(await measure(pglite, "pglite"));
  } finally {
    await pglite.close();
  }
  const url = env.BENCH_DATABASE_URL ?? env.TEST_DATABASE_URL;
  if (url) {
    const pg = await openFreshPostgres(url);
    try {
      out.push(await measure(pg.db, "postgres"));
    } finally {
      await pg.close();
    }
  }
  return out;
}

const fmt = (ms: number) => (ms < 10 ? ms.toFixed(2) : ms.toFixed(1));

/** The report section (Markdown). */
export function centersMarkdown(results: DatabaseResult[]): string {
  const lines = [
    `## Centers query: \`GET /api/pass/centers/${POSTAL_CODE}/0/{distance}\` through the registry handler`,
    "",
    `${RUNS} measured calls per case after ${WARMUP} unmeasured ones; each size in a fresh table of invented centers (60 % members, ` +
      "uniform over the contiguous United States), analyzed. The time is the whole handler call: routing, token check, " +
      "the bounding-box query, exact distances, sorting and the JSON answer. The 300-mile filter reads only the rows " +
      "of a latitude/longitude box (the partial index); 'any' answers every member center, so it grows with their number " +
      "(the United States have about 250 transplant centers; 10,000 is a stress size).",
    "",
    "| Database | Centers (members) | Distance | Centers answered | Median | p95 | Fastest | CPU median (registry process) | Prefilter plan (300 miles) |",
    "| --- | --- | --- | --- | --- | --- | --- | --- | --- |",
  ];
  for (const db of results) {
    for (const s of db.sizes) {
      for (const t of s.timings) {
        lines.push(
          `| ${db.database} | ${s.centers.toLocaleString("en-US")} (${s.members.toLocaleString("en-US")}) | ${
            t.distance === 0 ? "any" : `${t.distance} mi`
          } | ` +
            `${t.results} | ${fmt(t.medianMs)} ms | ${fmt(t.p95Ms)} ms | ${fmt(t.minMs)} ms | ${fmt(t.cpuMedianMs)} ms | ` +
            `${t.distance === 300 ? s.prefilterPlan.replace(/\|/g, "\\|") : ""} |`,
        );
      }
    }
  }
  if (results.length === 1) lines.push("", "PostgreSQL server: not measured (set BENCH_DATABASE_URL or TEST_DATABASE_URL).");
  lines.push("");
  return lines.join("\n");
}

const isMain = process.argv[1] && import.meta.url === new URL(`file://${process.argv[1]}`).href;
if (isMain) {
  runCentersBenchmark()
    .then((results) => {
      process.stdout.write(process.argv.includes("--markdown") ? centersMarkdown(results) : `${JSON.stringify(results)}\n`);
    })
    .catch((error: unknown) => {
      process.stderr.write(`centers benchmark failed: ${error instanceof Error ? error.message : String(error)}\n`);
      process.exit(1);
    });
}
