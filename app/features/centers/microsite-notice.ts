import { PrimaryGoal } from "../../../registry/contract/enums";
import type { SortableCenter } from "./center-sorting";
import { DISTANCE_OPTIONS, queryString, type DistanceFilter, type SelectCenterQuery } from "./select-center-view";

/**
 * Decision 055: for a patient whose goal is a microsite transfer, the 'Microsite Centers of Excellence' section
 * of /select-center used to vanish without a word when none is within the chosen distance (300 miles by default).
 * In its place the page says so, gives the distance of the nearest one when the registry knows it, and offers a
 * link to the smallest distance that lists it (docs/decisions/055). The specification's "an empty centers list shows no
 * message" is about the whole list; this is one section the patient asked for.
 */

export type MicrositeNotice = {
  /** The distance the patient chose (not 0: at any distance there is nothing wider to offer). */
  within: Exclude<DistanceFilter, 0>;
  /** How far the nearest Microsite Center of Excellence is, in miles (the page writes it: milesText); null when unknown. */
  nearestMiles: number | null;
  /** The link that widens the filter (keeps the sort), or null when no such center is listed at any distance. */
  widen: { distance: DistanceFilter; href: string } | null;
};

/** Whether the notice applies: the goal is a microsite transfer, the first section is empty, the distance is limited. */
export function needsMicrositeNotice(primaryGoal: number, firstSectionCount: number, q: SelectCenterQuery): boolean {
  return primaryGoal === PrimaryGoal.TransferToMicrositeCenter && firstSectionCount === 0 && q.distance !== 0;
}

/** The smallest limited distance above `from` that reaches `miles`; 0 (any distance) when none does. */
export function distanceReaching(from: DistanceFilter, miles: number | null): DistanceFilter {
  const limited = DISTANCE_OPTIONS.filter((d): d is Exclude<DistanceFilter, 0> => d !== 0 && d > from);
  if (miles === null) return limited[0] ?? 0;
  return limited.find((d) => d >= miles) ?? 0;
}

/**
 * The notice, from every center at any distance (`anywhere`), or null when that list could not be had (then the
 * link offers the next distance up).
 */
export function micrositeNotice(
  q: SelectCenterQuery & { distance: Exclude<DistanceFilter, 0> },
  anywhere: readonly SortableCenter[] | null,
): MicrositeNotice {
  const link = (distance: DistanceFilter) => ({ distance, href: queryString({ ...q, distance, select: null }) });
  if (anywhere === null) return { within: q.distance, nearestMiles: null, widen: link(distanceReaching(q.distance, null)) };
  const excellence = anywhere.filter((c) => c.isMicrositeCenterOfExcellence);
  if (excellence.length === 0) return { within: q.distance, nearestMiles: null, widen: null };
  const known = excellence.map((c) => c.distanceInMiles).filter((d): d is number => d !== null);
  const nearest = known.length > 0 ? Math.min(...known) : null;
  return {
    within: q.distance,
    nearestMiles: nearest,
    widen: link(distanceReaching(q.distance, nearest)),
  };
}
