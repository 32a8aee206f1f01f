import { isIPv4, isIPv6 } from "node:net";

/**
 * A small MaxMind DB writer, for tests only (docs/decisions/116): the format of GeoLite2 and DB-IP's .mmdb files
 * (https://maxmind.github.io/MaxMind-DB/), enough to give the registry a database of a few networks. A binary
 * search tree of 24-bit records (IPv6, IPv4 networks at ::/96 as in real files; or IPv4 only), 16 zero bytes, the
 * data section (maps, strings, unsigned integers, arrays, booleans; no pointers), then the metadata.
 */

/** A uint16 in the data section (the metadata's record_size, ip_version and format versions). */
export class Uint16 {
  constructor(readonly value: number) {}
}

/** A value of the data section: a number is a uint32 when a whole number 0..2^32-1, else a double; a bigint a uint64. */
export type MmdbValue = string | number | bigint | boolean | Uint16 | MmdbValue[] | { [key: string]: MmdbValue };

export type MmdbNetwork = { network: string; data: MmdbValue };

export type MmdbOptions = {
  databaseType: string;
  languages?: string[];
  description?: Record<string, string>;
  /** 6 (default): an IPv6 tree, IPv4 networks under ::/96; 4: an IPv4 tree. */
  ipVersion?: 4 | 6;
  buildEpoch?: number;
};

const METADATA_MARKER = Buffer.concat([Buffer.from([0xab, 0xcd, 0xef]), Buffer.from("MaxMind.com", "ascii")]);

/** The bits of a network's address ("10.0.0.0/8", "2001:db8::/32") in a tree of `ipVersion`, and its prefix length there. */
function networkBits(network: string, ipVersion: 4 | 6): { bits: number[]; prefix: number } {
  const [address, length] = network.split("/");
  const prefix = Number(length);
  let bytes: number[];
  let offset = 0;
  if (isIPv4(address!)) {
    bytes = address!.split(".").map(Number);
    if (ipVersion === 6) {
      bytes = [...new Array<number>(12).fill(0), ...bytes];
      offset = 96;
    }
  } else if (isIPv6(address!) && ipVersion === 6) {
    bytes = ipv6Bytes(address!);
  } else {
    throw new Error(`not a network of this tree: ${network}`);
  }
  const bits = bytes.flatMap((b) => [7, 6, 5, 4, 3, 2, 1, 0].map((i) => (b >> i) & 1));
  if (!Number.isInteger(prefix) || prefix < 1 || prefix + offset > bits.length) throw new Error(`bad prefix: ${network}`);
  return { bits, prefix: prefix + offset };
}

function ipv6Bytes(address: string): number[] {
  const [head, tail] = address.split("::") as [string, string | undefined];
  const groups = (s: string | undefined) => (s ? s.split(":").map((g) => parseInt(g, 16)) : []);
  const left = groups(head);
  const right = groups(tail);
  const all = tail === undefined ? left : [...left, ...new Array<number>(8 - left.length - right.length).fill(0), ...right];
  return all.flatMap((g) => [g >> 8, g & 0xff]);
}

type Record_ = { kind: "empty" } | { kind: "node"; index: number } | { kind: "data"; value: number };
type Node = [Record_, Record_];

/** The control byte(s) and size bytes of a field of `type` (1..15) and `size`. */
function control(type: number, size: number): Buffer {
  const parts: number[] = [];
  let sizeBits: number;
  const extra: number[] = [];
  if (size < 29) sizeBits = size;
  else if (size < 285) {
    sizeBits = 29;
    extra.push(size - 29);
  } else if (size < 65_821) {
    sizeBits = 30;
    extra.push((size - 285) >> 8, (size - 285) & 0xff);
  } else {
    sizeBits = 31;
    const s = size - 65_821;
    extra.push((s >> 16) & 0xff, (s >> 8) & 0xff, s & 0xff);
  }
  if (type <= 7) parts.push((type << 5) | sizeBits);
  else parts.push(sizeBits, type - 7);
  return Buffer.from([...parts, ...extra]);
}

function unsignedBytes(value: bigint): Buffer {
  const bytes: number[] = [];
  for (let v = value; v > 0n; v >>= 8n) bytes.unshift(Number(v & 0xffn));
  return Buffer.from(bytes);
}

