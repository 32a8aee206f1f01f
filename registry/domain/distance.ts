/** Great-circle distances between ZIP centroids (CEN-005). Pure; no I/O. */

export type LatLng = { latitude: number; longitude: number };

/** Mean radius of the Earth in statute miles. */
export const EARTH_RADIUS_MILES = 3958.7613;

const RAD = Math.PI / 180;

/** The great-circle (haversine) distance between two points, in miles, unrounded. */
export function distanceInMiles(a: LatLng, b: LatLng): number {
  const dLat = (b.latitude - a.latitude) * RAD;
  const dLng = (b.longitude - a.longitude) * RAD;
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(a.latitude * RAD) * Math.cos(b.latitude * RAD) * Math.sin(dLng / 2) ** 2;
  return 2 * EARTH_RADIUS_MILES * Math.asin(Math.min(1, Math.sqrt(h)));
}

/** Miles as the portal shows them: one decimal. */
export function roundMiles(miles: number): number {
  return Math.round(miles * 10) / 10;
}

/**
 * A latitude/longitude box holding every point within `miles` of `center` (a prefilter: the box also holds
 * points a little further away, so the exact distance decides). `longitude` is null when the circle reaches
 * a pole or crosses the antimeridian: then only the latitude range narrows the search.
 */
export type BoundingBox = { minLat: number; maxLat: number; longitude: { min: number; max: number } | null };

export function boundingBox(center: LatLng, miles: number): BoundingBox {
  const angle = miles / EARTH_RADIUS_MILES; // radians of arc
  const minLat = center.latitude - angle / RAD;
  const maxLat = center.latitude + angle / RAD;
  if (minLat <= -90 || maxLat >= 90) return { minLat: Math.max(minLat, -90), maxLat: Math.min(maxLat, 90), longitude: null };
  // The widest longitude offset of the circle (reached north or south of the centre's latitude).
  const ratio = Math.sin(angle) / Math.cos(center.latitude * RAD);
  if (ratio >= 1) return { minLat, maxLat, longitude: null };
  const dLng = Math.asin(ratio) / RAD;
  const min = center.longitude - dLng;
  const max = center.longitude + dLng;
  if (min < -180 || max > 180) return { minLat, maxLat, longitude: null };
  return { minLat, maxLat, longitude: { min, max } };
}
