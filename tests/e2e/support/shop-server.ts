/**
 * The processes the publishing tests start from a copied project, each answering once its
 * start resolves: the shop's own server and the publisher.
 */
import { type Started, startProcess, waitFor } from "../../../lib/processes";

/** The shop's server on 127.0.0.1 at `port`, with its own database and no hold sweep. */
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
  const publisher = startProcess(name, process.execPath, ["--import", "tsx", "ops/publisher.ts"], {
    cwd: project,
    env: {
      ...process.env,
      PUBLISH_TOKEN: token,
      PUBLISHER_PORT: String(port),
      PUBLISH_ROOT: releases,
      PUBLISH_SCHEDULE: "0",
      CATALOGUE_API_URL: apiUrl,
      BASKET_API_URL: apiUrl,
      SITE_URL: siteUrl,
      ...env,
    },
    output: "quiet",
  });
  await waitFor(`http://127.0.0.1:${port}/hooks/status`, name, { child: publisher.child });
  return publisher;
}
