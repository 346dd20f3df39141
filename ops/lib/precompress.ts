/**
 * Precompression of a built site: every text file also as .br and .gz beside it, so nginx
 * (gzip_static, brotli_static), `npm run serve` and a CDN send compressed bytes without
 * compressing on each request. Files whose .br/.gz is already newer are skipped, which
 * keeps it quick after an incremental build. Node only.
 */
import { readdir, readFile, rename, stat, writeFile } from "node:fs/promises";
import path from "node:path";
import { promisify } from "node:util";
import { brotliCompress, constants, gzip } from "node:zlib";
import { isCompressible, isHashedAsset, MIN_COMPRESS_BYTES } from "../../src/core/cdn-rules";

const brotli = promisify(brotliCompress);
const gz = promisify(gzip);

/**
 * Brotli's quality for a file. A hashed asset (JavaScript, CSS) is compressed once, carried
 * for releases and cached for a year, so it gets the best (11) up to 512 KiB. Pages are many
 * (37,000 at 10,000 events) and rewritten on every change: the time grows with the bytes and
 * steeply with the quality, so the bigger the page the lower it goes (6 to 4; each step down
 * roughly halves the time for a few percent more bytes).
 */
export function brotliQuality(bytes: number, hashed: boolean): number {
  if (hashed) return bytes <= 512 * 1024 ? 11 : 9;
  if (bytes < 8 * 1024) return 6;
  if (bytes < 64 * 1024) return 5;
  return 4;
}

/** gzip: 9 for hashed assets (once), 6 for pages (9 takes about twice as long for under 1 % less). */
export function gzipLevel(hashed: boolean): number {
  return hashed ? 9 : 6;
}

/** The site path of a file inside a site folder, as far as the hashed-asset test needs it. */
function sitePathOf(file: string): string {
  const normalized = file.split(path.sep).join("/");
  const stat = normalized.lastIndexOf("/static/");
  if (stat >= 0) return normalized.slice(stat);
  return `/${path.basename(normalized)}`;
}

export interface PrecompressResult {
  files: number;
  written: number;
  bytesIn: number;
  bytesBr: number;
  bytesGz: number;
}

async function* walk(dir: string, prefix = ""): AsyncGenerator<string> {
  for (const entry of await readdir(path.join(dir, prefix), { withFileTypes: true })) {
    const sitePath = `${prefix}/${entry.name}`;
    if (entry.isDirectory()) yield* walk(dir, sitePath);
    else if (entry.isFile()) yield sitePath;
  }
}

async function mtimeOrZero(file: string): Promise<number> {
  try {
    return (await stat(file)).mtimeMs;
  } catch {
    return 0;
  }
}

async function replaceFile(file: string, data: Buffer): Promise<void> {
  const temporary = `${file}.${process.pid}-${Math.random().toString(36).slice(2)}.tmp`;
  await writeFile(temporary, data);
  await rename(temporary, file);
}

/** Writes file.br and file.gz unless both are newer than the file; adds to `result`. */
export async function precompressFile(
  file: string,
  result: PrecompressResult = emptyResult(),
): Promise<PrecompressResult> {
  await compressOne(file, result);
  return result;
}

const emptyResult = (): PrecompressResult => ({ files: 0, written: 0, bytesIn: 0, bytesBr: 0, bytesGz: 0 });

async function compressOne(file: string, result: PrecompressResult): Promise<void> {
  const info = await stat(file);
  result.files++;
  if (info.size < MIN_COMPRESS_BYTES) return;
  const [brTime, gzTime] = await Promise.all([mtimeOrZero(`${file}.br`), mtimeOrZero(`${file}.gz`)]);
  if (brTime >= info.mtimeMs && gzTime >= info.mtimeMs) return;
  const data = await readFile(file);
  const hashed = isHashedAsset(sitePathOf(file));
  const [br, gzipped] = await Promise.all([
    brotli(data, {
      params: {
        [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
        [constants.BROTLI_PARAM_QUALITY]: brotliQuality(data.length, hashed),
        [constants.BROTLI_PARAM_SIZE_HINT]: data.length,
      },
    }),
    gz(data, { level: gzipLevel(hashed) }),
  ]);
  // written aside and renamed: a copy may be a hard link shared with another release
  await Promise.all([replaceFile(`${file}.br`, br), replaceFile(`${file}.gz`, gzipped)]);
  result.written++;
  result.bytesIn += data.length;
  result.bytesBr += br.length;
  result.bytesGz += gzipped.length;
}

/** Writes name.br and name.gz beside every text file under `dir` (not beside hidden build artefacts). */
export async function precompress(dir: string, concurrency = 8): Promise<PrecompressResult> {
  const result = emptyResult();
  const root = path.resolve(dir);
  const queue: string[] = [];
  for await (const sitePath of walk(root)) {
    if (isCompressible(sitePath)) queue.push(path.join(root, sitePath));
  }
  let next = 0;
  const worker = async () => {
    while (next < queue.length) await compressOne(queue[next++]!, result);
  };
  await Promise.all(Array.from({ length: Math.max(1, concurrency) }, worker));
  return result;
}
