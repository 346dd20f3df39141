/**
 * The pass images (icon and logo), drawn here rather than kept as binary files: a pass needs
 * them at 1x, 2x and 3x, and drawing them from one shape keeps the sizes and the shop's accent
 * in step. A tiny PNG writer (RGBA, no filtering, zlib from Node) is all this needs.
 */
import { deflateSync } from "node:zlib";

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

function crc32(bytes: Buffer): number {
  let c = 0xffffffff;
  for (const b of bytes) c = (CRC_TABLE[(c ^ b) & 0xff] as number) ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

function chunk(type: string, data: Buffer): Buffer {
  const head = Buffer.alloc(8);
  head.writeUInt32BE(data.length, 0);
  head.write(type, 4, "ascii");
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(Buffer.concat([head.subarray(4), data])), 0);
  return Buffer.concat([head, data, crc]);
}

export type Rgba = readonly [number, number, number, number];

/** A PNG of `width` x `height` whose pixel (x, y) is `paint(x, y)`. */
export function encodePng(width: number, height: number, paint: (x: number, y: number) => Rgba): Buffer {
  const raw = Buffer.alloc((width * 4 + 1) * height);
  for (let y = 0; y < height; y++) {
    const row = y * (width * 4 + 1);
    raw[row] = 0;
    for (let x = 0; x < width; x++) raw.set(paint(x, y), row + 1 + x * 4);
  }
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.writeUInt8(8, 8); // 8 bits per channel
  header.writeUInt8(6, 9); // RGBA
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk("IHDR", header),
    chunk("IDAT", deflateSync(raw)),
    chunk("IEND", Buffer.alloc(0)),
  ]);
}

/** The shop's accent (src/styles/global.css --accent), as the pass and the Google class show it. */
export const ACCENT = { hex: "#c2185b", rgb: "rgb(194, 24, 91)" };
const ACCENT_RGBA: Rgba = [194, 24, 91, 255];
const WHITE: Rgba = [255, 255, 255, 255];
const CLEAR: Rgba = [0, 0, 0, 0];

/** Whether (u, v) in a unit square lies inside a ticket: a wide rectangle with a half-round notch in each side. */
function inTicket(u: number, v: number): boolean {
  if (u < 0.12 || u > 0.88 || v < 0.26 || v > 0.74) return false;
  const notch = (cx: number) => (u - cx) ** 2 + (v - 0.5) ** 2 < 0.09 ** 2;
  return !notch(0.12) && !notch(0.88);
}

/** Whether (u, v) lies inside a square with corners rounded by radius r (all in unit terms). */
function inRoundedSquare(u: number, v: number, r: number): boolean {
  const dx = Math.max(r - u, 0, u - (1 - r));
  const dy = Math.max(r - v, 0, v - (1 - r));
  return dx * dx + dy * dy <= r * r;
}

/** Samples a shape 4x4 times per pixel, so its edges are smooth at every size. */
function smooth(size: number, colourAt: (u: number, v: number) => Rgba): (x: number, y: number) => Rgba {
  return (x, y) => {
    const sum = [0, 0, 0, 0];
    for (let i = 0; i < 4; i++)
      for (let j = 0; j < 4; j++) {
        const c = colourAt((x + (i + 0.5) / 4) / size, (y + (j + 0.5) / 4) / size);
        // premultiplied, so a transparent neighbour does not darken the edge
        for (let k = 0; k < 3; k++) sum[k] = (sum[k] as number) + (c[k] as number) * (c[3] / 255);
        sum[3] = (sum[3] as number) + c[3];
      }
    const alpha = (sum[3] as number) / 16;
    const un = (k: number) => (alpha === 0 ? 0 : Math.round((sum[k] as number) / 16 / (alpha / 255)));
    return [un(0), un(1), un(2), Math.round(alpha)];
  };
}

/** The app icon Wallet shows in notifications and on the lock screen: a white ticket on the accent. */
export function iconPng(size: number): Buffer {
  return encodePng(
    size,
    size,
    smooth(size, (u, v) => (!inRoundedSquare(u, v, 0.22) ? CLEAR : inTicket(u, v) ? WHITE : ACCENT_RGBA)),
  );
}

/** The logo at the top of the pass (which has the accent as its background): a white ticket. */
export function logoPng(size: number): Buffer {
  return encodePng(
    size,
    size,
    smooth(size, (u, v) => (inTicket(u, v) ? WHITE : CLEAR)),
  );
}

/** Every image file a pass carries, at the sizes Wallet asks for. */
export function passImages(): Record<string, Buffer> {
  return {
    "icon.png": iconPng(29),
    "icon@2x.png": iconPng(58),
    "icon@3x.png": iconPng(87),
    "logo.png": logoPng(50),
    "logo@2x.png": logoPng(100),
    "logo@3x.png": logoPng(150),
  };
}
