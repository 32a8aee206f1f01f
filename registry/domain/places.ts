import { closeSync, constants, fstatSync, openSync, readSync, type Stats } from "node:fs";
import { BlockList, isIPv4, isIPv6 } from "node:net";
import { Reader, type Response } from "mmdb-lib";
import type { DevicePlace, PlaceNames, PlaceSource } from "../contract/devices";

/**
 * The place of an address, from the IP-geolocation database the operator supplies (GEOIP_DATABASE, a MaxMind DB
 * file: GeoLite2 or DB-IP Lite, city or country level; docs/decisions/116). Read once, when the registry starts;
 * looked up in memory from the full address the registry keeps, before the address is made coarse (decision 109).
 */

export type Places = {
  /** Whose data it is: the page names the source where a licence asks for it (DB-IP Lite, GeoLite2). */
  source: PlaceSource;
  /** The address's city, region and country in English and Spanish; null when private, reserved or not in the file. */
  placeOf(address: string | null | undefined): DevicePlace | null;
};

/** The languages of the portal: names in others are left out. */
const LANGUAGES = ["en", "es"] as const;

/**
 * Addresses no database can place: private use, loopback, link-local, shared (carrier-grade NAT), documentation,
 * benchmarking, multicast and other reserved networks (IANA's special-purpose registries), in IPv4 and IPv6.
 */
const RESERVED = new BlockList();
for (const [net, prefix] of [
  ["0.0.0.0", 8],
  ["10.0.0.0", 8],
  ["100.64.0.0", 10],
  ["127.0.0.0", 8],
  ["169.254.0.0", 16],
  ["172.16.0.0", 12],
  ["192.0.0.0", 24],
  ["192.0.2.0", 24],
  ["192.88.99.0", 24],
  ["192.168.0.0", 16],
  ["198.18.0.0", 15],
  ["198.51.100.0", 24],
  ["203.0.113.0", 24],
  ["224.0.0.0", 4],
  ["240.0.0.0", 4],
] as const) {
  RESERVED.addSubnet(net, prefix, "ipv4");
}
for (const [net, prefix] of [
  ["::", 127],
  ["64:ff9b::", 96],
  ["64:ff9b:1::", 48],
  ["100::", 64],
  ["2001::", 23],
  ["2001:db8::", 32],
  ["2002::", 16],
  ["3fff::", 20],
  ["fc00::", 7],
  ["fe80::", 10],
  ["ff00::", 8],
] as const) {
  RESERVED.addSubnet(net, prefix, "ipv6");
}

/** An address as the database is asked for it: IPv4-mapped IPv6 ("::ffff:1.2.3.4") as IPv4; null for no address. */
function lookupAddress(address: string | null | undefined): { ip: string; family: "ipv4" | "ipv6" } | null {
  const text = (address ?? "").trim().toLowerCase();
  const mapped = /^::ffff:(\d{1,3}(?:\.\d{1,3}){3})$/.exec(text);
  const ip = mapped ? mapped[1]! : text;
  if (isIPv4(ip)) return { ip, family: "ipv4" };
  if (isIPv6(ip) && !ip.includes("%")) return { ip, family: "ipv6" };
  return null;
}

type NamedRecord = { names?: Record<string, unknown> } | undefined;

/** A record's names in the portal's languages, or undefined when it has none of them. */
function namesOf(record: NamedRecord): PlaceNames | undefined {
  const names = record?.names;
  if (!names || typeof names !== "object") return undefined;
  const kept = Object.fromEntries(LANGUAGES.flatMap((lang) => (typeof names[lang] === "string" && names[lang] ? [[lang, names[lang]]] : [])));
  return Object.keys(kept).length ? kept : undefined;
}

/** Whose file it is, from its metadata (database_type "DBIP-City-Lite", "GeoLite2-City"...; the description). */
function sourceOf(reader: Reader<Response>): PlaceSource {
  const description = reader.metadata.description as unknown;
  const words = [reader.metadata.databaseType, ...(description && typeof description === "object" ? Object.values(description) : [])].join(" ");
  if (/db-?ip/i.test(words)) return "db-ip";
  if (/geolite/i.test(words)) return "geolite2";
  return "other";
}

