import Fastify, { type FastifyInstance } from "fastify";
import cookie from "@fastify/cookie";
import { loadConfig, type ServerConfig } from "./config";
import { CatalogueService } from "./catalogue/catalogue-service";
import { checkinService } from "./checkin/checkin-service";
import { isSeeded, openDatabase, redateIfStale, type Db } from "./db/database";
import { startCheckpointer } from "./db/checkpointer";
import { basketsRepository } from "./db/repositories/baskets-repository";
import { ordersRepository, paymentsRepository } from "./db/repositories/orders-repository";
import { sessionsRepository } from "./db/repositories/sessions-repository";
import { ticketsRepository } from "./db/repositories/tickets-repository";
import { loggingNotifier, type AppDeps, type OrderNotifier } from "./deps";
import { FaultController, registerFaults } from "./faults";
import { cors } from "./http/cors";
import { clientErrorHandler, frameworkErrors, httpErrors } from "./http/errors";
import { ByteBoundCache } from "./lib/byte-bound-cache";
import { captchaService } from "./orders/captcha";
import { orderService } from "./orders/order-service";
import { basketRoutes } from "./routes/basket";
import { catalogueRoutes } from "./routes/catalogue";
import { checkinRoutes } from "./routes/checkin";
import { mediaRoutes } from "./routes/media";
import { orderRoutes } from "./routes/orders";
import { sandboxAcquirer } from "./sandbox/acquirer";
import { seedSample } from "./seed/seed-sample";

export interface BuildOptions {
  config?: Partial<ServerConfig>;
  /** an open database (tests); otherwise config.databasePath is opened */
  db?: Db;
  now?: () => number;
  /** who is told of confirmed orders (the mailer); by default a log line */
  notifier?: OrderNotifier;
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
  const db = opts.db ?? openDatabase(config.databasePath);
  const now = opts.now ?? Date.now;
  if (!isSeeded(db)) seedSample(db);
  else redateIfStale(db, now());

  const app = Fastify({
    logger: config.logger,
    bodyLimit: BODY_LIMIT,
    forceCloseConnections: true,
    // a hop count becomes the function form (proxy-addr's hops, which Fastify's types leave out)
    trustProxy: typeof config.trustedProxy === "number" ? trustHops(config.trustedProxy) : config.trustedProxy,
    routerOptions: { ignoreTrailingSlash: true },
    frameworkErrors,
    clientErrorHandler,
  });

  const catalogue = new CatalogueService(db, config.publicUrl);
  const baskets = basketsRepository(db);
  const orders = ordersRepository(db);
  const tickets = ticketsRepository(db, () => catalogue.generation);
  const deps: AppDeps = {
    config,
    db,
    catalogue,
    tickets,
    baskets,
    orders,
    payments: paymentsRepository(db),
    sessions: sessionsRepository(db),
    captcha: captchaService(db, config, now),
    checkin: checkinService(db, tickets, { siteUrl: config.siteUrl }),
    faults: new FaultController(config.faults),
    notifier: opts.notifier ?? loggingNotifier((message) => app.log.info(message)),
    responseCache: new ByteBoundCache(config.cacheMaxBytes),
    now,
    releaseExpired(at) {
      baskets.releaseExpired(at);
      orders.expireDue(at);
    },
  };

  // CORS and the Origin rule first, so that even an injected 429/503 can be read by the browser.
  await app.register(cors, {
    siteOrigins: config.siteOrigins,
    // the acquirer's page posts to itself and checks its own origin and form token
    exempt: (path) => path.startsWith("/sandbox-acquirer/"),
  });
  registerFaults(app, deps.faults, config.faultControl);
  await app.register(cookie);
  await app.register(httpErrors, { bodyLimit: BODY_LIMIT });

  const service = orderService(deps);
  await app.register(async (scope) => catalogueRoutes(scope, deps));
  await app.register(async (scope) => basketRoutes(scope, deps));
  await app.register(async (scope) => orderRoutes(scope, deps, service));
  await app.register(async (scope) => sandboxAcquirer(scope, deps, service));
  await app.register(async (scope) => checkinRoutes(scope, deps));
  await app.register(mediaRoutes);
  app.get("/", async () => ({
    name: "uae-tickets local server",
    contracts: ["contracts/catalogue.openapi.yaml", "contracts/basket.openapi.yaml", "contracts/checkin.openapi.yaml"],
  }));

  // a database this app opened itself gets its WAL checkpoints off the request path
  const checkpointer =
    !opts.db && config.databasePath !== ":memory:"
      ? startCheckpointer(config.databasePath, 1000, (err) => {
          // without the worker, SQLite checkpoints inside commits again
          app.log.error(err);
          db.pragma("wal_autocheckpoint = 1000");
        })
      : undefined;
  // a safety net only: the worker checkpoints every second, long before 10,000 pages
  if (checkpointer) db.pragma("wal_autocheckpoint = 10000");

  // holds also end lazily whenever availability is read or changed; the timer only keeps the
  // numbers right for readers that never ask (and clears spent captchas and old sessions)
  let sweeper: NodeJS.Timeout | undefined;
  if (config.sweepIntervalMs > 0) {
    sweeper = setInterval(() => {
      const at = now();
      deps.releaseExpired(at);
      deps.captcha.prune(at);
      deps.sessions.removeExpired(at);
    }, config.sweepIntervalMs);
    sweeper.unref();
  }
  app.addHook("onClose", async () => {
    if (sweeper) clearInterval(sweeper);
    if (checkpointer) await checkpointer.stop();
    if (!opts.db) db.close();
  });

  return Object.assign(app as unknown as FastifyInstance, { deps });
}
