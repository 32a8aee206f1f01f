/**
 * A file the browser saves (a PDF the registry made): `Content-Disposition: attachment` with a file name that holds no
 * health data, never cached (LAB-005, SCR-025, MHX-010, ACC-043).
 */
export function attachment(bytes: Uint8Array, contentType: string, fileName: string): Response {
  return new Response(new Uint8Array(bytes), {
    status: 200,
    headers: {
      "Content-Type": contentType,
      "Content-Disposition": `attachment; filename="${fileName}"`,
      "Content-Length": String(bytes.byteLength),
      "Cache-Control": "no-store",
      "X-Content-Type-Options": "nosniff",
    },
  });
}
