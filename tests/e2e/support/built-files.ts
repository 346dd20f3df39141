/** The HTML files the build wrote under public/, read by the tests that check built bytes. */
import { readdirSync, statSync } from "node:fs";
import { join, resolve } from "node:path";

export const BUILT_DIR = resolve(__dirname, "../../../public");

/** Every file under `dir` whose name passes `wanted` (by default every .html file). */
export function htmlFiles(dir: string, wanted: (name: string) => boolean = (name) => name.endsWith(".html")): string[] {
  const found: string[] = [];
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) found.push(...htmlFiles(path, wanted));
    else if (wanted(name)) found.push(path);
  }
  return found;
}
