import type { FastifyInstance } from "fastify";
import { type BasketJson, basketService } from "../basket/basket-service";
import { currentSession, promoCodeAsFound, writeSession } from "../basket/session";
import type { AppDeps } from "../deps";
import { type Query, softLang, str } from "../http/query";
import { currencyOf } from "../lib/money";
import type { PromoService } from "./promo-service";

const BASKET_PATH = "/api/basket";

/**
 * The session's promo code (contracts/basket.openapi.yaml, /api/basket/promo), and the `promo` field
 * every basket answer gains while the session has one.
 */
export async function promoRoutes(app: FastifyInstance, deps: AppDeps, promo: PromoService): Promise<void> {
  // built per request: this feature is registered before the basket's, whose parts it uses
  const baskets = () => basketService(deps);

  async function withPromo(sessionId: string, basket: BasketJson, known?: number | null): Promise<BasketJson> {
    const cur = currencyOf(deps.catalogue.data.currencies, basket.currency_code);
    const view = cur ? await promo.view(sessionId, basket, cur, known) : undefined;
    return view ? { ...basket, promo: view } : basket;
  }

  // the basket's own routes answer without knowing of codes: the code is added to what they send (a hook
  // that reaches them because this feature is registered before the basket's)
  app.addHook("preSerialization", async (req, reply, payload) => {
    if (req.routeOptions.url !== BASKET_PATH || reply.statusCode !== 200) return payload;
    const session = await currentSession(deps, req);
    return session === undefined ? payload : withPromo(session, payload as BasketJson, promoCodeAsFound(req, session));
  });

  // the body has been checked against the contract's schema (server/src/http/contract-validation.ts)
  app.put<{ Querystring: Query; Body: { code: string } }>(`${BASKET_PATH}/promo`, async (req, reply) => {
    const cur = baskets().currency(str(req.query, "currency_code"));
    const lang = softLang(req.query);
    return writeSession(deps, req, reply, async (session) => {
      await promo.enter(session, req.body.code, req.ip, await baskets().get(session, cur, lang), cur);
      return withPromo(session, await baskets().get(session, cur, lang));
    });
  });

  app.delete<{ Querystring: Query }>(`${BASKET_PATH}/promo`, async (req) => {
    const cur = baskets().currency(str(req.query, "currency_code"));
    const session = await currentSession(deps, req);
    if (session !== undefined) await promo.leave(session);
    return baskets().get(session ?? "", cur, softLang(req.query));
  });
}
