import path from "node:path";

/** Everything the server reads from its environment, resolved once. */
export interface ServerConfig {
  host: string;
  port: number;
  databasePath: string;
  siteOrigins: string[];
  holdMinutes: number;
  /** absolute base for `next`/`previous` links and image URLs, no trailing slash */
  publicUrl: string;
  /** the landing's site_url */
  siteUrl: string;
  faults: FaultSettings;
  faultControl: boolean;
  /** how often expired holds are swept, ms (0 = only lazily on each request) */
  sweepIntervalMs: number;
  logger: boolean;
}

export type FaultScope = "all" | "catalogue" | "basket";

export interface FaultSettings {
  latencyMs: number;
  rate429: number;
  rate503: number;
  dead: boolean;
  scope: FaultScope;
}

export const DEFAULT_SITE_ORIGINS = [
  "http://127.0.0.1:8000",
  "http://localhost:8000",
  "http://127.0.0.1:9000",
  "http://localhost:9000",
];

const REPO_ROOT = path.resolve(__dirname, "..", "..");

function num(value: string | undefined, fallback: number): number {
  if (value === undefined || value.trim() === "") return fallback;
  const n = Number(value);
  if (!Number.isFinite(n)) throw new Error(`not a number: ${value}`);
  return n;
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env, overrides: Partial<ServerConfig> = {}): ServerConfig {
  const host = env.HOST || "127.0.0.1";
  const port = num(env.PORT, 4010);
  const databasePath = path.resolve(REPO_ROOT, env.DATABASE_PATH || "data/local.sqlite");
  const siteOrigins = env.SITE_ORIGINS
    ? env.SITE_ORIGINS.split(",").map((o) => o.trim().replace(/\/+$/, "")).filter(Boolean)
    : DEFAULT_SITE_ORIGINS;
  const publicUrl = (env.PUBLIC_URL || `http://${host}:${port}`).replace(/\/+$/, "");
  const scope = env.FAULT_SCOPE === "catalogue" || env.FAULT_SCOPE === "basket" ? env.FAULT_SCOPE : "all";
  return {
    host,
    port,
    databasePath,
    siteOrigins,
    holdMinutes: num(env.HOLD_MINUTES, 15),
    publicUrl,
    siteUrl: (env.SITE_URL || "http://127.0.0.1:9000").replace(/\/+$/, ""),
    faults: {
      latencyMs: num(env.FAULT_LATENCY_MS, 0),
      rate429: num(env.FAULT_RATE_429, 0),
      rate503: num(env.FAULT_RATE_503, 0),
      dead: env.FAULT_DEAD === "1",
      scope,
    },
    faultControl: env.FAULT_CONTROL === "1",
    sweepIntervalMs: num(env.HOLD_SWEEP_MS, 5000),
    logger: env.SERVER_LOG === "1",
    ...overrides,
  };
}
