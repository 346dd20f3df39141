/**
 * What `npm run server:cluster` is asked to run (ops/server-cluster.ts): how many instances,
 * on which ports, on which database; worked out from its command line and environment before
 * anything starts, and refused with the reason when it cannot run.
 */
export interface ClusterPlan {
  instances: number;
  /** the balancer's address and port */
  host: string;
  port: number;
  /** the instances' ports on 127.0.0.1, one after another from the first */
  instancePorts: number[];
  /** postgres://…, or undefined: the SQLite file (DATABASE_PATH) */
  databaseUrl: string | undefined;
}

export const MAX_INSTANCES = 32;
const OPTIONS = ["instances", "port", "instance-port", "database-url"] as const;
const POSTGRES_URL = /^postgres(ql)?:\/\/[^/]/;

function whole(name: string, raw: string, min: number, max: number): number {
  const value = Number(raw);
  if (!/^\d+$/.test(raw) || value < min || value > max)
    throw new Error(`${name} must be a whole number from ${min} to ${max}, got "${raw}"`);
  return value;
}

/** `--name value` and `--name=value`, each name once. */
function readOptions(argv: readonly string[]): Map<(typeof OPTIONS)[number], string> {
  const options = new Map<(typeof OPTIONS)[number], string>();
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]!;
    const match = /^--([a-z-]+)(?:=(.*))?$/.exec(arg);
    const name = OPTIONS.find((option) => option === match?.[1]);
    if (!match || !name) throw new Error(`unknown argument "${arg}" (npm run server:cluster -- --help)`);
    const value = match[2] ?? argv[++i];
    if (value === undefined || value === "" || (match[2] === undefined && value.startsWith("--")))
      throw new Error(`--${name} needs a value`);
    if (options.has(name)) throw new Error(`--${name} is given twice`);
    options.set(name, value);
  }
  return options;
}

/** The plan, or an Error whose message says what is wrong and what to do. */
export function planCluster(argv: readonly string[], env: NodeJS.ProcessEnv): ClusterPlan {
  const options = readOptions(argv);
  const instances = whole("--instances", options.get("instances") ?? "1", 1, MAX_INSTANCES);
  const port = whole("--port", options.get("port") ?? env.PORT ?? "4010", 1, 65535);
  const first = whole("--instance-port", options.get("instance-port") ?? String(port + 1), 1, 65536 - instances);
  const instancePorts = Array.from({ length: instances }, (_, i) => first + i);
  if (instancePorts.includes(port)) throw new Error(`the balancer's port ${port} is one of the instances' ports`);
  const databaseUrl = options.get("database-url") ?? (env.DATABASE_URL || undefined);
  if (databaseUrl !== undefined && !POSTGRES_URL.test(databaseUrl))
    throw new Error("the database URL must be a PostgreSQL one: postgres://user@host:port/database");
  if (databaseUrl === undefined && instances > 1)
    throw new Error(
      `${instances} instances on one SQLite file is not a supported way to run the shop: SQLite lets one process write at a time, on one machine. ` +
        "Several instances need PostgreSQL: --database-url postgres://… (or DATABASE_URL); on SQLite, run one instance (--instances 1). See docs/SCALING.md",
    );
  return { instances, host: env.HOST || "127.0.0.1", port, instancePorts, databaseUrl };
}

/** A database URL fit for a log line: its password hidden. */
export function shownDatabaseUrl(url: string): string {
  const parsed = new URL(url);
  if (parsed.password) parsed.password = "***";
  return parsed.toString();
}
