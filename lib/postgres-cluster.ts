/**
 * A throw-away PostgreSQL cluster on 127.0.0.1 for the tests (`npm test` starts one, a test
 * may start its own), made from Debian's server programs: `initdb` into a temporary folder,
 * `pg_ctl start` on a port, `stop()` removes it all again. Trust authentication on the loopback
 * address, no fsync: nothing in it outlives the run.
 *
 * PostgreSQL refuses to run as root: started as root, the folder belongs to the `postgres`
 * user (Debian's package creates it) and the programs run as that user through `runuser`;
 * otherwise they run as the current user.
 */
import { execFile } from "node:child_process";
import { chownSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { appendFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { Client } from "pg";
import { freePort } from "./free-port";

const run = promisify(execFile);

/** Where Debian's postgresql-<version> packages put their server programs. */
export const DEBIAN_POSTGRES_ROOT = "/usr/lib/postgresql";

/** How to get the programs on this machine, for the messages that say they are missing. */
export const INSTALL_HINT =
  "install Debian's PostgreSQL server (apt-get install -y postgresql; .ci/run does it in CI) or set POSTGRES_BIN to the folder that holds initdb and pg_ctl";

/** PostgreSQL cannot be started here: what is missing, and what to do. */
export class PostgresUnavailableError extends Error {}

export interface PostgresCluster {
  /** the superuser's URL of the `postgres` database: postgres://postgres@127.0.0.1:<port>/postgres */
  url: string;
  port: number;
  /** the temporary folder that holds the data, the socket and the log */
  dir: string;
  /** stops the server at once and removes its folder; safe to call twice */
  stop(): Promise<void>;
}

export interface ClusterOptions {
  /** TCP port on 127.0.0.1 (default: one the system says is free) */
  port?: number;
  /** the folder of initdb and pg_ctl (default POSTGRES_BIN, else the highest version under /usr/lib/postgresql) */
  binDir?: string;
  /** room for several server processes with their pools, and the tests' own connections */
  maxConnections?: number;
  /**
   * Written to disk as a production server would (fsync, full pages), for benchmarks. Commits still
   * do not wait for the flush (synchronous_commit off): what SQLite's WAL with synchronous=NORMAL
   * promises too, so the two engines are compared on the same terms. Default: a throw-away
   * cluster for tests, nothing flushed.
   */
  durable?: boolean;
}

/** The bin folder of the highest PostgreSQL version installed under `root`, or null. */
export function postgresBinDir(root = DEBIAN_POSTGRES_ROOT): string | null {
  if (!existsSync(root)) return null;
  const versions = readdirSync(root)
    .filter((name) => /^\d+(\.\d+)?$/.test(name) && existsSync(path.join(root, name, "bin", "initdb")))
    .sort((a, b) => Number(b) - Number(a));
  return versions[0] === undefined ? null : path.join(root, versions[0], "bin");
}

/** uid and gid of a user from the passwd file, or null. */
export function systemUser(name: string, passwdFile = "/etc/passwd"): { uid: number; gid: number } | null {
  let passwd = "";
  try {
    passwd = readFileSync(passwdFile, "utf8");
  } catch {
    return null;
  }
  for (const line of passwd.split("\n")) {
    const [user, , uid, gid] = line.split(":");
    if (user === name && uid !== undefined && gid !== undefined) return { uid: Number(uid), gid: Number(gid) };
  }
  return null;
}

const lastLines = (text: string, count: number) => text.trim().split("\n").slice(-count).join("\n");

/**
 * initdb, then pg_ctl start on 127.0.0.1:<port>, waiting until it takes connections. Throws a
 * PostgresUnavailableError (with the server's own last log lines) when it cannot.
 */
export async function startPostgresCluster(options: ClusterOptions = {}): Promise<PostgresCluster> {
  const binDir = options.binDir ?? process.env.POSTGRES_BIN ?? postgresBinDir();
  if (!binDir || !existsSync(path.join(binDir, "initdb")) || !existsSync(path.join(binDir, "pg_ctl")))
    throw new PostgresUnavailableError(
      `PostgreSQL's initdb and pg_ctl were not found ${binDir ? `in ${binDir}` : `under ${DEBIAN_POSTGRES_ROOT}/<version>/bin`}: ${INSTALL_HINT}`,
    );
  const asRoot = process.getuid?.() === 0;
  const owner = asRoot ? systemUser("postgres") : null;
  if (asRoot && !owner)
    throw new PostgresUnavailableError(
      `running as root, and PostgreSQL refuses root: there is no postgres user to run it as (${INSTALL_HINT})`,
    );
  const port = options.port ?? (await freePort());
  const dir = mkdtempSync(path.join(tmpdir(), "pg-cluster-"));
  if (owner) chownSync(dir, owner.uid, owner.gid);
  const dataDir = path.join(dir, "data");
  const logFile = path.join(dir, "postgres.log");
  const program = async (name: string, args: string[]) => {
    const file = path.join(binDir, name);
    const [command, commandArgs] = owner ? ["runuser", ["-u", "postgres", "--", file, ...args]] : [file, args];
    // cwd: the postgres user may not enter the folder we were started in
    await run(command, commandArgs, { cwd: dir, env: { ...process.env, LC_ALL: "C" } });
  };

  // one stop, however many ask: each caller waits for the same folder to be gone
  let stopping: Promise<void> | undefined;
  const stop = () =>
    (stopping ??= (async () => {
      // immediate: nothing in it is kept, so no shutdown checkpoint to wait for
      if (existsSync(path.join(dataDir, "postmaster.pid")))
        await program("pg_ctl", ["-D", dataDir, "-m", "immediate", "-w", "stop"]).catch(() => undefined);
      rmSync(dir, { recursive: true, force: true });
    })());
  try {
    await program("initdb", ["-D", dataDir, "-U", "postgres", "-A", "trust", "-E", "UTF8", "--locale=C", "-N"]);
    await appendFile(
      path.join(dataDir, "postgresql.conf"),
      [
        "",
        "# a throw-away cluster for the tests (lib/postgres-cluster.ts)",
        "listen_addresses = '127.0.0.1'",
        `port = ${port}`,
        `unix_socket_directories = '${dir}'`,
        `max_connections = ${options.maxConnections ?? 300}`,
        ...(options.durable ? [] : ["fsync = off", "full_page_writes = off"]),
        "synchronous_commit = off",
        "",
      ].join("\n"),
    );
    await program("pg_ctl", ["-D", dataDir, "-l", logFile, "-w", "-t", "30", "start"]);
  } catch (error) {
    const log = existsSync(logFile) ? lastLines(readFileSync(logFile, "utf8"), 5) : "";
    const output = lastLines(`${(error as { stderr?: string }).stderr ?? ""}`, 5) || (error as Error).message;
    await stop();
    throw new PostgresUnavailableError(`PostgreSQL did not start on 127.0.0.1:${port}: ${log || output}`);
  }
  return { url: `postgres://postgres@127.0.0.1:${port}/postgres`, port, dir, stop };
}

/** `url` with another database name. */
export function databaseUrl(url: string, database: string): string {
  const parsed = new URL(url);
  parsed.pathname = `/${encodeURIComponent(database)}`;
  return parsed.toString();
}

export interface CreatedDatabase {
  name: string;
  url: string;
  /** drops it, closing whatever is still connected to it */
  drop(): Promise<void>;
}

let created = 0;

/**
 * A new, empty database in the cluster at `adminUrl` (a copy of `template`, by default
 * template0), named after `prefix`, this process and a counter so test files running side by
 * side never share one.
 */
export async function createDatabase(
  adminUrl: string,
  options: { prefix?: string; template?: string } = {},
): Promise<CreatedDatabase> {
  const prefix = (options.prefix ?? "test").toLowerCase().replace(/[^a-z0-9_]/g, "_");
  created += 1;
  const name = `${prefix}_${process.pid}_${created}_${Date.now().toString(36)}`.slice(0, 63);
  const template = options.template ?? "template0";
  await withClient(adminUrl, (client) =>
    // a file copy of a small template is faster than writing it through the WAL (the default)
    client.query(`CREATE DATABASE "${name}" TEMPLATE "${template.replace(/"/g, '""')}" STRATEGY FILE_COPY`),
  );
  return {
    name,
    url: databaseUrl(adminUrl, name),
    drop: () => withClient(adminUrl, (client) => client.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`)),
  };
}

async function withClient(url: string, work: (client: Client) => Promise<unknown>): Promise<void> {
  const client = new Client({ connectionString: url });
  await client.connect();
  try {
    await work(client);
  } finally {
    await client.end();
  }
}

export interface TestDatabase {
  /** what the test files get: TEST_DATABASE_URL, or why there is none (TEST_POSTGRES_UNAVAILABLE) */
  env: NodeJS.ProcessEnv;
  /** the cluster started for the run, to stop at its end */
  cluster?: PostgresCluster;
  /** said to the person running the tests */
  note: string;
}

/**
 * The PostgreSQL of a test run (`npm test`): the server TEST_DATABASE_URL names, or a
 * throw-away cluster. When that cannot start, CI (`CI` set) fails the run with what is missing;
 * elsewhere the tests that need it are told why, and skip themselves saying so.
 */
export async function postgresForTests(
  env: NodeJS.ProcessEnv,
  port: number,
  start: (options: ClusterOptions) => Promise<PostgresCluster> = startPostgresCluster,
): Promise<TestDatabase> {
  if (env.TEST_DATABASE_URL)
    return { env: {}, note: `PostgreSQL tests against TEST_DATABASE_URL (${new URL(env.TEST_DATABASE_URL).host})` };
  try {
    const cluster = await start({ port });
    return { env: { TEST_DATABASE_URL: cluster.url }, cluster, note: `PostgreSQL for the tests at ${cluster.url}` };
  } catch (error) {
    if (!(error instanceof PostgresUnavailableError)) throw error;
    if (env.CI) throw new Error(`the tests on PostgreSQL need it, and it cannot start: ${error.message}`);
    return {
      env: { TEST_DATABASE_URL: "", TEST_POSTGRES_UNAVAILABLE: error.message },
      note: `WARNING: the tests on PostgreSQL are skipped in this run, because it cannot start: ${error.message}`,
    };
  }
}
