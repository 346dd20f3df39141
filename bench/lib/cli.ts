import { helpAsked } from "../../src/core/command-help";

/** A benchmark answers `--help` with its usage and exit code 0 before it reads a setting or starts anything. */
export function exitWithUsageIfAsked(usage: string): void {
  if (!helpAsked(process.argv.slice(2))) return;
  process.stdout.write(`${usage}\n`);
  process.exit(0);
}

/** The word after `--name` on the command line, if it is there. */
export function arg(name: string): string | undefined {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? process.argv[i + 1] : undefined;
}
