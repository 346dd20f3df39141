import path from "node:path";
import { type WalletSettings, walletSettings } from "./wallet/wallet-settings";

/** Everything the server reads from its environment, resolved once. */
export interface ServerConfig {
  host: string;
  port: number;
  /** the SQLite file, when no PostgreSQL server is named */
  databasePath: string;
  /** a PostgreSQL server (DATABASE_URL=postgres://…): then it, not the file, holds everything */
  databaseUrl: string | undefined;
  /** connections each instance keeps to PostgreSQL */
  databasePoolMax: number;
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
  /** how long an unpaid card / apple_pay / google_pay order keeps its tickets, minutes */
  cardPayMinutes: number;
  /** how long an unpaid bank-transfer or cash order keeps its tickets, minutes */
  offlinePayMinutes: number;
  /** tickets the baskets of one client address may hold at a time */
  heldPerClient: number;
  /** orders one client address may create per window */
  orderRateMax: number;
  orderRateWindowMs: number;
  /** failed order look-ups per order number or client address per window before that key is locked */
  lookupFailMax: number;
  lookupWindowMs: number;
  /** a locked key still gets one try per this many ms, so a right answer gets through */
  lookupLockedTryMs: number;
  /** tickets of one event one buyer (normalised email) may have over all orders awaiting payment or paid */
  buyerEventMax: number;
  /** tickets one client address may order (awaiting payment or paid, free ones aside) per 24 hours */
  clientDayMax: number;
  /** free tickets of one event one buyer may register */
  freePerBuyer: number;
  /** free tickets one client address may register per 24 hours */
  freeClientDayMax: number;
  /** tickets one client address may keep waiting for a bank transfer or cash payment */
  offlineHeldPerClient: number;
  /** share (percent) of an event's tickets that may wait for bank transfer or cash payments at a time */
  offlineEventPercent: number;
  /** orders whose email goes out at once (bank transfer, cash, free) per recipient per hour */
  mailPerRecipientHour: number;
  /** declined payments after which an order can no longer be paid on the payment page */
  paymentAttemptsPerOrder: number;
  /** payment pages one client address may open per hour */
  paymentStartsPerClientHour: number;
  /** the wait after a declined payment, doubled with each further decline, ms */
  paymentRetryBaseMs: number;
  /** after a basket's hold ran out, how long its session and client address cannot hold those tickets again, minutes */
  holdCooldownMinutes: number;
  /**
   * tickets of one type whose holds ran out from one client address within the cool-down after which that
   * address, too, waits: far above what a household or an office behind one address lets run out
   */
  holdCooldownClientTickets: number;
  /** captcha challenges one client address may fetch per window */
  captchaFetchMax: number;
  captchaFetchWindowMs: number;
  /**
   * Fastify's trustProxy: false (X-Forwarded-For ignored, the socket's address is the client),
   * or the proxy addresses/hops to trust
   */
  trustedProxy: boolean | string | number;
  /** whether the session cookie is marked Secure */
  cookieSecure: boolean;
  /** the HMAC key of captcha challenges; empty = a random key kept in the database */
  captchaSecret: string;
  /**
   * the largest number a captcha challenge may hide (the work a client does: on average half of
   * it in SHA-256 hashes); 200,000 is about a second on a phone (server/README.md, "Captcha")
   */
  captchaMaxNumber: number;
  captchaTtlMs: number;
  /** the catalogue response cache's bound, bytes of serialized answers */
  cacheMaxBytes: number;
  /** a session with nothing in it (no tickets held, no orders) is deleted after this long without a change, ms */
  sessionIdleMs: number;
  /** after a burst, once writes pause, a WAL file larger than this is truncated back to nothing, bytes */
  walTruncateBytes: number;
  /** the longest a request may take to arrive whole (headers and body), ms; then 408 and the socket is closed */
  requestTimeoutMs: number;
  /** Apple and Google Wallet: certificates, keys and the push (server/src/wallet, docs/WALLET.md) */
  wallet: WalletSettings;
  /** how long a waiting-list offer holds its tickets for the visitor it was made to, hours (docs/WAITLIST.md) */
  waitlistOfferHours: number;
  /** waiting-list sign-ups one client address may make per hour */
  waitlistJoinsPerClientHour: number;
  /** waiting-list sign-ups (each sends an e-mail) one address may receive per hour */
  waitlistJoinsPerEmailHour: number;
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

/** Whether an origin is one of the site's: origins are compared without regard to case. */
export function siteOriginCheck(siteOrigins: readonly string[]): (origin: string) => boolean {
  const allowed = new Set(siteOrigins.map((o) => o.toLowerCase()));
  return (origin) => allowed.has(origin.toLowerCase());
}

const REPO_ROOT = path.resolve(__dirname, "..", "..");

function num(value: string | undefined, fallback: number): number {
  if (value === undefined || value.trim() === "") return fallback;
  const n = Number(value);
  if (!Number.isFinite(n)) throw new Error(`not a number: ${value}`);
  return n;
}

/** TRUSTED_PROXY: unset/0/false = none; a number = that many hops; true = any; else addresses/CIDRs, comma-joined. */
function trustProxy(value: string | undefined): boolean | string | number {
  const v = (value ?? "").trim();
  if (v === "" || v === "0" || v === "false") return false;
  if (v === "true") return true;
  if (/^[0-9]+$/.test(v)) return Number(v);
  return v;
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env, overrides: Partial<ServerConfig> = {}): ServerConfig {
  const host = env.HOST || "127.0.0.1";
  const port = num(env.PORT, 4010);
  const databasePath = path.resolve(REPO_ROOT, env.DATABASE_PATH || "data/local.sqlite");
  const databaseUrl = env.DATABASE_URL?.trim() || undefined;
  if (databaseUrl && !/^postgres(ql)?:\/\//i.test(databaseUrl))
    throw new Error(
      `DATABASE_URL must name a PostgreSQL server (postgres://user@host:port/name), not "${databaseUrl}"; a SQLite file is DATABASE_PATH`,
    );
  const siteOrigins = env.SITE_ORIGINS
    ? env.SITE_ORIGINS.split(",")
        .map((o) => o.trim().replace(/\/+$/, ""))
        .filter(Boolean)
    : DEFAULT_SITE_ORIGINS;
  const publicUrl = (env.PUBLIC_URL || `http://${host}:${port}`).replace(/\/+$/, "");
  const siteUrl = (env.SITE_URL || "http://127.0.0.1:9000").replace(/\/+$/, "");
  const scope = env.FAULT_SCOPE === "catalogue" || env.FAULT_SCOPE === "basket" ? env.FAULT_SCOPE : "all";
  return {
    host,
    port,
    databasePath,
    databaseUrl,
    databasePoolMax: num(env.DATABASE_POOL_MAX, 10),
    siteOrigins,
    holdMinutes: num(env.HOLD_MINUTES, 15),
    publicUrl,
    siteUrl,
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
    cardPayMinutes: num(env.CARD_PAY_MINUTES, 30),
    offlinePayMinutes: num(env.OFFLINE_PAY_MINUTES, 48 * 60),
    heldPerClient: num(env.HELD_PER_CLIENT, 50),
    orderRateMax: num(env.ORDER_RATE_MAX, 10),
    orderRateWindowMs: num(env.ORDER_RATE_WINDOW_MS, 60_000),
    lookupFailMax: num(env.LOOKUP_FAIL_MAX, 10),
    lookupWindowMs: num(env.LOOKUP_WINDOW_MS, 10 * 60_000),
    lookupLockedTryMs: num(env.LOOKUP_LOCKED_TRY_S, 30) * 1000,
    buyerEventMax: num(env.BUYER_EVENT_MAX, 10),
    clientDayMax: num(env.CLIENT_DAY_MAX, 40),
    freePerBuyer: num(env.FREE_PER_BUYER, 2),
    freeClientDayMax: num(env.FREE_CLIENT_DAY_MAX, 10),
    offlineHeldPerClient: num(env.OFFLINE_HELD_PER_CLIENT, 10),
    offlineEventPercent: num(env.OFFLINE_EVENT_PERCENT, 20),
    mailPerRecipientHour: num(env.MAIL_PER_RECIPIENT_HOUR, 5),
    paymentAttemptsPerOrder: num(env.PAYMENT_ATTEMPTS_PER_ORDER, 5),
    paymentStartsPerClientHour: num(env.PAYMENT_STARTS_PER_CLIENT_HOUR, 20),
    paymentRetryBaseMs: num(env.PAYMENT_RETRY_BASE_S, 2) * 1000,
    holdCooldownMinutes: num(env.HOLD_COOLDOWN_MINUTES, 10),
    holdCooldownClientTickets: num(env.HOLD_COOLDOWN_CLIENT_TICKETS, 30),
    captchaFetchMax: num(env.CAPTCHA_FETCH_MAX, 30),
    captchaFetchWindowMs: num(env.CAPTCHA_FETCH_WINDOW_S, 600) * 1000,
    trustedProxy: trustProxy(env.TRUSTED_PROXY),
    // a site served over https gets a Secure cookie; COOKIE_SECURE=1/0 decides explicitly
    cookieSecure: env.COOKIE_SECURE
      ? env.COOKIE_SECURE === "1" || env.COOKIE_SECURE === "true"
      : siteUrl.startsWith("https:") || siteOrigins.every((o) => o.startsWith("https:")),
    captchaSecret: env.CAPTCHA_SECRET ?? "",
    captchaMaxNumber: num(env.CAPTCHA_MAX_NUMBER, 200_000),
    captchaTtlMs: num(env.CAPTCHA_TTL_S, 600) * 1000,
    cacheMaxBytes: num(env.CACHE_MAX_BYTES, 32 * 1024 * 1024),
    sessionIdleMs: num(env.SESSION_IDLE_HOURS, 3) * 3600_000,
    walTruncateBytes: num(env.WAL_TRUNCATE_BYTES, 1024 * 1024),
    requestTimeoutMs: num(env.REQUEST_TIMEOUT_MS, 15_000),
    wallet: walletSettings(env),
    waitlistOfferHours: num(env.WAITLIST_OFFER_HOURS, 12),
    waitlistJoinsPerClientHour: num(env.WAITLIST_JOINS_PER_CLIENT_HOUR, 10),
    waitlistJoinsPerEmailHour: num(env.WAITLIST_JOINS_PER_EMAIL_HOUR, 3),
    ...overrides,
  };
}
