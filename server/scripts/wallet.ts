/**
 * Wallet passes from the command line (server/src/wallet/cli.ts says what each command does):
 * npm run wallet -- sample --out /tmp/passes
 */
import { loadConfig } from "../src/config";
import { runWalletCommand, USAGE, UsageError } from "../src/wallet/cli";

runWalletCommand(process.argv.slice(2), loadConfig())
  .then((text) => console.log(text))
  .catch((err: unknown) => {
    if (err instanceof UsageError) console.error(`${err.message}\n\n${USAGE}`);
    else console.error(err instanceof Error ? err.message : err);
    process.exitCode = 2;
  });
