/**
 * Signed-in devices (docs/decisions/109, ACC-049, ACC-050). Plain data, no zod.
 */

/**
 * The address a device was last seen from, coarse: an IPv4 address without its last number ("203.0.113.x"), an IPv6
 * one with its first three groups only ("2001:db8:85a3:…"). The place, when the registry has an IP-geolocation
 * database, is looked up from the full address before (DevicePlace, docs/decisions/116). Null for no or an
 * unreadable address.
 */
export function coarseAddress(address: string | null | undefined): string | null {
  const text = (address ?? "").trim().toLowerCase();
  const v4 = /^(?:::ffff:)?(\d{1,3})\.(\d{1,3})\.(\d{1,3})\.(\d{1,3})$/.exec(text);
  if (v4) return `${v4[1]}.${v4[2]}.${v4[3]}.x`;
  if (/^[0-9a-f:]+$/.test(text) && text.includes(":")) {
    const groups = text.split("::")[0]!.split(":").filter(Boolean);
    const head = [...groups, "0", "0", "0"].slice(0, 3);
    return `${head.join(":")}:…`;
  }
  return null;
}

/** A place's name in the portal's languages, as the database has them ({ en: "Seville", es: "Sevilla" }). */
export type PlaceNames = { en?: string; es?: string };

/** Where a device was last seen from, by its address (docs/decisions/116): what the database names of it. */
export type DevicePlace = { city?: PlaceNames; region?: PlaceNames; country?: PlaceNames };

/**
 * Whose IP-geolocation data the registry uses (GEOIP_DATABASE): "db-ip" (DB-IP, Lite under CC BY 4.0), "geolite2"
 * (MaxMind's GeoLite2, under its EULA), "other"; the page credits the first two. "none": no database, no places.
 */
export const PLACE_SOURCES = ["none", "db-ip", "geolite2", "other"] as const;
export type PlaceSource = Exclude<(typeof PLACE_SOURCES)[number], "none">;
