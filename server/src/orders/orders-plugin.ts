import { feature } from "../http/feature";
import { orderRoutes } from "./order-routes";
import { orderService } from "./order-service";
import { ordersRepository, paymentsRepository } from "./orders-repository";

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
    deps.orderService = orderService(deps);
    await app.register(async (scope) => orderRoutes(scope, deps, deps.orderService));
  },
);
