/**
 * `npm run server:cluster -- --instances 3 --database-url postgres://…`: the order server as
 * several processes on one PostgreSQL database, behind Debian's nginx as their load balancer,
 * the way a big on-sale is served (docs/SCALING.md).
 *
 * Starts the first instance and waits until /health answers (it migrates and seeds the
 * database), then the others on the following ports, then writes the balancer's configuration
 * (ops/lib/nginx-upstream.ts) into CLUSTER_PREFIX and runs nginx in the foreground on it. The
 * instances listen on 127.0.0.1 only and trust nginx as their one proxy hop (TRUSTED_PROXY=1),
 * and their links point at the balancer (PUBLIC_URL). SIGTERM or Ctrl-C stops everything
 * gracefully: nginx finishes what it passes on, each instance the requests in flight.
 *
 * One SQLite file is for one process: on SQLite it runs a single instance (behind the same
 * balancer) and refuses more.
 */
import { existsSync } from "node:fs";
import path from "node:path";
import { type Started, startProcess, waitFor } from "../lib/processes";
import { helpAsked } from "../src/core/command-help";
import { type ClusterPlan, planCluster, shownDatabaseUrl } from "./lib/cluster-plan";
import { writeBalancerConfig } from "./lib/nginx-upstream";

const USAGE = `usage: npm run server:cluster -- --instances <n> [--port <port>] [--database-url postgres://…] [--instance-port <port>]
  several order server processes on one PostgreSQL database, behind Debian's nginx as their load balancer
  --instances <n>        how many server processes (default 1; more than one needs PostgreSQL)
  --port <port>          where the balancer listens (default PORT, else 4010: where the site looks for the server)
  --instance-port <port> the first instance's port on 127.0.0.1, the others follow (default: the balancer's + 1)
  --database-url <url>   postgres://… every instance uses (default DATABASE_URL); without one, the SQLite
                         file DATABASE_PATH, for one instance only
settings: HOST (127.0.0.1, the balancer's address), CLUSTER_PREFIX (.server-cluster/: nginx's configuration,
  pid file and logs), NGINX_BIN (/usr/sbin/nginx), and every setting of npm run server (SHUTDOWN_GRACE_MS, ...)
SIGTERM or Ctrl-C: the balancer and every instance stop gracefully`;

const root = path.resolve(__dirname, "..");
const NGINX_BIN = process.env.NGINX_BIN ?? "/usr/sbin/nginx";

function fail(message: string): never {
  process.stderr.write(`server:cluster: ${message}\n`);
  process.exit(1);
}

function say(message: string): void {
  process.stdout.write(`server:cluster: ${message}\n`);
}

const instances: Started[] = [];
let balancer: Started | undefined;
let stopped: Promise<void> | undefined;
let exitCode = 0;

/**
 * Stops everything gracefully, once, whoever asks: nginx finishes what it passes on (QUIT),
 * each instance its requests in flight (TERM); then exits with the worst code asked for.
 */
async function stopEverything(code: number): Promise<never> {
  exitCode = Math.max(exitCode, code);
  stopped ??= (async () => {
    const grace = Number(process.env.SHUTDOWN_GRACE_MS || 10_000) + 5000;
    const nginx = balancer?.child;
    const nginxDone =
      nginx && nginx.exitCode === null && nginx.signalCode === null
        ? new Promise((resolve) => nginx.once("exit", resolve))
        : undefined;
    nginx?.kill("SIGQUIT");
    await Promise.all([
      ...instances.map((instance) => instance.stop(grace)),
      nginxDone && Promise.race([nginxDone, new Promise((r) => setTimeout(r, grace))]).then(() => balancer?.stop()),
    ]);
  })();
  await stopped;
  process.exit(exitCode);
}

