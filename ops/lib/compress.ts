/**
 * The compression step of a publish: a .br and a .gz beside every text file of the new
 * release that lacks them, its own files and the hashed chunks it carries from earlier
 * releases alike (a chunk carried from a release made before it had its copies, or whose
 * compression was cut short, would otherwise be sent uncompressed for as long as it is
 * carried). Files linked from the live release together with their copies are skipped
 * without being read, so the work follows the size of the change. Node only.
 */
import path from "node:path";
import { isCompressible as isCompressiblePath } from "../../src/core/cdn-rules";
import { type PrecompressResult, precompressFile } from "./precompress";

export interface ReleaseFiles {
  /** the release's own files, relative to it */
  own: readonly string[];
  /** files linked from the live release with their .br and .gz */
  reusedCompressed: ReadonlySet<string>;
  /** hashed assets carried from earlier releases */
  carried: Iterable<string>;
}

/** A file of the release (relative to it) that gets compressed copies, by the rule model's rule. */
export function isCompressible(file: string): boolean {
  return isCompressiblePath(`/${file}`);
}

/** The files whose copies may be missing or stale: what the step has to look at. */
export function filesToCompress(files: ReleaseFiles): string[] {
  const todo = new Set<string>();
  for (const file of files.own) if (!files.reusedCompressed.has(file) && isCompressible(file)) todo.add(file);
  for (const file of files.carried) if (isCompressible(file)) todo.add(file);
  return [...todo];
}

/**
 * Writes the missing .br/.gz copies, `concurrency` files at a time (zlib works on libuv's
 * thread pool, so this uses every core). Copies already newer than their file are kept.
 */
export async function compressRelease(
  releaseDir: string,
  files: ReleaseFiles,
  concurrency = 4,
): Promise<PrecompressResult> {
  const todo = filesToCompress(files);
  const result: PrecompressResult = { files: 0, written: 0, bytesIn: 0, bytesBr: 0, bytesGz: 0 };
  let next = 0;
  const worker = async () => {
    while (next < todo.length) await precompressFile(path.join(releaseDir, todo[next++] as string), result);
  };
  await Promise.all(Array.from({ length: Math.max(1, concurrency) }, worker));
  return result;
}
