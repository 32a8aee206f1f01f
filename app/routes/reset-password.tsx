/**
 * /reset-password?h={token} (ACC-024: the registration screen, used for password reset): the registration
 * screen with its Enter New Password dialog, served at its own address. /register?h= keeps working (the links
 * already sent carry it).
 */
export { action, default, handle, loader } from "./register";
