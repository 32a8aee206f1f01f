import { renderSVG } from "uqr";

/**
 * The authenticator's QR code, drawn on the server as SVG (no JavaScript, no image request): `uqr`, a maintained
 * encoder, with a quiet zone of 4 modules as the standard asks. Black on white whatever the page's theme, so phones
 * read it in dark mode too.
 */
export function qrSvg(text: string): string {
  return renderSVG(text, { border: 4, ecc: "M", whiteColor: "#ffffff", blackColor: "#000000" });
}

/** The key as people type it: groups of four. */
export function groupedKey(secret: string): string {
  return secret.replace(/(.{4})(?=.)/g, "$1 ");
}
