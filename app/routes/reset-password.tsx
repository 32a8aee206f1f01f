/**
 * /reset-password?h={token} (000 §2.1: "Same registration screen, used for password reset"): the registration
 * screen with its Enter New Password dialog, served at its own address. /register?h= keeps working (the links
 * already sent carry it).
 */
export { action, default, handle, loader } from "./register";
