import { feature } from "../http/feature";
import { sandboxAcquirer } from "./acquirer";

/** The sandbox acquirer: the hosted card page an order's payment is made on. */
export const paymentFeature = feature("payment", ["core", "orders"], async (app, deps) => {
  await app.register(async (scope) => sandboxAcquirer(scope, deps, app.orderService));
});
