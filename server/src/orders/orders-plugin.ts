import { feature } from "../http/feature";
import { orderRoutes } from "./order-routes";
import { type OrderService, orderService } from "./order-service";
import { ordersRepository, paymentsRepository } from "./orders-repository";

declare module "fastify" {
  interface FastifyInstance {
    /** makes, pays and looks up orders: what the payment feature carries out */
    orderService: OrderService;
  }
}

/** Orders made from baskets, their states, look-ups and expiry. */
export const ordersFeature = feature(
  "orders",
  ["core", "catalogue", "basket", "mail", "checkin", "wallet"],
  async (app, deps) => {
    deps.orders = ordersRepository(deps.db);
    deps.payments = paymentsRepository(deps.db);
    deps.releaseExpired = async (at) => {
      try {
        await deps.baskets.releaseExpired(at);
        await deps.orders.expireDue(at);
      } catch (err) {
        // holds also end lazily: on a full disk they end later, and reads keep being answered
        if ((err as { code?: unknown }).code !== "SQLITE_FULL") throw err;
        app.log.error(err);
      }
    };
    const service = orderService(deps);
    app.decorate("orderService", service);
    await app.register(async (scope) => orderRoutes(scope, deps, service));
  },
);
