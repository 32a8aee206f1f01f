/**
 * Signed-in devices (docs/decisions/109, ACC-049, ACC-050). Plain data, no zod.
 */

/**
 * The address a device was last seen from, coarse: an IPv4 address without its last number ("203.0.113.x"), an IPv6
 * one with its first three groups only ("2001:db8:85a3:…"). No place names: the registry has no GeoIP database.
 * Null for no or an unreadable address.
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
