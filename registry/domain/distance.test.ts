import { describe, expect, it } from "vitest";
import { boundingBox, distanceInMiles, roundMiles } from "./distance";

const springfield = { latitude: 39.8, longitude: -89.6495 }; // ZIP 62701
const chicago = { latitude: 41.8858, longitude: -87.6181 }; // ZIP 60601

describe("distanceInMiles (haversine, CEN-005)", () => {
  it("answers known great-circle distances", () => {
    expect(distanceInMiles(springfield, springfield)).toBe(0);
    expect(roundMiles(distanceInMiles(springfield, chicago))).toBe(179);
    expect(distanceInMiles(chicago, springfield)).toBeCloseTo(distanceInMiles(springfield, chicago), 9);
    // New York (10001) to Los Angeles (90012): about 2,450 miles.
    const ny = { latitude: 40.7484, longitude: -73.9967 };
    const la = { latitude: 34.0614, longitude: -118.2385 };
    expect(distanceInMiles(ny, la)).toBeGreaterThan(2430);
    expect(distanceInMiles(ny, la)).toBeLessThan(2460);
    // A quarter of the way round the equator.
    expect(distanceInMiles({ latitude: 0, longitude: 0 }, { latitude: 0, longitude: 90 })).toBeCloseTo((Math.PI / 2) * 3958.7613, 6);
  });

  it("rounds to one decimal", () => {
    expect(roundMiles(12.345)).toBe(12.3);
    expect(roundMiles(12.35)).toBe(12.4);
    expect(roundMiles(0.04)).toBe(0);
  });
});

describe("boundingBox", () => {
  it("holds every point within the distance, in every direction", () => {
    for (const origin of [
      springfield,
      { latitude: 61.2, longitude: -149.8 },
      { latitude: 21.3, longitude: -157.85 },
      { latitude: -33.9, longitude: 151.2 },
    ]) {
      for (const miles of [100, 300, 1000]) {
        const box = boundingBox(origin, miles);
        for (let bearing = 0; bearing < 360; bearing += 5) {
          const p = destination(origin, bearing, miles * 0.999);
          expect(distanceInMiles(origin, p)).toBeLessThanOrEqual(miles);
          expect(p.latitude).toBeGreaterThanOrEqual(box.minLat);
          expect(p.latitude).toBeLessThanOrEqual(box.maxLat);
          if (box.longitude) {
            expect(p.longitude).toBeGreaterThanOrEqual(box.longitude.min);
            expect(p.longitude).toBeLessThanOrEqual(box.longitude.max);
          }
        }
      }
    }
  });

  it("drops the longitude range near a pole and across the antimeridian", () => {
    expect(boundingBox({ latitude: 89, longitude: 0 }, 300).longitude).toBeNull();
    expect(boundingBox({ latitude: 52, longitude: 179 }, 300).longitude).toBeNull();
    expect(boundingBox(springfield, 300).longitude).not.toBeNull();
  });
});

/** The point `miles` away from `from` on an initial bearing (degrees). */
function destination(from: { latitude: number; longitude: number }, bearing: number, miles: number) {
  const R = 3958.7613;
  const rad = Math.PI / 180;
  const d = miles / R;
  const lat1 = from.latitude * rad;
  const lng1 = from.longitude * rad;
  const b = bearing * rad;
  const lat2 = Math.asin(Math.sin(lat1) * Math.cos(d) + Math.cos(lat1) * Math.sin(d) * Math.cos(b));
  const lng2 = lng1 + Math.atan2(Math.sin(b) * Math.sin(d) * Math.cos(lat1), Math.cos(d) - Math.sin(lat1) * Math.sin(lat2));
  return { latitude: lat2 / rad, longitude: lng2 / rad };
}
