import { feature } from "../http/feature";
import { promoRepository } from "./promo-repository";
import { promoRoutes } from "./promo-routes";
import { promoService } from "./promo-service";

/**
 * Promo codes: entered into the session, shown with the basket, used by orders. Registered before the
 * basket feature so that its hook reaches the basket's answers; it uses the basket's parts per request.
 */
export const promoFeature = feature("promo", ["core", "catalogue"], async (app, deps) => {
  deps.promo = promoService(deps, promoRepository(deps.db));
  await promoRoutes(app, deps, deps.promo);
});