function startInstance(index: number, plan: ClusterPlan, publicUrl: string): Started {
  const port = plan.instancePorts[index]!;
  const name = `server-${index + 1}`;
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    HOST: "127.0.0.1",
    PORT: String(port),
    // links and images point at the balancer; nginx is the one proxy hop the instance trusts
    PUBLIC_URL: process.env.PUBLIC_URL || publicUrl,
    TRUSTED_PROXY: process.env.TRUSTED_PROXY ?? "1",
  };
  if (plan.databaseUrl) env.DATABASE_URL = plan.databaseUrl;
  const started = startProcess(name, process.execPath, ["--import", "tsx", "server/src/server.ts"], {
    cwd: root,
    env,
    output: "pipe",
    onExit: (code, signal) => {
      if (stopped) return;
      const left = instances.filter((i) => i !== started && i.child.exitCode === null && i.child.signalCode === null);
      say(`${name} (port ${port}) ended (${signal ?? `exit code ${code}`}); ${left.length} left behind the balancer`);
      if (left.length === 0) void stopEverything(1);
    },
  });
  for (const stream of [started.child.stdout, started.child.stderr])
    stream?.on("data", (chunk: Buffer) => {
      for (const line of chunk.toString().split("\n").filter(Boolean)) process.stdout.write(`[${name}] ${line}\n`);
    });
  instances.push(started);
  return started;
}

const healthOf = (port: number) => `http://127.0.0.1:${port}/health`;

async function main(): Promise<void> {
  const argv = process.argv.slice(2);
  if (helpAsked(argv)) {
    process.stdout.write(`${USAGE}\n`);
    process.exit(0);
  }
  let plan: ClusterPlan;
  try {
    plan = planCluster(argv, process.env);
  } catch (error) {
    fail((error as Error).message);
  }
  if (!existsSync(NGINX_BIN)) fail(`${NGINX_BIN} not found: install Debian's nginx (apt-get install -y nginx)`);
  process.on("SIGINT", () => void stopEverything(0));
  process.on("SIGTERM", () => void stopEverything(0));

  const publicUrl = `http://${plan.host}:${plan.port}`;
  const ports = plan.instancePorts;
  // the first one alone: it brings the database's schema up to date and seeds an empty one
  const first = startInstance(0, plan, publicUrl);
  await waitFor(healthOf(ports[0]!), "server-1", { child: first.child, timeoutMs: 120_000 });
  const others = ports.slice(1).map((_, i) => startInstance(i + 1, plan, publicUrl));
  await Promise.all(
    others.map((started, i) =>
      waitFor(healthOf(ports[i + 1]!), started.name, { child: started.child, timeoutMs: 120_000 }),
    ),
  );

  const prefixDir = path.resolve(process.env.CLUSTER_PREFIX ?? ".server-cluster");
  const upstream = ports.map((port) => ({ host: "127.0.0.1", port }));
  const configFile = await writeBalancerConfig({ host: plan.host, port: plan.port, instances: upstream, prefixDir });
  balancer = startProcess("nginx", NGINX_BIN, ["-p", prefixDir, "-c", configFile], {
    cwd: root,
    onExit: (code, signal) => {
      if (stopped) return;
      say(`the balancer (nginx) ended (${signal ?? `exit code ${code}`}): stopping the instances`);
      void stopEverything(1);
    },
  });
  await waitFor(`${publicUrl}/health`, "the balancer (nginx)", { child: balancer.child, timeoutMs: 30_000 });
  const database = plan.databaseUrl
    ? shownDatabaseUrl(plan.databaseUrl)
    : `SQLite ${process.env.DATABASE_PATH ?? "(the default file)"}`;
  say(
    `${plan.instances} instance${plan.instances === 1 ? "" : "s"} (127.0.0.1:${ports[0]}${plan.instances > 1 ? `-${ports.at(-1)}` : ""}, ${database}) behind nginx at ${publicUrl}/ (config ${configFile})`,
  );
}

main().catch((error: unknown) => {
  process.stderr.write(`server:cluster: ${error instanceof Error ? error.message : String(error)}\n`);
  void stopEverything(1);
});
