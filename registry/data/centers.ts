import type { TransplantCenter } from "../contract/screening";
import { compareText } from "../contract/text-order";
import type { Db } from "../db/types";
import { usDate } from "../domain/dates";
import { boundingBox, distanceInMiles, roundMiles, type LatLng } from "../domain/distance";

/**
 * A transplant center as stored (table transplant_centers, migration 0003): the facts the contract answers
 * (yearRangeLastDate as YYYY-MM-DD here), its place, and whether it is a demo center.
 */
export type CenterRecord = Omit<TransplantCenter, "distanceInMiles"> & {
  city: string;
  postalCode: string;
  latitude: number;
  longitude: number;
  isDemo: boolean;
};

/** Columns in the order of CenterRecord (one row of an insert). */
const COLUMNS = [
  ["center_id", "centerId"],
  ["center_name", "centerName"],
  ["city", "city"],
  ["state_abbr", "stateAbbr"],
  ["postal_code", "postalCode"],
  ["latitude", "latitude"],
  ["longitude", "longitude"],
  ["is_kidney_for_life_participant", "isKidneyForLifeParticipant"],
  ["is_microsite_center_of_excellence", "isMicrositeCenterOfExcellence"],
  ["is_microsite_participant", "isMicrositeParticipant"],
  ["is_member_center", "isMemberCenter"],
  ["is_recipient_shield_participant", "isRecipientShieldParticipant"],
  ["performs_non_steroid_protocol", "performsNonSteroidProtocol"],
  ["has_voucher_program", "hasVoucherProgram"],
  ["low_eplet_transplants_last_12_months", "lowEpletTransplantsLast12Months"],
  ["nkr_transplants_last_12_months", "nkrTransplantsLast12Months"],
  ["year_range_ld_nkr_facilitated", "yearRangeLdNkrFacilitated"],
  ["all_living_donor_transplants_prior_year", "allLivingDonorTransplantsPriorYear"],
  ["nkr_percent_ld_transplants", "nkrPercentLdTransplants"],
  ["year_range_last_date", "yearRangeLastDate"],
  ["is_demo", "isDemo"],
] as const satisfies ReadonlyArray<readonly [string, keyof CenterRecord]>;

/**
 * The stored centers as one JSON array built by the database: thousands of rows decode much faster as one JSON
 * text than as rows of 21 columns each (PGlite especially; see the centers benchmark in bench/).
 */
const AS_JSON = `coalesce(json_agg(json_build_object(${COLUMNS.map(([column, field]) =>
  column === "year_range_last_date" ? `'${field}', to_char(year_range_last_date, 'YYYY-MM-DD')` : `'${field}', ${column}`,
).join(", ")})), '[]'::json) as centers`;

async function selectCenters(db: Db, where: string, params: unknown[] = []): Promise<CenterRecord[]> {
  const [row] = await db.query<{ centers: CenterRecord[] | string }>(`select ${AS_JSON} from transplant_centers ${where}`, params);
  const centers = typeof row?.centers === "string" ? (JSON.parse(row.centers) as CenterRecord[]) : (row?.centers ?? []);
  return normalise(centers);
}

/** Rows per insert statement (21 parameters each, well under PostgreSQL's 65535). */
const BATCH = 500;

/**
 * Inserts or updates centers by centerId, in batches, in the caller's transaction if any. With `onlyDemo`, an
 * existing center that is not demo data is left as it is (seeding never overwrites a real center).
 * Answers how many rows were written.
 */
export async function upsertCenters(db: Db, centers: readonly CenterRecord[], now: Date, opts: { onlyDemo?: boolean } = {}): Promise<number> {
  let written = 0;
  for (let start = 0; start < centers.length; start += BATCH) {
    const batch = centers.slice(start, start + BATCH);
    const params: unknown[] = [now];
    const rows = batch.map((c) => {
      const placeholders = COLUMNS.map(([, field]) => {
        params.push(c[field]);
        return `$${params.length}`;
      });
      return `(${placeholders.join(", ")}, $1, $1)`;
    });
    const updates = COLUMNS.filter(([column]) => column !== "center_id")
      .map(([column]) => `${column} = excluded.${column}`)
      .concat("updated_at = excluded.updated_at")
      .join(", ");
    const result = await db.query<{ center_id: number }>(
      `insert into transplant_centers (${COLUMNS.map(([c]) => c).join(", ")}, created_at, updated_at)
       values ${rows.join(", ")}
       on conflict (center_id) do update set ${updates}
       ${opts.onlyDemo ? "where transplant_centers.is_demo" : ""}
       returning center_id`,
      params,
    );
    written += result.length;
  }
  return written;
}

