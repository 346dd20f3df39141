import cookie from "@fastify/cookie";
import Fastify, { type FastifyInstance } from "fastify";
import fp from "fastify-plugin";
import { basketFeature } from "./basket/basket-plugin";
import { catalogueFeature } from "./catalogue/catalogue-plugin";
import { checkinFeature } from "./checkin/checkin-plugin";
import { loadConfig, type ServerConfig } from "./config";
import { startCheckpointer } from "./db/checkpointer";
import { type Db, isSeeded, openDatabase, redateIfStale } from "./db/database";
import { type AppDeps, loggingNotifier, type OrderNotifier } from "./deps";
import { FaultController, registerFaults } from "./faults";
import { contractRequests } from "./http/contract-validation";
import { cors } from "./http/cors";
import { clientErrorHandler, frameworkErrors, httpErrors } from "./http/errors";
import "./http/feature";
import { ByteBoundCache } from "./lib/byte-bound-cache";
import { mailFeature } from "./mail/mail-plugin";
import { onsaleFeature } from "./onsale/onsale-plugin";
import { ordersFeature } from "./orders/orders-plugin";
import { paymentFeature } from "./payment/payment-plugin";
import { promoFeature } from "./promo/promo-plugin";
import { seedSample } from "./seed/seed-sample";
import { waitlistFeature } from "./waitlist/waitlist-plugin";
import { walletFeature } from "./wallet/wallet-plugin";

export interface BuildOptions {
  config?: Partial<ServerConfig>;
  /** an open database (tests); otherwise config.databasePath is opened */
  db?: Db;
  now?: () => number;
  /**
   * who is told of confirmed orders (the mailer); by default a log line. A function is given the
   * app's deps (its catalogue and mail outbox) once they exist.
   */
  notifier?: OrderNotifier | ((deps: AppDeps) => OrderNotifier);
}

const BODY_LIMIT = 16 * 1024;

const trustHops =
  (hops: number) =>
  (_address: string, hop: number): boolean =>
    hop < hops;

/**
 * Builds the whole server as one Fastify instance without listening: the catalogue API,
 * the basket and order API, the sandbox acquirer, the media files, CORS and fault injection.
 * A database that has never been seeded gets the sample catalogue.
 */
