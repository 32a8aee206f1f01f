import { isIPv4, isIPv6 } from "node:net";

/**
 * The key a client address is counted under by the per-address limits (docs/decisions/021, 087): an IPv4 address is
 * itself; an IPv4-mapped IPv6 address (`::ffff:192.0.2.1`, what a dual-stack socket reports) is its IPv4 address; any
 * other IPv6 address is its /64 network (`2001:db8:1:2::/64`), because one home, phone or cloud customer holds a whole
 * /64 (2^64 addresses) and could otherwise take a fresh budget per address. Anything else ("unknown") is itself.
 */
export function addressLimitKey(address: string): string {
  const value = address.trim().toLowerCase();
  if (isIPv4(value)) return value;
  const bare = value.replace(/^\[|\]$/g, "").replace(/%.*$/, "");
  if (!isIPv6(bare)) return value;
  const groups = ipv6Groups(bare);
  if (!groups) return value;
  if (groups.slice(0, 5).every((g) => g === 0) && groups[5] === 0xffff) {
    const [hi, lo] = [groups[6]!, groups[7]!];
    return `${hi >> 8}.${hi & 255}.${lo >> 8}.${lo & 255}`;
  }
  return `${groups
    .slice(0, 4)
    .map((g) => g.toString(16))
    .join(":")}::/64`;
}

/** The eight 16-bit groups of a valid IPv6 address (`::` expanded, a trailing dotted IPv4 part as two groups). */
function ipv6Groups(address: string): number[] | null {
  let text = address;
  const dotted = /(\d+)\.(\d+)\.(\d+)\.(\d+)$/.exec(text);
  if (dotted) {
    const [a, b, c, d] = dotted.slice(1).map(Number) as [number, number, number, number];
    text = `${text.slice(0, dotted.index)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head = "", tail] = text.split("::");
  const part = (s: string | undefined) => (s ? s.split(":").map((g) => parseInt(g, 16)) : []);
  const left = part(head);
  const right = part(tail);
  const missing = 8 - left.length - right.length;
  if (tail === undefined ? missing !== 0 : missing < 0) return null;
  const groups = [...left, ...Array<number>(Math.max(0, missing)).fill(0), ...right];
  return groups.length === 8 && groups.every((g) => Number.isInteger(g) && g >= 0 && g <= 0xffff) ? groups : null;
}
