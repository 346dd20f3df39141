import Fastify, { type FastifyError, type FastifyInstance } from "fastify";
import cookie from "@fastify/cookie";
import { loadConfig, type ServerConfig } from "./config";
import { CatalogueService } from "./catalogue/catalogue-service";
import { isSeeded, openDatabase, redateIfStale, type Db } from "./db/database";
import { startCheckpointer } from "./db/checkpointer";
import { basketsRepository } from "./db/repositories/baskets-repository";
import { ticketsRepository } from "./db/repositories/tickets-repository";
import type { AppDeps } from "./deps";
import { FaultController, registerFaults } from "./faults";
import { HttpError } from "./lib/errors";
import { basketRoutes } from "./routes/basket";
import { catalogueRoutes } from "./routes/catalogue";
import { mediaRoutes } from "./routes/media";
import { orderRoutes } from "./routes/orders";
import { seedSample } from "./seed/seed-sample";

export interface BuildOptions {
  config?: Partial<ServerConfig>;
  /** an open database (tests); otherwise config.databasePath is opened */
  db?: Db;
  now?: () => number;
}

const STATE_CHANGING = new Set(["POST", "PUT", "PATCH", "DELETE"]);
const isBasketUrl = (url: string): boolean => url === "/api" || url.startsWith("/api/") || url.startsWith("/api?");

/**
 * Builds the whole server as one Fastify instance without listening: the catalogue API,
 * the basket and order API, the media files, CORS and fault injection. A database that
 * has never been seeded gets the sample catalogue.
 */
