/**
 * `npm test`: every test of the project in one run of node's test runner.
 *
 * It type-checks, starts a fresh local server (new database with the sample data, plus
 * the hostile records the security tests look for), builds the site against it, serves
 * the build on 127.0.0.1, and then runs the unit, server and end-to-end test files in a
 * single `node --test` invocation, so CI reads one closing summary. Everything it starts
 * is stopped when it ends.
 *
 * The server tests that need PostgreSQL get a throw-away cluster (lib/postgres-cluster.ts) as
 * TEST_DATABASE_URL. When it cannot start, CI fails the run; elsewhere a warning says why and
 * those tests are skipped, each with that reason (tests/server/postgres-helpers.ts).
 *
 *   npm test                      # all of it
 *   npm test -- --skip-build      # reuse public/ from an earlier run (local iteration)
 *   npm test -- tests/e2e/shop-basket.test.ts   # only these files (server and site still started)
 *
 * The server's tests run twice: on SQLite, then on the throw-away PostgreSQL cluster it starts.
 */
import { spawn, spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { type PostgresCluster, postgresForTests } from "../lib/postgres-cluster";
import { answers, type Started, startProcess, stopAll, waitFor } from "../lib/processes";
import { helpAsked } from "../src/core/command-help";

const USAGE = `usage: npm test -- [--skip-build] [test files ...]
  type-checks, starts a fresh local server, builds and serves the site, runs every test (or the files named)
  --skip-build         reuse public/ from an earlier run
ports: E2E_API_PORT (4110), E2E_SITE_PORT (9190), E2E_ORIGIN_PORT (9191), E2E_PG_PORT (4132, the tests' PostgreSQL)
  TEST_DATABASE_URL    a PostgreSQL superuser URL to test against instead of a throw-away cluster`;

// tsx runs scripts as CommonJS here (package.json has no "type": "module"): no top-level await.
const root = resolve(__dirname, "..");
const apiPort = Number(process.env.E2E_API_PORT ?? 4110);
// 9100 is npm run origin's default port: a running origin must not be mistaken for the test site
const sitePort = Number(process.env.E2E_SITE_PORT ?? 9190);
// the nginx origin the origin tests start on the same build
const originPort = Number(process.env.E2E_ORIGIN_PORT ?? 9191);
// the throw-away PostgreSQL cluster of the server tests
const postgresPort = Number(process.env.E2E_PG_PORT ?? 4132);
const apiUrl = `http://127.0.0.1:${apiPort}`;
const siteUrl = `http://127.0.0.1:${sitePort}`;

const args = process.argv.slice(2);
if (helpAsked(args)) {
  process.stdout.write(`${USAGE}\n`);
  process.exit(0);
}
const skipBuild = args.includes("--skip-build");
const onlyFiles = args.filter((a) => !a.startsWith("--"));

const workDir = mkdtempSync(join(tmpdir(), "uae-tickets-test-"));
const databasePath = join(workDir, "test.sqlite");

const baseEnv: NodeJS.ProcessEnv = {
  ...process.env,
  GATSBY_TELEMETRY_DISABLED: "1",
  CATALOGUE_API_URL: apiUrl,
  BASKET_API_URL: apiUrl,
  SITE_URL: siteUrl,
  API_URL: apiUrl,
  E2E_ORIGIN_PORT: String(originPort),
  // the local server's database, for tests that run its commands (npm run checkin)
  E2E_DATABASE_PATH: databasePath,
};

function log(message: string): void {
  process.stdout.write(`[run-tests] ${message}\n`);
}

function run(command: string, commandArgs: string[], env: NodeJS.ProcessEnv = baseEnv): void {
  log(`$ ${command} ${commandArgs.join(" ")}`);
  const result = spawnSync(command, commandArgs, { cwd: root, env, stdio: "inherit" });
  if (result.status !== 0)
    throw new Error(`${command} ${commandArgs.join(" ")} exited with ${result.status ?? result.signal}`);
}

function start(name: string, command: string, commandArgs: string[], env: NodeJS.ProcessEnv): Started {
  log(`starting ${name}: ${command} ${commandArgs.join(" ")}`);
  return startProcess(name, command, commandArgs, { cwd: root, env, output: "quiet" });
}

function testFiles(): string[] {
  if (onlyFiles.length) return onlyFiles;
  const files: string[] = [];
  // one at a time: unit, server, browser; with two at once the longest first (browser, server,
  // unit), so that the short ones fill the gaps at the end instead of one long file running on alone
  const dirs =
    concurrency > 1 ? ["tests/e2e", "tests/server", "tests/unit"] : ["tests/unit", "tests/server", "tests/e2e"];
  for (const dir of dirs) {
    const abs = join(root, dir);
    if (!existsSync(abs)) continue;
    for (const f of readdirSync(abs).sort()) if (f.endsWith(".test.ts")) files.push(join(dir, f));
  }
  return files;
}

function serverEnv(): NodeJS.ProcessEnv {
  return {
    ...baseEnv,
    PORT: String(apiPort),
    HOST: "127.0.0.1",
    DATABASE_PATH: databasePath,
    SITE_ORIGINS: `${siteUrl},http://localhost:${sitePort},http://127.0.0.1:${originPort}`,
    FAULT_CONTROL: "1",
    // Every test browser comes from 127.0.0.1, so the per-address caps against hoarding
    // would count all tests as one visitor; tests/server covers the caps themselves.
    HELD_PER_CLIENT: "100000",
    ORDER_RATE_MAX: "1000",
    // the same for the limits against scalpers and card testers (issue 20), and the few buyers the
    // tests use buy many tickets; tests/server/hardening.test.ts covers each of them
    BUYER_EVENT_MAX: "100000",
    CLIENT_DAY_MAX: "100000",
    FREE_PER_BUYER: "100000",
    FREE_CLIENT_DAY_MAX: "100000",
    OFFLINE_HELD_PER_CLIENT: "100000",
    OFFLINE_EVENT_PERCENT: "100",
    MAIL_PER_RECIPIENT_HOUR: "100000",
    PAYMENT_STARTS_PER_CLIENT_HOUR: "100000",
    PAYMENT_RETRY_BASE_S: "0",
    HOLD_COOLDOWN_MINUTES: "0",
    CAPTCHA_FETCH_MAX: "100000",
  };
}

/**
 * What the tests run besides Node: Debian's Chromium (the browser tests), nginx with its
 * brotli_static module (the origin tests) and rsync (the ssh deploy target). On a fresh
 * Debian machine where we are root, install what is missing; anywhere else, say exactly what.
 */
const SYSTEM_NEEDS: readonly { what: string; files: string[]; packages: string[] }[] = [
  { what: "Chromium", files: [process.env.CHROMIUM_PATH ?? "/usr/bin/chromium"], packages: ["chromium"] },
  {
    what: "nginx with brotli_static",
    files: [process.env.NGINX_BIN ?? "/usr/sbin/nginx", "/usr/lib/nginx/modules/ngx_http_brotli_static_module.so"],
    packages: ["nginx", "libnginx-mod-http-brotli-static"],
  },
  { what: "rsync", files: ["/usr/bin/rsync"], packages: ["rsync"] },
];

function ensureSystemPackages(): void {
  const missing = SYSTEM_NEEDS.filter((need) => !need.files.every((file) => existsSync(file)));
  if (missing.length === 0) return;
  const packages = missing.flatMap((need) => need.packages);
  const isRoot = process.getuid?.() === 0;
  if (!isRoot || !existsSync("/usr/bin/apt-get")) {
    throw new Error(
      `${missing.map((need) => need.what).join(", ")} not found. Install Debian's packages ` +
        `(sudo apt-get install -y ${packages.join(" ")}), or set CHROMIUM_PATH / NGINX_BIN.`,
    );
  }
  log(`installing Debian's ${packages.join(", ")}`);
  // exit 101 from policy-rc.d: installing nginx does not start the system service on port 80
  const policy = "/usr/sbin/policy-rc.d";
  const madePolicy = !existsSync(policy);
  if (madePolicy) writeFileSync(policy, "#!/bin/sh\nexit 101\n", { mode: 0o755 });
  try {
    run("apt-get", ["update", "-qq"]);
    run("apt-get", ["install", "-y", "-qq", ...packages], { ...process.env, DEBIAN_FRONTEND: "noninteractive" });
  } finally {
    if (madePolicy) rmSync(policy, { force: true });
  }
}

/** the tests' throw-away PostgreSQL cluster, when this run started one */
let postgres: PostgresCluster | undefined;

/** The test files' run; async, so a SIGTERM to this script is seen while it lasts. */
let tests: ReturnType<typeof spawn> | undefined;

/**
 * How long one test file may take: the longest takes a few minutes. A file that hangs (a promise
 * that never settles while a handle stays open) then fails, naming itself, instead of holding the
 * run until CI's own limit stops it with no summary.
 */
const FILE_TIMEOUT_MS = 20 * 60_000;

/**
 * How many test files run at once (TEST_CONCURRENCY, default 2; node's own default is one fewer
 * than the CPUs, which is one on CI's 2 cores). The files are written to run side by side against
 * the one server and site, and two at a time took the whole run from about 2,940 s to 2,429–2,437 s
 * here (2026-11-29, docs/TESTING.md), inside the 45 minutes CI is given. A test that assumes the wall clock moves
 * little between two requests is wrong under that load: stop its clock (`now` in its config).
 */
const concurrency = Math.max(1, Number(process.env.TEST_CONCURRENCY) || 2);

function runTests(files: string[], env: NodeJS.ProcessEnv): Promise<number> {
  return new Promise((resolve) => {
    const runner = [
      "--test",
      "--test-reporter=spec",
      `--test-timeout=${FILE_TIMEOUT_MS}`,
      `--test-concurrency=${concurrency}`,
    ];
    tests = spawn(process.execPath, ["--import", "tsx", ...runner, ...files], {
      cwd: root,
      env,
      stdio: "inherit",
    });
    tests.once("error", () => resolve(1));
    tests.once("exit", (code) => resolve(code ?? 1));
  });
}

/** What the layer rules cruise (package.json's lint:deps). */
const LAYER_ROOTS = [
  "src",
  "lib",
  "server",
  "ops",
  "scripts",
  "bench",
  "tests",
  "gatsby-browser.tsx",
  "gatsby-ssr.tsx",
  "gatsby-node.ts",
  "gatsby-config.ts",
];

async function main(): Promise<number> {
  const tsx = join(root, "node_modules/.bin/tsx");
  ensureSystemPackages();
  // npm run typecheck and npm run lint: the site's and Node's configurations, then everything
  // with the tests; Biome, then the layer rules (.dependency-cruiser.cjs)
  for (const config of ["tsconfig.site.json", "tsconfig.node.json", "tsconfig.json"])
    run(join(root, "node_modules/.bin/tsc"), ["--noEmit", "-p", join(root, config)]);
  run(join(root, "node_modules/.bin/biome"), ["check", "--diagnostic-level=error", root]);
  run(join(root, "node_modules/.bin/depcruise"), ["--config", join(root, ".dependency-cruiser.cjs"), ...LAYER_ROOTS]);

  // Something already answering on our ports would be tested instead of the fresh server
  // and build: refuse rather than report on the wrong thing.
  for (const url of [apiUrl, siteUrl]) {
    if (await answers(url))
      throw new Error(`${url} is already in use; stop what runs there or set E2E_API_PORT / E2E_SITE_PORT`);
  }

  // before the long build, so that CI stops early when PostgreSQL cannot start
  const database = await postgresForTests(process.env, postgresPort);
  postgres = database.cluster;
  log(database.note);

  // First start creates and seeds the database; then the hostile records are planted
  // while no server holds it, and the server starts again for the build and the tests.
  let server = start("server", tsx, ["server/src/server.ts"], serverEnv());
  await waitFor(`${apiUrl}/v2/landings/1`, "the local server");
  await server.stop();
  run(tsx, ["server/scripts/plant-hostile.ts", databasePath]);
  server = start("server", tsx, ["server/src/server.ts"], serverEnv());
  await waitFor(`${apiUrl}/v2/landings/1`, "the local server");

  // from scratch, as on a fresh clone in CI, whatever an earlier local build left
  if (!skipBuild) run("npm", ["run", "build", "--", "--clean"]);
  start("site", tsx, ["scripts/serve.ts"], { ...baseEnv, PORT: String(sitePort), HOST: "127.0.0.1" });
  await waitFor(`${siteUrl}/`, "the built site");

  const files = testFiles();
  log(`running ${files.length} test files`);
  const code = await runTests(files, { ...baseEnv, ...database.env });
  // the server's tests once more, each app on a PostgreSQL database of its own (the run above
  // used SQLite in memory); the tests of several instances already ran on PostgreSQL above
  const serverFiles = files.filter((f) => f.startsWith("tests/server/") && !ENGINE_NEUTRAL.test(f));
  if (!(database.env.TEST_DATABASE_URL ?? process.env.TEST_DATABASE_URL) || serverFiles.length === 0) return code;
  log(`running ${serverFiles.length} server test files again, on PostgreSQL (TEST_ENGINE=postgres)`);
  const onPostgres = await runTests(serverFiles, { ...baseEnv, ...database.env, TEST_ENGINE: "postgres" });
  return code || onPostgres;
}

/** Server test files that do not depend on the engine of the run: PostgreSQL-only, or no database. */
const ENGINE_NEUTRAL = /(postgres|instances|migration|integrity|health|graceful-stop|config|email-address)/;

let cleaning: Promise<void> | undefined;

/** Once, whether the run ends or is stopped: every caller waits for the same clean-up. */
function cleanUp(): Promise<void> {
  cleaning ??= (async () => {
    await stopAll();
    // its own session (pg_ctl's doing): stopped by name, not with our process group
    await postgres?.stop();
    rmSync(workDir, { recursive: true, force: true });
  })();
  return cleaning;
}

async function runAndCleanUp(): Promise<void> {
  let code = 1;
  try {
    code = await main();
  } catch (err) {
    process.stderr.write(`[run-tests] ${(err as Error).message}\n`);
    code = 1;
  } finally {
    await cleanUp();
  }
  process.exit(code);
}

// stopped from outside (Ctrl-C, a CI timeout): nothing it started is left running
for (const signal of ["SIGINT", "SIGTERM"] as const) {
  process.once(signal, () => {
    log(`${signal}: stopping everything it started`);
    tests?.kill(signal);
    void cleanUp().finally(() => process.exit(signal === "SIGINT" ? 130 : 143));
  });
}

void runAndCleanUp();
