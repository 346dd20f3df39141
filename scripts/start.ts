/**
 * `npm start`: everything a newcomer needs to see the site.
 *
 * Starts the local catalogue and basket server with its sample data, waits for it, builds
 * the site against it and publishes the build as a release (`npm run publish`), serves the
 * live release (PUBLISH_ROOT/current) and prints the address to open. Ctrl-C stops the
 * server and the site together.
 *
 * The shop shows what is live, not public/: a publish (`npm run publish`, the publisher)
 * switches it over atomically, a rollback switches it back, and a build, which rewrites or
 * removes public/, never takes it down.
 *
 * Ports: API_PORT (default 4010) and SITE_PORT (default 9000).
 */
import { spawnSync } from "node:child_process";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { answers, startProcess, stopAll, waitFor } from "../lib/processes";
import { loadConfig } from "../server/src/config";
import { loadMailConfig } from "../server/src/mail/mail-config";
import { helpAsked } from "../src/core/command-help";
import { liveSiteDir } from "./lib/live-site";

const USAGE = `usage: npm start   the local server with its sample data, the site built and published against it, served
ports: API_PORT (4010), SITE_PORT (9000); releases in PUBLISH_ROOT (releases/); Ctrl-C stops everything`;

const root = join(dirname(fileURLToPath(import.meta.url)), "..");
const host = "127.0.0.1";
const apiPort = Number(process.env.API_PORT ?? 4010);
const sitePort = Number(process.env.SITE_PORT ?? 9000);
const apiUrl = `http://${host}:${apiPort}`;
const siteUrl = `http://${host}:${sitePort}`;
const tsx = join(root, "node_modules/.bin/tsx");

function say(message: string): void {
  process.stdout.write(`[start] ${message}\n`);
}

function start(name: string, args: string[], env: NodeJS.ProcessEnv) {
  return startProcess(name, tsx, args, {
    cwd: root,
    env,
    onExit: (code, signal) => {
      say(`${name} stopped (${signal ?? `exit code ${code}`})`);
      void shutdown(1);
    },
  });
}

let stopping = false;
async function shutdown(code: number): Promise<void> {
  if (stopping) return;
  stopping = true;
  await stopAll();
  process.exit(code);
}

process.on("SIGINT", () => void shutdown(0));
process.on("SIGTERM", () => void shutdown(0));

async function main(): Promise<void> {
  if (helpAsked(process.argv.slice(2))) {
    process.stdout.write(`${USAGE}\n`);
    process.exit(0);
  }
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    GATSBY_TELEMETRY_DISABLED: "1",
    CATALOGUE_API_URL: apiUrl,
    BASKET_API_URL: apiUrl,
    SITE_URL: siteUrl,
  };

  for (const [url, name, variable] of [
    [apiUrl, "the local server", "API_PORT"],
    [siteUrl, "the site", "SITE_PORT"],
  ] as const) {
    if (await answers(url))
      throw new Error(
        `${url} is already taken by another program; stop it or choose another port for ${name} with ${variable}=...`,
      );
  }

  say(`starting the local server on ${apiUrl} (sample data)`);
  start("server", ["server/src/server.ts"], { ...env, PORT: String(apiPort), HOST: host, SITE_ORIGINS: siteUrl });
  await waitFor(`${apiUrl}/v2/landings/1`, "the local server");

  say("building the site against it and publishing it (this takes a minute or two)");
  // --force: the shop shows what this start built, even when an earlier release, made from
  // other data (a scale seed), had many more pages
  const publish = spawnSync("npm", ["run", "publish", "--", "--force"], { cwd: root, env, stdio: "inherit" });
  if (publish.status !== 0) throw new Error(`the publish failed (${publish.status ?? publish.signal})`);

  const live = liveSiteDir(env);
  start("site", ["scripts/serve.ts"], { ...env, PORT: String(sitePort), HOST: host, PUBLIC_DIR: live });
  await waitFor(`${siteUrl}/`, "the site");
  say("");
  say(`Open ${siteUrl}/  (Russian: ${siteUrl}/ru/, Arabic: ${siteUrl}/ar/)`);
  say(
    `It shows the live release, ${live}: \`npm run publish\` and the publisher switch it, a rollback switches it back`,
  );
  const mail = loadMailConfig(loadConfig(env), env);
  say(
    mail.smtpUrl
      ? `Order e-mails go out through ${mail.smtpUrl.replace(/\/\/[^@/]*@/, "//")}`
      : `Order e-mails (tickets, payment instructions) are written as .eml files into ${mail.outboxDir}`,
  );
  say("Press Ctrl-C to stop the site and the server.");
}

main().catch((error: unknown) => {
  say(error instanceof Error ? error.message : String(error));
  void shutdown(1);
});