/** One value of the data section, encoded. */
export function encodeValue(value: MmdbValue): Buffer {
  if (typeof value === "string") {
    const bytes = Buffer.from(value, "utf8");
    return Buffer.concat([control(2, bytes.length), bytes]);
  }
  if (typeof value === "boolean") return control(14, value ? 1 : 0);
  if (value instanceof Uint16) {
    const bytes = unsignedBytes(BigInt(value.value));
    return Buffer.concat([control(5, bytes.length), bytes]);
  }
  if (typeof value === "bigint") {
    const bytes = unsignedBytes(value);
    return Buffer.concat([control(9, bytes.length), bytes]);
  }
  if (typeof value === "number") {
    if (Number.isInteger(value) && value >= 0 && value < 2 ** 32) {
      const bytes = unsignedBytes(BigInt(value));
      return Buffer.concat([control(6, bytes.length), bytes]);
    }
    const bytes = Buffer.alloc(8);
    bytes.writeDoubleBE(value);
    return Buffer.concat([control(3, 8), bytes]);
  }
  if (Array.isArray(value)) return Buffer.concat([control(11, value.length), ...value.map(encodeValue)]);
  const entries = Object.entries(value);
  return Buffer.concat([control(7, entries.length), ...entries.flatMap(([k, v]) => [encodeValue(k), encodeValue(v)])]);
}

/** A whole .mmdb file holding `networks` (none may contain another given before it). */
export function writeMmdb(networks: MmdbNetwork[], options: MmdbOptions): Buffer {
  const ipVersion = options.ipVersion ?? 6;
  const nodes: Node[] = [[{ kind: "empty" }, { kind: "empty" }]];
  const data: Buffer[] = [];
  let dataSize = 0;
  for (const { network, data: value } of networks) {
    const { bits, prefix } = networkBits(network, ipVersion);
    const encoded = encodeValue(value);
    const offset = dataSize;
    data.push(encoded);
    dataSize += encoded.length;
    let node = 0;
    for (let depth = 0; depth < prefix - 1; depth++) {
      const bit = bits[depth]!;
      const next = nodes[node]![bit]!;
      if (next.kind === "node") {
        node = next.index;
        continue;
      }
      if (next.kind === "data") throw new Error(`${network} lies inside a network given before it`);
      nodes.push([{ kind: "empty" }, { kind: "empty" }]);
      nodes[node]![bit] = { kind: "node", index: nodes.length - 1 };
      node = nodes.length - 1;
    }
    nodes[node]![bits[prefix - 1]!] = { kind: "data", value: offset };
  }
  const nodeCount = nodes.length;
  const recordValue = (r: Record_) => (r.kind === "empty" ? nodeCount : r.kind === "node" ? r.index : nodeCount + 16 + r.value);
  const tree = Buffer.alloc(nodeCount * 6);
  nodes.forEach(([left, right], i) => {
    tree.writeUIntBE(recordValue(left), i * 6, 3);
    tree.writeUIntBE(recordValue(right), i * 6 + 3, 3);
  });
  const metadata = encodeValue({
    node_count: nodeCount,
    record_size: new Uint16(24),
    ip_version: new Uint16(ipVersion),
    database_type: options.databaseType,
    languages: options.languages ?? ["en"],
    binary_format_major_version: new Uint16(2),
    binary_format_minor_version: new Uint16(0),
    build_epoch: BigInt(options.buildEpoch ?? 1_764_201_600),
    description: options.description ?? { en: "A test database" },
  });
  return Buffer.concat([tree, Buffer.alloc(16), ...data, METADATA_MARKER, metadata]);
}

/** The `names` map of a city, subdivision or country: { en: "Seville", es: "Sevilla" }. */
export type TestPlace = { city?: Record<string, string>; region?: Record<string, string>; country?: Record<string, string>; iso?: string };

/** A GeoLite2-City-shaped record (city, subdivisions, country with iso_code, location). */
export function cityRecord(place: TestPlace): MmdbValue {
  return {
    ...(place.city ? { city: { geoname_id: 1, names: place.city } } : {}),
    ...(place.country ? { country: { geoname_id: 2, iso_code: place.iso ?? "ZZ", names: place.country } } : {}),
    ...(place.region ? { subdivisions: [{ geoname_id: 3, iso_code: "XX", names: place.region }] } : {}),
    location: { latitude: 37.3891, longitude: -5.9845, accuracy_radius: 100 },
  };
}
