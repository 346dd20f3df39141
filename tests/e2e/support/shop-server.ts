/**
 * The processes the publishing tests start from a copied project, each answering once its
 * start resolves: the shop's own server and the publisher.
 */
import { type Started, startProcess, waitFor } from "../../../lib/processes";

/** Runs one of the project's TypeScript entry points in `project`; resolves once `readyUrl` answers. */
async function startTypeScript(
  name: string,
  project: string,
  script: string,
  readyUrl: string,
  env: NodeJS.ProcessEnv,
): Promise<Started> {
  const started = startProcess(name, process.execPath, ["--import", "tsx", script], {
    cwd: project,
    env: { ...process.env, ...env },
    output: "quiet",
  });
  await waitFor(readyUrl, name, { child: started.child });
  return started;
}

/** The shop's server on 127.0.0.1 at `port`, with its own database and no hold sweep. */
export async function startShopServer(
  name: string,
  project: string,
  port: number,
  database: string,
  env: NodeJS.ProcessEnv = {},
): Promise<Started> {
  const serverEnv = { PORT: String(port), HOST: "127.0.0.1", DATABASE_PATH: database, HOLD_SWEEP_MS: "0", ...env };
  return startTypeScript(name, project, "server/src/server.ts", `http://127.0.0.1:${port}/v2/landings/1`, serverEnv);
}

export interface PublisherSetup {
  token: string;
  port: number;
  /** where releases are kept (PUBLISH_ROOT) */
  releases: string;
  /** the catalogue and basket API the builds read */
  apiUrl: string;
  siteUrl: string;
}

/** The publisher with no scheduled rebuilds; `env` adds its timings and anything else. */
export async function startPublisher(
  name: string,
  project: string,
  { token, port, releases, apiUrl, siteUrl }: PublisherSetup,
  env: NodeJS.ProcessEnv = {},
): Promise<Started> {
  return startTypeScript(name, project, "ops/publisher.ts", `http://127.0.0.1:${port}/hooks/status`, {
    PUBLISH_TOKEN: token,
    PUBLISHER_PORT: String(port),
    PUBLISH_ROOT: releases,
    PUBLISH_SCHEDULE: "0",
    CATALOGUE_API_URL: apiUrl,
    BASKET_API_URL: apiUrl,
    SITE_URL: siteUrl,
    ...env,
  });
}