export async function buildApp(opts: BuildOptions = {}): Promise<FastifyInstance & { deps: AppDeps }> {
  const config = { ...loadConfig(), ...opts.config };
  const db =
    opts.db ?? (await openDatabase(config.databaseUrl ?? config.databasePath, { poolMax: config.databasePoolMax }));
  const now = opts.now ?? Date.now;
  // instances that start together on an empty database seed it once
  const seeded = await db.withTransaction(async () => {
    await db.lock("singleton", [2]);
    if (await isSeeded(db)) return true;
    await seedSample(db);
    return false;
  });
  if (seeded) await redateIfStale(db, now());

  const app = Fastify({
    logger: config.logger,
    bodyLimit: BODY_LIMIT,
    forceCloseConnections: true,
    // a request that does not arrive whole in time (a Content-Length larger than what is sent) is
    // answered 408 and its socket closed; Node looks for such requests every connectionsCheckingInterval
    requestTimeout: config.requestTimeoutMs,
    http: {
      // Node enforces requestTimeout only while headersTimeout is not longer than it
      headersTimeout: Math.min(60_000, config.requestTimeoutMs),
      connectionsCheckingInterval: Math.max(100, Math.min(30_000, Math.round(config.requestTimeoutMs / 4))),
      // answered by the app's own hook, with a detail, instead of Node's bare 400
      requireHostHeader: false,
    },
    // a hop count becomes the function form (proxy-addr's hops, which Fastify's types leave out)
    trustProxy: typeof config.trustedProxy === "number" ? trustHops(config.trustedProxy) : config.trustedProxy,
    routerOptions: { ignoreTrailingSlash: true },
    frameworkErrors,
    clientErrorHandler,
  });

  // the core every feature needs: settings, database, clock; the features add their own parts
  const deps = { config, db, now } as AppDeps;
  deps.faults = new FaultController(config.faults);
  deps.responseCache = new ByteBoundCache(config.cacheMaxBytes);
  deps.notifier = loggingNotifier((message) => app.log.info(message));
  app.decorate("deps", deps);

  // CORS and the Origin rule first, so that even an injected 429/503 can be read by the browser.
  await app.register(cors, {
    siteOrigins: config.siteOrigins,
    // the acquirer's page posts to itself and checks its own origin and form token
    exempt: (path) => path.startsWith("/sandbox-acquirer/"),
  });
  registerFaults(app, deps.faults, config.faultControl);
  await app.register(cookie);
  await app.register(httpErrors, { bodyLimit: BODY_LIMIT });
  // before the routes: each route the basket contract describes takes its request schemas from it
  await app.register(contractRequests, { contracts: ["basket"] });
  await app.register(fp(async () => {}, { name: "core" }));

  // the features, each a plugin that names the features it needs (Fastify checks the order)
  await app.register(onsaleFeature);
  await app.register(catalogueFeature);
  await app.register(promoFeature);
  await app.register(basketFeature);
  await app.register(mailFeature);
  await app.register(checkinFeature);
  await app.register(walletFeature);
  await app.register(ordersFeature);
  await app.register(paymentFeature);
  await app.register(waitlistFeature);
  if (opts.notifier) deps.notifier = typeof opts.notifier === "function" ? opts.notifier(deps) : opts.notifier;
  app.get("/", async () => ({
    name: "uae-tickets local server",
    contracts: ["contracts/catalogue.openapi.yaml", "contracts/basket.openapi.yaml", "contracts/checkin.openapi.yaml"],
  }));

  // a database this app opened itself gets its WAL checkpoints off the request path
  const checkpointer =
    !opts.db && db.sqlite && config.databasePath !== ":memory:"
      ? startCheckpointer(config.databasePath, 1000, config.walTruncateBytes, (err) => {
          // without the worker, SQLite checkpoints inside commits again
          app.log.error(err);
          db.sqlite?.pragma("wal_autocheckpoint = 1000");
        })
      : undefined;
  // a safety net only: the worker checkpoints every second, long before 10,000 pages
  if (checkpointer) db.sqlite?.pragma("wal_autocheckpoint = 10000");

  // holds also end lazily whenever availability is read or changed; the timer only keeps the
  // numbers right for readers that never ask (and clears spent captchas and old sessions)
  let sweeper: NodeJS.Timeout | undefined;
  // idle empty sessions are looked for at most this often (a scan of the sessions)
  const idleSweepMs = Math.min(10 * 60_000, Math.max(1000, config.sessionIdleMs / 6));
  let idleSweptAt = now();
  // one round at a time: a slow round (a big expiry) is not overtaken by the next
  let sweeping: Promise<void> | undefined;
  const sweep = async (at: number) => {
    try {
      await deps.releaseExpired(at);
      // an "order paid" event a crashed instance left unconsumed gets its tickets and e-mail
      await app.orderService.consumeLeftovers(at);
      await deps.captcha.prune(at);
      await deps.throttle.prune(at);
      await deps.sessions.removeExpired(at);
      if (at - idleSweptAt >= idleSweepMs) {
        idleSweptAt = at;
        await deps.sessions.removeIdle(at - config.sessionIdleMs);
      }
    } catch (err) {
      // a full disk, for one: the next round tries again
      app.log.error(err);
    }
  };
  if (config.sweepIntervalMs > 0) {
    sweeper = setInterval(() => {
      if (sweeping) return;
      sweeping = sweep(now()).finally(() => {
        sweeping = undefined;
      });
    }, config.sweepIntervalMs);
    sweeper.unref();
  }
  app.addHook("onClose", async () => {
    if (sweeper) clearInterval(sweeper);
    await sweeping;
    if (checkpointer) await checkpointer.stop();
    if (!opts.db) await db.close();
  });

  return app as FastifyInstance & { deps: AppDeps };
}