/** Places from a MaxMind DB file's bytes; throws when they are not one. */
export function placesFrom(bytes: Buffer): Places {
  const reader = new Reader<Response>(bytes);
  const ipVersion = reader.metadata.ipVersion;
  if (ipVersion !== 4 && ipVersion !== 6) throw new Error("not a MaxMind DB file of IPv4 or IPv6 networks");
  return {
    source: sourceOf(reader),
    placeOf(address) {
      const target = lookupAddress(address);
      if (!target || RESERVED.check(target.ip, target.family)) return null;
      // An IPv4-only file has no IPv6 networks: its tree read with an IPv6 address's first bits would answer wrongly.
      if (target.family === "ipv6" && ipVersion === 4) return null;
      let found: unknown;
      try {
        found = reader.get(target.ip);
      } catch {
        return null;
      }
      if (!found || typeof found !== "object") return null;
      const record = found as { city?: NamedRecord; subdivisions?: unknown; country?: NamedRecord };
      const region = Array.isArray(record.subdivisions) ? (record.subdivisions[0] as NamedRecord) : undefined;
      const place: DevicePlace = {};
      const city = namesOf(record.city);
      const regionNames = namesOf(region);
      const country = namesOf(record.country);
      if (city) place.city = city;
      if (regionNames) place.region = regionNames;
      if (country) place.country = country;
      return Object.keys(place).length ? place : null;
    },
  };
}

/**
 * The operator's database (GEOIP_DATABASE), read once; undefined without one. A file that is missing, unreadable or
 * not a MaxMind DB is one log line and no places: the registry starts all the same.
 */
/** The largest GEOIP_DATABASE read: a city-level file is 50-130 MB, a country-level one ~8 MB (docs/decisions/116, 131). */
export const MAX_GEOIP_BYTES = 256 * 1024 * 1024;

/** A GEOIP_DATABASE that is no file to read: said in the log line's `problem`. */
class GeoipFileError extends Error {}

function kindOf(stat: Stats): string {
  if (stat.isFIFO()) return "a FIFO (named pipe)";
  if (stat.isCharacterDevice()) return "a character device";
  if (stat.isBlockDevice()) return "a block device";
  if (stat.isSocket()) return "a socket";
  return "not a regular file";
}

/**
 * The file's bytes, read only when it is a regular file of at most MAX_GEOIP_BYTES (docs/decisions/131): opened without
 * blocking (a FIFO would wait for a writer forever) and judged by the open descriptor, so a FIFO, a device such as
 * /dev/zero (endless) or an oversized file is refused before anything is read.
 */
function readGeoipFile(file: string): Buffer {
  const fd = openSync(file, constants.O_RDONLY | constants.O_NONBLOCK);
  try {
    const stat = fstatSync(fd);
    if (stat.isDirectory()) throw Object.assign(new Error("is a directory"), { code: "EISDIR" });
    if (!stat.isFile()) throw new GeoipFileError(`${kindOf(stat)}, not a regular file`);
    if (stat.size > MAX_GEOIP_BYTES) throw new GeoipFileError(`${stat.size} bytes, over the ${MAX_GEOIP_BYTES} a MaxMind DB file may have here`);
    const bytes = Buffer.alloc(stat.size);
    let read = 0;
    while (read < bytes.length) {
      const n = readSync(fd, bytes, read, bytes.length - read, read);
      if (n === 0) break;
      read += n;
    }
    return bytes.subarray(0, read);
  } finally {
    closeSync(fd);
  }
}

export function openPlaces(file: string | undefined, log: (entry: Record<string, unknown>) => void): Places | undefined {
  if (!file) return undefined;
  try {
    const bytes = readGeoipFile(file);
    const places = placesFrom(bytes);
    log({ level: "info", event: "registry.geoip", file, bytes: bytes.length, source: places.source });
    return places;
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    log({
      level: "error",
      event: "registry.geoip.unreadable",
      file,
      ...(code ? { code } : {}),
      ...(error instanceof GeoipFileError ? { problem: error.message } : {}),
      hint: "GEOIP_DATABASE must name a MaxMind DB (.mmdb) file, e.g. GeoLite2-City or DB-IP's IP to City Lite; no places are named until it does",
    });
    return undefined;
  }
}
