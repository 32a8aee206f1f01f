import { describe, expect, it } from "vitest";
import { safeRedirectPath } from "./safe-redirect";

describe("safeRedirectPath", () => {
  it.each([
    ["/landing", "/landing"],
    ["/register?logout=true", "/register?logout=true"],
    ["/select-center/4?sort=name&dir=asc", "/select-center/4?sort=name&dir=asc"],
    ["/landing#top", "/landing"],
    ["/a/../landing", "/landing"],
    ["/profile?name=Jos%C3%A9", "/profile?name=Jos%C3%A9"],
    ["/perfil/José", "/perfil/Jos%C3%A9"],
    ["/profile?q=ñ", "/profile?q=%C3%B1"],
    ["/", "/"],
  ])("keeps the site path %j as %j", (input, expected) => {
    expect(safeRedirectPath(input)).toBe(expected);
  });

  it.each([
    [null, "missing"],
    ["", "empty"],
    ["landing", "relative path"],
    ["https://evil.example/", "absolute URL"],
    ["javascript:alert(1)", "script URL"],
    ["//evil.example", "protocol-relative"],
    ["/\t/evil.example", "tab (browsers drop it: //evil.example)"],
    ["/\n/evil.example", "line feed"],
    ["/\r\n/evil.example", "CR LF"],
    ["/%09/evil.example", "encoded tab"],
    ["/%0d%0aSet-Cookie:x=1", "encoded CR LF (header injection)"],
    ['/%0A{"level":"error"}', "encoded LF (forged log line)"],
    ["/%2F/evil.example", "encoded slash making //"],
    ["/%252F/evil.example", "double-encoded slash"],
    ["/\\evil.example", "backslash"],
    ["/%5Cevil.example", "encoded backslash"],
    ["\\/evil.example", "leading backslash"],
    ["/%E0%A4%A", "broken percent-encoding"],
    ["/\u0000", "NUL"],
    ["/\u2028", "line separator"],
    ["/\u0085next", "C1 control"],
    [`/${"a".repeat(3000)}`, "too long"],
  ])("refuses %j (%s)", (input, _why) => {
    expect(safeRedirectPath(input)).toBe("/");
    expect(safeRedirectPath(input, "/register")).toBe("/register");
  });
});
