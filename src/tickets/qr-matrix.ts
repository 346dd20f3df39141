/**
 * A QR code as an SVG path: one "M x y h1 v1 h-1 z" square per dark module, on a grid
 * with a four-module quiet zone (what scanners need around the code). Pure, so a unit
 * test can check it against the library's own matrix.
 */
export interface QrMatrix {
  size: number;
  /** row-major, truthy = dark */
  data: ArrayLike<number | boolean>;
}

export const QUIET_ZONE = 4;

export function qrPath(matrix: QrMatrix): { path: string; viewBox: number } {
  const parts: string[] = [];
  for (let y = 0; y < matrix.size; y++) {
    for (let x = 0; x < matrix.size; x++) {
      if (matrix.data[y * matrix.size + x]) parts.push(`M${x + QUIET_ZONE} ${y + QUIET_ZONE}h1v1h-1z`);
    }
  }
  return { path: parts.join(""), viewBox: matrix.size + 2 * QUIET_ZONE };
}

/**
 * The library is loaded on first use, so only the pages that show tickets download it.
 * Medium error correction: it survives a scuffed printout or a cracked screen and keeps
 * the modules of a 15-character code large.
 */
export async function qrMatrix(text: string): Promise<QrMatrix> {
  const { create } = await import("qrcode");
  const { modules } = create(text, { errorCorrectionLevel: "M" });
  return { size: modules.size, data: modules.data };
}
