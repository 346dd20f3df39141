import type { FastifyInstance } from "fastify";
import { basketService, parseChange } from "../basket/basket-service";
import { sessionOf } from "../basket/session";
import type { AppDeps } from "../deps";
import { softLang, str, type Query } from "./query";

/** The visitor's basket (contracts/basket.openapi.yaml, /api/basket). */
export async function basketRoutes(app: FastifyInstance, deps: AppDeps): Promise<void> {
  const service = basketService(deps);

  app.get<{ Querystring: Query }>("/api/basket", async (req, reply) => {
    const session = sessionOf(deps, req, reply);
    const cur = service.currency(str(req.query, "currency_code"));
    return service.get(session, cur, softLang(req.query));
  });

  app.post<{ Querystring: Query; Body: unknown }>("/api/basket", async (req, reply) => {
    const session = sessionOf(deps, req, reply);
    const cur = service.currency(str(req.query, "currency_code"));
    const change = parseChange(req.body);
    return service.change(session, change, cur, softLang(req.query), req.ip);
  });

  app.delete<{ Querystring: Query }>("/api/basket", async (req, reply) => {
    const session = sessionOf(deps, req, reply);
    // the contract gives DELETE no currency parameter: a bad one must not stop the clearing
    let cur = service.currency(undefined);
    try {
      cur = service.currency(str(req.query, "currency_code"));
    } catch {
      /* keep AED */
    }
    return service.clear(session, cur, softLang(req.query));
  });
}
