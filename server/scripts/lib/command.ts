import { helpAsked } from "../../../src/core/command-help";
import { loadConfig, type ServerConfig } from "../../src/config";
import { HttpError } from "../../src/lib/errors";

/**
 * An administrator's command on the server's database (DATABASE_URL or DATABASE_PATH), also while the
 * server runs: `--help` prints the usage; a wrong command line, or a request the service refuses,
 * prints why and exits 2; whatever was opened is closed however the command ends.
 */
export function runCommand<T extends { close(): Promise<void> }>(
  usage: string,
  usageError: abstract new (...args: never[]) => Error,
  open: (config: ServerConfig) => Promise<T>,
  run: (opened: T, argv: string[], config: ServerConfig) => Promise<string>,
): void {
  const argv = process.argv.slice(2);
  if (helpAsked(argv)) {
    process.stdout.write(`${usage}\n`);
    process.exit(0);
  }
  void (async () => {
    const config = loadConfig();
    const opened = await open(config);
    try {
      console.log(await run(opened, argv, config));
    } catch (err) {
      if (err instanceof usageError) console.error(`${err.message}\n\n${usage}`);
      else if (err instanceof HttpError) console.error(err.detail);
      else throw err;
      process.exitCode = 2;
    } finally {
      await opened.close();
    }
  })();
}
