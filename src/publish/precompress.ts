/**
 * Brotli and gzip copies of every text file of a release (file.br, file.gz beside file), for
 * nginx's `gzip_static`/`brotli_static` and CDNs that serve precompressed files: compressing
 * once at publish time at the highest levels costs nothing per request.
 */
import { readFile, writeFile } from "node:fs/promises";
import path from "node:path";
import { promisify } from "node:util";
import { brotliCompress, constants, gzip } from "node:zlib";
import { isHashedAsset } from "./releases";

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

const TEXT = new Set([".html", ".js", ".mjs", ".css", ".json", ".xml", ".txt", ".svg", ".ics", ".webmanifest", ".map"]);

export function isTextFile(file: string): boolean {
  return TEXT.has(path.extname(file).toLowerCase());
}

/**
 * Hashed assets are compressed once and kept for many releases: the slowest, smallest
 * brotli. Pages change on every publish and there may be tens of thousands: level 6 is
 * within a few per cent of 11 on HTML at a tenth of the time.
 */
export async function compressFile(file: string, quality = 11): Promise<void> {
  const data = await readFile(file);
  const [br, gz] = await Promise.all([
    brotli(data, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: quality,
        [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
        [constants.BROTLI_PARAM_SIZE_HINT]: data.length,
      },
    }),
    gzipAsync(data, { level: 9 }),
  ]);
  await Promise.all([writeFile(`${file}.br`, br), writeFile(`${file}.gz`, gz)]);
}

/** Compresses `files` (relative to `dir`), a few at a time so the thread pool stays busy. */
export async function precompress(dir: string, files: string[], concurrency = 4): Promise<number> {
  const todo = files.filter(isTextFile);
  let next = 0;
  const worker = async () => {
    while (next < todo.length) {
      const file = todo[next++] as string;
      await compressFile(path.join(dir, file), isHashedAsset(file) ? 11 : 6);
    }
  };
  await Promise.all(Array.from({ length: Math.min(concurrency, todo.length) }, worker));
  return todo.length;
}
