/**
 * The part of qrcode the site uses (src/tickets/qr-matrix.ts), for the site's type check
 * only: the package's own types load Node's, which would let site code import node:fs.
 */
export function create(
  text: string,
  options?: { errorCorrectionLevel?: "L" | "M" | "Q" | "H" },
): { modules: { size: number; data: Uint8Array } };