export async function buildApp(opts: BuildOptions = {}): Promise<FastifyInstance & { deps: AppDeps }> {
  const config = { ...loadConfig(), ...opts.config };
  const db = opts.db ?? openDatabase(config.databasePath);
  const now = opts.now ?? Date.now;
  if (!isSeeded(db)) seedSample(db);
  else redateIfStale(db, now());

  const catalogue = new CatalogueService(db, config.publicUrl);
  const deps: AppDeps = {
    config,
    db,
    catalogue,
    tickets: ticketsRepository(db, () => catalogue.generation),
    baskets: basketsRepository(db),
    faults: new FaultController(config.faults),
    now,
  };

  const app = Fastify({
    logger: config.logger,
    bodyLimit: 16 * 1024,
    forceCloseConnections: true,
    routerOptions: { ignoreTrailingSlash: true },
  });
  const allowed = new Set(config.siteOrigins.map((o) => o.toLowerCase()));

  // CORS first, so that even an injected 429/503 can be read by the browser.
  app.addHook("onRequest", async (req, reply) => {
    const origin = req.headers.origin;
    if (isBasketUrl(req.url)) {
      reply.header("Vary", "Origin");
      const ok = origin !== undefined && allowed.has(origin.toLowerCase());
      if (ok) {
        reply.header("Access-Control-Allow-Origin", origin);
        reply.header("Access-Control-Allow-Credentials", "true");
        reply.header("Access-Control-Expose-Headers", "Retry-After");
      }
      if (req.method === "OPTIONS") {
        if (!ok) return reply.code(403).send({ detail: `origin ${origin ?? "(none)"} is not allowed`, code: "origin_not_allowed" });
        reply.header("Access-Control-Allow-Methods", "GET, POST, DELETE, OPTIONS");
        reply.header("Access-Control-Allow-Headers", req.headers["access-control-request-headers"] ?? "Content-Type");
        reply.header("Access-Control-Max-Age", "600");
        return reply.code(204).send();
      }
      if (STATE_CHANGING.has(req.method) && origin !== undefined && !ok) {
        return reply.code(403).send({ detail: `origin ${origin} is not allowed to change this basket`, code: "origin_not_allowed" });
      }
      return;
    }
    reply.header("Access-Control-Allow-Origin", "*");
    reply.header("Access-Control-Expose-Headers", "Retry-After");
    if (req.method === "OPTIONS") {
      reply.header("Access-Control-Allow-Methods", req.url.startsWith("/__faults") ? "GET, PUT, OPTIONS" : "GET, HEAD, OPTIONS");
      reply.header("Access-Control-Allow-Headers", req.headers["access-control-request-headers"] ?? "Content-Type");
      reply.header("Access-Control-Max-Age", "86400");
      return reply.code(204).send();
    }
  });
  registerFaults(app, deps.faults, config.faultControl);

  await app.register(cookie);

  // JSON bodies: an empty body is "no body" for GET and DELETE (some clients send the header anyway),
  // and malformed JSON everywhere else.
  app.removeContentTypeParser("application/json");
  app.addContentTypeParser("application/json", { parseAs: "string" }, (req, body, done) => {
    const text = String(body);
    if (text.trim() === "") {
      if (req.method === "GET" || req.method === "DELETE") return done(null, undefined);
      return done(new HttpError(400, "the body is empty; expected JSON", "invalid_json"), undefined);
    }
    try {
      done(null, JSON.parse(text));
    } catch (err) {
      done(new HttpError(400, `the body is not valid JSON: ${(err as Error).message}`, "invalid_json"), undefined);
    }
  });

  app.setErrorHandler((err: FastifyError | HttpError, req, reply) => {
    if (err instanceof HttpError) {
      reply.headers(err.headers);
      return reply.code(err.statusCode).send(err.code ? { detail: err.detail, code: err.code } : { detail: err.detail });
    }
    const code = (err as FastifyError).code;
    const status = (err as FastifyError).statusCode ?? 500;
    if (code === "FST_ERR_CTP_BODY_TOO_LARGE") return reply.code(413).send({ detail: "the body is larger than 16 KiB", code: "body_too_large" });
    if (code === "FST_ERR_CTP_INVALID_JSON_BODY" || code === "FST_ERR_CTP_EMPTY_JSON_BODY" || err instanceof SyntaxError || code === "FST_ERR_CTP_INVALID_CONTENT_LENGTH") {
      return reply.code(400).send({ detail: `the body is not valid JSON: ${err.message}`, code: "invalid_json" });
    }
    if (code === "FST_ERR_CTP_INVALID_MEDIA_TYPE") return reply.code(400).send({ detail: "the body must be application/json", code: "bad_request" });
    if (status >= 400 && status < 500) return reply.code(status).send({ detail: err.message, code: "bad_request" });
    req.log.error(err);
    return reply.code(500).send({ detail: "internal server error", code: "internal" });
  });
  app.setNotFoundHandler((req, reply) => {
    reply.code(404).send({ detail: `no such path: ${req.method} ${req.url.split("?")[0]}`, code: "not_found" });
  });

  await app.register(async (scope) => catalogueRoutes(scope, deps));
  await app.register(async (scope) => basketRoutes(scope, deps));
  await app.register(async (scope) => orderRoutes(scope, deps));
  await app.register(mediaRoutes);
  app.get("/", async () => ({
    name: "uae-tickets local server",
    contracts: ["contracts/catalogue.openapi.yaml", "contracts/basket.openapi.yaml"],
  }));

  // a database this app opened itself gets its WAL checkpoints off the request path
  const checkpointer = !opts.db && config.databasePath !== ":memory:"
    ? startCheckpointer(config.databasePath, 1000, (err) => {
        // without the worker, SQLite checkpoints inside commits again
        app.log.error(err);
        db.pragma("wal_autocheckpoint = 1000");
      })
    : undefined;
  // a safety net only: the worker checkpoints every second, long before 10,000 pages
  if (checkpointer) db.pragma("wal_autocheckpoint = 10000");

  let sweeper: NodeJS.Timeout | undefined;
  if (config.sweepIntervalMs > 0) {
    sweeper = setInterval(() => deps.baskets.releaseExpired(now()), config.sweepIntervalMs);
    sweeper.unref();
  }
  app.addHook("onClose", async () => {
    if (sweeper) clearInterval(sweeper);
    if (checkpointer) await checkpointer.stop();
    if (!opts.db) db.close();
  });

  return Object.assign(app as unknown as FastifyInstance, { deps });
}