export async function countCenters(db: Db): Promise<number> {
  const [row] = await db.query<{ n: number }>("select count(*)::int as n from transplant_centers");
  return row?.n ?? 0;
}

/** Every center as stored, by centerId. */
export async function listCenterRecords(db: Db): Promise<CenterRecord[]> {
  return (await selectCenters(db, "")).sort((a, b) => a.centerId - b.centerId);
}

/** A center by id, or null. */
export async function findCenter(db: Db, centerId: number): Promise<CenterRecord | null> {
  const rows = await selectCenters(db, "where center_id = $1", [centerId]);
  return rows[0] ?? null;
}

/** Both drivers answer double precision as numbers; keep ints and floats as numbers whatever the driver. */
function normalise(rows: CenterRecord[]): CenterRecord[] {
  for (const r of rows) {
    r.latitude = Number(r.latitude);
    r.longitude = Number(r.longitude);
    r.nkrPercentLdTransplants = Number(r.nkrPercentLdTransplants);
  }
  return rows;
}

/** The API shape of a center (CEN-013), with a distance or null. */
export function toTransplantCenter(c: CenterRecord, distance: number | null): TransplantCenter {
  return {
    centerId: c.centerId,
    centerName: c.centerName,
    stateAbbr: c.stateAbbr,
    distanceInMiles: distance,
    isKidneyForLifeParticipant: c.isKidneyForLifeParticipant,
    isMicrositeCenterOfExcellence: c.isMicrositeCenterOfExcellence,
    isMicrositeParticipant: c.isMicrositeParticipant,
    isMemberCenter: c.isMemberCenter,
    isRecipientShieldParticipant: c.isRecipientShieldParticipant,
    performsNonSteroidProtocol: c.performsNonSteroidProtocol,
    hasVoucherProgram: c.hasVoucherProgram,
    lowEpletTransplantsLast12Months: c.lowEpletTransplantsLast12Months,
    nkrTransplantsLast12Months: c.nkrTransplantsLast12Months,
    yearRangeLdNkrFacilitated: c.yearRangeLdNkrFacilitated,
    allLivingDonorTransplantsPriorYear: c.allLivingDonorTransplantsPriorYear,
    nkrPercentLdTransplants: c.nkrPercentLdTransplants,
    yearRangeLastDate: usDate(new Date(`${c.yearRangeLastDate}T00:00:00Z`)),
  };
}

const byNameText = compareText("en", { sensitivity: "base" });

/** Names compared as a person reads them: case and accents ignored, then by id. */
export function byName(a: { centerName: string; centerId: number }, b: { centerName: string; centerId: number }): number {
  return byNameText(a.centerName, b.centerName) || a.centerId - b.centerId;
}

/** Every center (member or not), sorted by name, without distances (the 'Which transplant center...' dropdown). */
export async function listCentersByName(db: Db): Promise<TransplantCenter[]> {
  const rows = await listCenterRecords(db);
  return rows.sort(byName).map((c) => toTransplantCenter(c, null));
}

/**
 * Member centers with their distance in miles (one decimal) from `origin`, nearest first (then by name):
 * within `maxMiles` when it is above 0, all of them when it is 0. A bounding box narrows the rows read
 * (index transplant_centers_member_location_idx); the exact distance, as shown, decides.
 * With no origin (a postal code with no known location), every member center with a null distance, by name.
 */
export async function memberCentersNear(db: Db, origin: LatLng | null, maxMiles: number): Promise<TransplantCenter[]> {
  if (!origin) {
    const rows = await selectCenters(db, "where is_member_center");
    return rows.sort(byName).map((c) => toTransplantCenter(c, null));
  }
  let rows: CenterRecord[];
  if (maxMiles > 0) {
    // A tenth of a mile more than the filter: a center shown as exactly `maxMiles` (rounded) is inside.
    const box = boundingBox(origin, maxMiles + 0.1);
    const params: unknown[] = [box.minLat, box.maxLat];
    let where = "is_member_center and latitude between $1 and $2";
    if (box.longitude) {
      params.push(box.longitude.min, box.longitude.max);
      where += " and longitude between $3 and $4";
    }
    rows = await selectCenters(db, `where ${where}`, params);
  } else {
    rows = await selectCenters(db, "where is_member_center");
  }
  const withDistance = rows
    .map((c) => ({ c, miles: roundMiles(distanceInMiles(origin, c)) }))
    .filter((x) => maxMiles <= 0 || x.miles <= maxMiles);
  withDistance.sort((x, y) => x.miles - y.miles || byName(x.c, y.c));
  return withDistance.map((x) => toTransplantCenter(x.c, x.miles));
}
