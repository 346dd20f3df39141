/**
 * The shop's own server started from a copied project, as the publishing tests use it: on
 * 127.0.0.1 at `port` with its own database and no hold sweep, answering once this resolves.
 */
import { type Started, startProcess, waitFor } from "../../../scripts/lib/processes";

export async function startShopServer(
  name: string,
  project: string,
  port: number,
  database: string,
  env: NodeJS.ProcessEnv = {},
): Promise<Started> {
  const server = startProcess(name, process.execPath, ["--import", "tsx", "server/src/server.ts"], {
    cwd: project,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: "127.0.0.1",
      DATABASE_PATH: database,
      HOLD_SWEEP_MS: "0",
      ...env,
    },
    output: "quiet",
  });
  await waitFor(`http://127.0.0.1:${port}/v2/landings/1`, `${name}'s shop server`, { child: server.child });
  return server;
}
