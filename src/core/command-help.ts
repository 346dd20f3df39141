/**
 * Every command of the project (`npm run publish -- --help`, `npm run checkin -- --help`, ...)
 * answers `--help` or `-h` with its usage on standard output and exit code 0, before it
 * reads a setting or touches a file: each one checks this first.
 */
export function helpAsked(argv: readonly string[]): boolean {
  return argv.includes("--help") || argv.includes("-h");
}
