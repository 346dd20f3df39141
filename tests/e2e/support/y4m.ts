/**
 * A Y4M video of one QR code, for Chromium's fake camera
 * (--use-fake-device-for-media-stream --use-file-for-fake-video-capture=<file>): the code
 * drawn by the qrcode package, black modules on white with its quiet zone, centred in
 * 4:2:0 frames (grey chroma). Chromium loops the file, so a few frames make a steady picture.
 */
import { writeFileSync } from "node:fs";
import QRCode from "qrcode";

const WHITE = 235;
const BLACK = 16;

export function qrY4m(
  file: string,
  text: string,
  options: { width?: number; height?: number; frames?: number } = {},
): void {
  const width = options.width ?? 640;
  const height = options.height ?? 480;
  const frames = options.frames ?? 5;
  const qr = QRCode.create(text, { errorCorrectionLevel: "M" });
  const size = qr.modules.size;
  const quiet = 4;
  const scale = Math.floor(Math.min(width, height) / (size + 2 * quiet));
  const left = Math.floor((width - size * scale) / 2);
  const top = Math.floor((height - size * scale) / 2);
  const luma = Buffer.alloc(width * height, WHITE);
  for (let y = 0; y < size; y++) {
    for (let x = 0; x < size; x++) {
      if (!qr.modules.get(y, x)) continue;
      for (let dy = 0; dy < scale; dy++)
        luma.fill(
          BLACK,
          (top + y * scale + dy) * width + left + x * scale,
          (top + y * scale + dy) * width + left + (x + 1) * scale,
        );
    }
  }
  const chroma = Buffer.alloc((width / 2) * (height / 2) * 2, 128);
  const header = Buffer.from(`YUV4MPEG2 W${width} H${height} F10:1 Ip A1:1 C420jpeg\n`);
  const parts: Buffer[] = [header];
  for (let i = 0; i < frames; i++) parts.push(Buffer.from("FRAME\n"), luma, chroma);
  writeFileSync(file, Buffer.concat(parts));
}
