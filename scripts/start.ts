/**
 * `npm start`: everything a newcomer needs to see the site.
 *
 * Starts the local catalogue and basket server with its sample data, waits for it, builds
 * the site against it, serves public/ and prints the address to open. Ctrl-C stops the
 * server and the site together.
 *
 * Ports: API_PORT (default 4010) and SITE_PORT (default 9000).
 */
import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { loadConfig } from "../server/src/config";
import { loadMailConfig } from "../server/src/mail/mail-config";

const root = join(dirname(fileURLToPath(import.meta.url)), "..");
const host = "127.0.0.1";
const apiPort = Number(process.env.API_PORT ?? 4010);
const sitePort = Number(process.env.SITE_PORT ?? 9000);
const apiUrl = `http://${host}:${apiPort}`;
const siteUrl = `http://${host}:${sitePort}`;
const tsx = join(root, "node_modules/.bin/tsx");

const children: ChildProcess[] = [];

function say(message: string): void {
  process.stdout.write(`[start] ${message}\n`);
}

function start(name: string, command: string, args: string[], env: NodeJS.ProcessEnv): ChildProcess {
  const child = spawn(command, args, { cwd: root, env, stdio: ["ignore", "inherit", "inherit"], detached: true });
  child.on("exit", (code, signal) => {
    if (!stopping) {
      say(`${name} stopped (${signal ?? `exit code ${code}`})`);
      void shutdown(1);
    }
  });
  children.push(child);
  return child;
}

async function waitFor(url: string, what: string, timeoutMs = 60_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  let last = "";
  while (Date.now() < deadline) {
    try {
      const res = await fetch(url);
      if (res.ok) return;
      last = `HTTP ${res.status}`;
    } catch (error) {
      last = (error as Error).message;
    }
    await new Promise((r) => setTimeout(r, 300));
  }
  throw new Error(`${what} did not answer at ${url} within ${timeoutMs / 1000} s (${last})`);
}

async function answers(url: string): Promise<boolean> {
  try {
    await fetch(url, { signal: AbortSignal.timeout(1000) });
    return true;
  } catch {
    return false;
  }
}

let stopping = false;
async function shutdown(code: number): Promise<void> {
  if (stopping) return;
  stopping = true;
  for (const child of children) {
    if (child.pid !== undefined && child.exitCode === null) {
      try {
        process.kill(-child.pid, "SIGTERM");
      } catch {
        /* already gone */
      }
    }
  }
  setTimeout(() => process.exit(code), 500);
}

process.on("SIGINT", () => void shutdown(0));
process.on("SIGTERM", () => void shutdown(0));

async function main(): Promise<void> {
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    GATSBY_TELEMETRY_DISABLED: "1",
    CATALOGUE_API_URL: apiUrl,
    BASKET_API_URL: apiUrl,
    SITE_URL: siteUrl,
  };

  for (const [url, name, variable] of [[apiUrl, "the local server", "API_PORT"], [siteUrl, "the site", "SITE_PORT"]] as const) {
    if (await answers(url)) throw new Error(`${url} is already taken by another program; stop it or choose another port for ${name} with ${variable}=...`);
  }

  say(`starting the local server on ${apiUrl} (sample data)`);
  start("server", tsx, ["server/src/server.ts"], { ...env, PORT: String(apiPort), HOST: host, SITE_ORIGINS: siteUrl });
  await waitFor(`${apiUrl}/v2/landings/1`, "the local server");

  say("building the site against it (this takes a minute or two)");
  const build = spawnSync("npm", ["run", "build"], { cwd: root, env, stdio: "inherit" });
  if (build.status !== 0) throw new Error(`the build failed (${build.status ?? build.signal})`);

  start("site", tsx, ["scripts/serve.ts"], { ...env, PORT: String(sitePort), HOST: host });
  await waitFor(`${siteUrl}/`, "the site");
  say("");
  say(`Open ${siteUrl}/  (Russian: ${siteUrl}/ru/, Arabic: ${siteUrl}/ar/)`);
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
