/**
 * DEMONSTRATION DATA — INVENTED TRANSPLANT CENTERS (CEN-012).
 *
 * Every center below is made up: the names are invented, and every flag and statistic is generated
 * deterministically (a seeded pseudo-random sequence per center), not taken from any real center. Only the
 * cities and ZIP codes are real, so that distances work (CEN-005). The rows are stored with
 * `is_demo = true`, their ids start at 900001, and a real list replaces nothing here: it is imported with
 * `npm run registry -- import-centers <file>` (registry/domain/center-import.ts).
 */
import type { Db } from "../db/types";
import { lookupZip } from "../domain/zip-data";
import { countCenters, upsertCenters, type CenterRecord } from "./centers";

/** [invented name, city, state, real ZIP code], grouped by region. */
const SITES: ReadonlyArray<readonly [name: string, city: string, state: string, zip: string]> = [
  // New England
  ["Granite Harbor Kidney Institute", "Boston", "MA", "02115"],
  ["Bay Colony Renal Transplant Center", "Worcester", "MA", "01608"],
  ["Narragansett Kidney Care Institute", "Providence", "RI", "02903"],
  ["Red Maple Transplant Center", "Hartford", "CT", "06106"],
  ["Elm Shore Renal Institute", "New Haven", "CT", "06510"],
  ["Birchwood Transplant Institute", "Burlington", "VT", "05401"],
  ["Casco Lighthouse Kidney Center", "Portland", "ME", "04102"],
  ["Quarry Hill Transplant Center", "Manchester", "NH", "03101"],
  // Mid-Atlantic
  ["Hudson Meridian Kidney Institute", "New York", "NY", "10016"],
  ["Capital Pines Transplant Center", "Albany", "NY", "12208"],
  ["Lilac City Kidney Institute", "Rochester", "NY", "14620"],
  ["Lakefront Renal Center", "Buffalo", "NY", "14203"],
  ["Ironbound Kidney Center", "Newark", "NJ", "07103"],
  ["Liberty Bell Transplant Institute", "Philadelphia", "PA", "19104"],
  ["Confluence Point Kidney Center", "Pittsburgh", "PA", "15213"],
  ["Inner Harbor Transplant Institute", "Baltimore", "MD", "21201"],
  ["Potomac Heights Kidney Center", "Washington", "DC", "20007"],
  ["Blue Hen Renal Center", "Wilmington", "DE", "19801"],
  // Southeast
  ["Fall Line Kidney Institute", "Richmond", "VA", "23298"],
  ["Blue Ridge Foothills Renal Center", "Charlottesville", "VA", "22903"],
  ["Longleaf Transplant Institute", "Durham", "NC", "27710"],
  ["Crown Oak Renal Center", "Charlotte", "NC", "28203"],
  ["Palmetto Tide Transplant Center", "Charleston", "SC", "29425"],
  ["Congaree Kidney Institute", "Columbia", "SC", "29203"],
  ["Peachtree Crossing Transplant Institute", "Atlanta", "GA", "30322"],
  ["St. Johns Bluff Kidney Center", "Jacksonville", "FL", "32209"],
  ["Live Oak Renal Institute", "Gainesville", "FL", "32610"],
  ["Biscayne Coral Transplant Center", "Miami", "FL", "33136"],
  ["Bayshore Pelican Kidney Institute", "Tampa", "FL", "33606"],
  ["Red Mountain Transplant Center", "Birmingham", "AL", "35233"],
  ["Cumberland Bend Kidney Institute", "Nashville", "TN", "37232"],
  ["Bluff City Renal Center", "Memphis", "TN", "38104"],
  ["Falls of the Ohio Kidney Center", "Louisville", "KY", "40202"],
  ["Bluegrass Meadow Renal Institute", "Lexington", "KY", "40536"],
  ["Magnolia Crescent Transplant Center", "Jackson", "MS", "39216"],
  ["Bayou Crescent Kidney Institute", "New Orleans", "LA", "70112"],
  ["Rock Town Kidney Center", "Little Rock", "AR", "72205"],
  ["Mountaineer Valley Transplant Center", "Morgantown", "WV", "26506"],
  ["Isla Verde Renal Institute", "San Juan", "PR", "00921"],
  // Midwest
  ["Lakeshore Prairie Kidney Institute", "Chicago", "IL", "60611"],
  ["Lincoln Prairie Renal Center", "Springfield", "IL", "62702"],
  ["Crossroads Circle Kidney Center", "Indianapolis", "IN", "46202"],
  ["Huron Arbor Transplant Institute", "Ann Arbor", "MI", "48109"],
  ["Woodward Gear Kidney Center", "Detroit", "MI", "48201"],
  ["Cuyahoga Lantern Transplant Center", "Cleveland", "OH", "44195"],
  ["Scioto Bend Kidney Institute", "Columbus", "OH", "43210"],
  ["Queen's Hill Renal Center", "Cincinnati", "OH", "45219"],
  ["Cream City Transplant Center", "Milwaukee", "WI", "53226"],
  ["Four Lakes Kidney Institute", "Madison", "WI", "53792"],
  ["Mill City Renal Institute", "Minneapolis", "MN", "55455"],
  ["Zumbro River Transplant Center", "Rochester", "MN", "55905"],
  ["Hawkeye Meadow Kidney Center", "Iowa City", "IA", "52242"],
  ["Gateway Arch Transplant Institute", "Saint Louis", "MO", "63110"],
  ["Prairie Fountain Kidney Center", "Kansas City", "KS", "66160"],
  ["Cornhusker Bluff Transplant Center", "Omaha", "NE", "68198"],
  ["Big Sioux Renal Center", "Sioux Falls", "SD", "57105"],
  ["Northern Plains Lark Kidney Center", "Fargo", "ND", "58102"],
  // South central and Southwest
  ["Trinity Lantern Transplant Institute", "Dallas", "TX", "75390"],
  ["Buffalo Bayou Transplant Institute", "Houston", "TX", "77030"],
  ["Mission Trail Renal Center", "San Antonio", "TX", "78229"],
  ["Violet Crown Kidney Institute", "Austin", "TX", "78701"],
  ["Franklin Mountain Transplant Center", "El Paso", "TX", "79905"],
  ["Red Earth Kidney Institute", "Oklahoma City", "OK", "73104"],
  ["Arkansas River Renal Center", "Tulsa", "OK", "74104"],
  ["Sandia Sunrise Transplant Center", "Albuquerque", "NM", "87106"],
  ["Saguaro Ridge Kidney Institute", "Phoenix", "AZ", "85006"],
  // Mountain
  ["Front Range Aspen Transplant Center", "Aurora", "CO", "80045"],
  ["Wasatch Summit Kidney Institute", "Salt Lake City", "UT", "84132"],
  ["Sagebrush Renal Center", "Boise", "ID", "83712"],
  ["Desert Star Kidney Center", "Las Vegas", "NV", "89102"],
  ["Rimrock Transplant Center", "Billings", "MT", "59101"],
  ["High Plains Kidney Center", "Cheyenne", "WY", "82001"],
  // West
  ["Puget Evergreen Transplant Institute", "Seattle", "WA", "98104"],
  ["Willamette Heron Renal Institute", "Portland", "OR", "97239"],
  ["Delta Oak Kidney Center", "Sacramento", "CA", "95817"],
  ["Golden Fog Transplant Institute", "San Francisco", "CA", "94143"],
  ["Sunset Palms Kidney Institute", "Los Angeles", "CA", "90095"],
  ["Point Loma Tide Kidney Center", "San Diego", "CA", "92103"],
  ["Central Valley Almond Kidney Center", "Fresno", "CA", "93721"],
  ["Aloha Reef Transplant Center", "Honolulu", "HI", "96813"],
  ["Northern Lights Kidney Center", "Anchorage", "AK", "99508"],
];

