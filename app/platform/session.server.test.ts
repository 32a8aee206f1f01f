import { describe, expect, it } from "vitest";
import { createSessionStore, HOST_SESSION_COOKIE, SESSION_COOKIE } from "./session.server";

const store = createSessionStore({ secret: "a-test-secret-that-is-long-enough-000000", path: "/" });

function cookieOf(setCookie: string): string {
  return setCookie.split(";")[0]!;
}

describe("encrypted cookie session", () => {
  // Requirement PLT-010.
  it("round-trips data and keeps it unreadable in the cookie", () => {
    const s = store.read(undefined);
    expect(s.isNew).toBe(true);
    s.set("firstName", "Rosa");
    s.set("medicalRecordId", 42);
    const header = store.write(s, false);
    expect(header).toContain("HttpOnly");
    expect(header).toContain("SameSite=Lax");
    expect(header).not.toContain("Secure");
    expect(header).not.toContain("Rosa");
    const back = store.read(cookieOf(header));
    expect(back.get("firstName")).toBe("Rosa");
    expect(back.get("medicalRecordId")).toBe(42);
    expect(back.changed).toBe(false);
  });
  it("marks the cookie Secure over HTTPS", () => {
    expect(store.write(store.read(undefined), true)).toContain("; Secure");
  });
  it("treats a tampered or foreign cookie as a new empty session", () => {
    const s = store.read(undefined);
    s.set("token", "t");
    const value = cookieOf(store.write(s, false)).split("=")[1]!;
    const flipped = value.slice(0, -2) + (value.endsWith("A") ? "BB" : "AA");
    expect(store.read(`${SESSION_COOKIE}=${flipped}`).get("token")).toBeUndefined();
    const other = createSessionStore({ secret: "another-secret-that-is-long-enough-1111", path: "/" });
    expect(other.read(cookieOf(store.write(s, false))).get("token")).toBeUndefined();
    expect(store.read(`${SESSION_COOKIE}=not-base64!!`).isNew).toBe(true);
  });
  it("refuses to write a cookie over 4 KB", () => {
    const s = store.read(undefined);
    s.set("firstName", "x".repeat(5000));
    expect(() => store.write(s, false)).toThrow(/4 KB/);
  });
  it("uses the __Host- name, always Secure with Path=/, when the deployment allows it", () => {
    const hosted = createSessionStore({ secret: "a-test-secret-that-is-long-enough-000000", path: "/", hostPrefixed: true });
    const s = hosted.read(undefined);
    s.set("firstName", "Rosa");
    const header = hosted.write(s, false);
    expect(header.startsWith(`${HOST_SESSION_COOKIE}=`)).toBe(true);
    expect(header).toContain("; Path=/;");
    expect(header).toContain("; Secure");
    expect(header).not.toContain("Domain");
    expect(hosted.read(cookieOf(header)).get("firstName")).toBe("Rosa");
    expect(hosted.read(`${SESSION_COOKIE}=${cookieOf(header).split("=")[1]}`).isNew).toBe(true);
    const underPath = createSessionStore({ secret: "a-test-secret-that-is-long-enough-000000", path: "/portal/", hostPrefixed: true });
    expect(underPath.write(underPath.read(undefined), false).startsWith(`${SESSION_COOKIE}=`)).toBe(true);
  });
});
