import { describe, expect, it } from "vitest";
import { addressLimitKey } from "./address-key";

describe("the key of a client address for per-address limits (docs/decisions/087)", () => {
  it("keeps an IPv4 address as it is", () => {
    expect(addressLimitKey("203.0.113.7")).toBe("203.0.113.7");
    expect(addressLimitKey(" 203.0.113.7 ")).toBe("203.0.113.7");
  });

  it("turns an IPv4-mapped IPv6 address into its IPv4 address", () => {
    expect(addressLimitKey("::ffff:203.0.113.7")).toBe("203.0.113.7");
    expect(addressLimitKey("::FFFF:cb00:7107")).toBe("203.0.113.7");
    expect(addressLimitKey("0:0:0:0:0:ffff:203.0.113.7")).toBe("203.0.113.7");
  });

  it("keys every address of one IPv6 /64 alike, and different /64s apart", () => {
    const key = "2001:db8:1:2::/64";
    expect(addressLimitKey("2001:db8:1:2::1")).toBe(key);
    expect(addressLimitKey("2001:0DB8:0001:0002:ffff:ffff:ffff:fffe")).toBe(key);
    expect(addressLimitKey("2001:db8:1:2:a:b:c:d")).toBe(key);
    expect(addressLimitKey("[2001:db8:1:2::9]")).toBe(key);
    expect(addressLimitKey("fe80::1%eth0")).toBe("fe80:0:0:0::/64");
    expect(addressLimitKey("2001:db8:1:3::1")).toBe("2001:db8:1:3::/64");
    expect(addressLimitKey("::1")).toBe("0:0:0:0::/64");
  });

  it("leaves anything that is not an address as it is", () => {
    expect(addressLimitKey("unknown")).toBe("unknown");
    expect(addressLimitKey("2001:db8::1::2")).toBe("2001:db8::1::2");
  });
});