export const DEMO_CENTER_ID_BASE = 900_000;
/** The end of the prior-year window of every demo center. */
export const DEMO_YEAR_RANGE_LAST_DATE = "2024-12-31";

/** A small seeded pseudo-random sequence (mulberry32): the same numbers for the same center on every run. */
function sequence(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** One invented center: member centers take part in the registry's programs; non-members in none of them. */
function demoCenter(index: number): CenterRecord {
  const [centerName, city, stateAbbr, postalCode] = SITES[index]!;
  const centerId = DEMO_CENTER_ID_BASE + index + 1;
  const location = lookupZip(postalCode);
  if (!location) throw new Error(`demo center ${centerId}: ZIP ${postalCode} is not in the bundled ZIP data`);
  const random = sequence(centerId * 7919);
  const chance = (p: number) => random() < p;
  const between = (min: number, max: number) => min + Math.floor(random() * (max - min + 1));

  const isMemberCenter = chance(0.7);
  const isMicrositeParticipant = isMemberCenter && chance(0.45);
  const allLd = chance(0.15) ? null : between(8, 220);
  const nkrLd = isMemberCenter ? Math.min(allLd ?? 60, between(1, 45)) : 0;
  return {
    centerId,
    centerName,
    city,
    stateAbbr,
    postalCode,
    latitude: location.latitude,
    longitude: location.longitude,
    isMemberCenter,
    isKidneyForLifeParticipant: isMemberCenter && chance(0.5),
    isMicrositeParticipant,
    isMicrositeCenterOfExcellence: isMicrositeParticipant && chance(0.4),
    isRecipientShieldParticipant: isMemberCenter && chance(0.6),
    hasVoucherProgram: isMemberCenter && chance(0.55),
    performsNonSteroidProtocol: chance(0.35),
    lowEpletTransplantsLast12Months: isMemberCenter && !chance(0.25) ? between(0, 30) : null,
    nkrTransplantsLast12Months: isMemberCenter ? between(2, 60) : 0,
    yearRangeLdNkrFacilitated: nkrLd,
    allLivingDonorTransplantsPriorYear: allLd,
    nkrPercentLdTransplants: allLd ? Math.round((nkrLd / allLd) * 1000) / 10 : 0,
    yearRangeLastDate: DEMO_YEAR_RANGE_LAST_DATE,
    isDemo: true,
  };
}

let cached: CenterRecord[] | undefined;
/** The invented demo centers (about 80), the same on every run. */
export function demoCenters(): CenterRecord[] {
  cached ??= SITES.map((_, i) => demoCenter(i));
  return cached.map((c) => ({ ...c }));
}

/**
 * Stores the demo centers. By default only when there is no center at all (the start of a demo registry);
 * with `force` (the `seed-centers` command) it adds or refreshes them whatever is there, never overwriting a
 * center that is not demo data. Answers how many demo centers were written.
 */
export async function seedDemoCenters(db: Db, opts: { force?: boolean; now?: Date } = {}): Promise<number> {
  if (!opts.force && (await countCenters(db)) > 0) return 0;
  return upsertCenters(db, demoCenters(), opts.now ?? new Date(), { onlyDemo: true });
}
