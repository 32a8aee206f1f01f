import { describe, expect, it } from "vitest";
import { liveErrors } from "./live-errors";

describe("the errors a form shows while the patient corrects it (ACC-017)", () => {
  it("a changed field shows its rule's answer; an untouched one keeps the server's (e.g. a number already registered)", () => {
    const server = {
      firstName: "validation.firstNameRequired",
      phoneNumber: "validation.phoneTaken",
      password: "validation.passwordCommon",
    } as const;
    const local = { email: "validation.emailInvalid", password: "validation.passwordTooShort" } as const;
    const order = ["firstName", "email", "phoneNumber", "password"];
    expect(liveErrors(server, local, new Set(), order)).toEqual(server);
    expect(liveErrors(server, local, new Set(["firstName", "email"]), order)).toEqual({
      email: "validation.emailInvalid",
      phoneNumber: "validation.phoneTaken",
      password: "validation.passwordCommon",
    });
    expect(liveErrors(server, {}, new Set(order), order)).toEqual({});
  });
});
