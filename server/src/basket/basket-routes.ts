import type { FastifyInstance } from "fastify";
import { type BasketChangeBody, basketService, toChange } from "../basket/basket-service";
import { currentSession, readSession, writeCheckingSession } from "../basket/session";
import type { AppDeps } from "../deps";
import { type Query, softLang, str } from "../http/query";

/** The visitor's basket (contracts/basket.openapi.yaml, /api/basket). */
export async function basketRoutes(app: FastifyInstance, deps: AppDeps): Promise<void> {
  const service = basketService(deps);

  // a read writes nothing: a visitor without a session is shown an empty basket and gets no cookie
  app.get<{ Querystring: Query }>("/api/basket", async (req) => {
    const cur = service.currency(str(req.query, "currency_code"));
    return service.get(await readSession(deps, req), cur, softLang(req.query));
  });

  // the session is created by the first change that succeeds
  // the body has been checked against the contract's schema (server/src/http/contract-validation.ts)
  app.post<{ Querystring: Query; Body: BasketChangeBody }>("/api/basket", async (req, reply) => {
    const cur = service.currency(str(req.query, "currency_code"));
    const change = toChange(req.body);
    // a visitor without a session has nothing to remove: answered like a read, so a stranger's loop of
    // removals stores no session and no basket, and sets no cookie
    const removal = change.type === "DELETE_TICKET" || change.type === "DELETE_EVENT";
    const asRead = async () => {
      if (removal) await service.checkTarget(change);
      return service.get(await readSession(deps, req), cur, softLang(req.query));
    };
    // the change finds the session itself (on PostgreSQL in the same call): no read before it
    return writeCheckingSession(
      deps,
      req,
      reply,
      (session) => service.change(session, change, cur, softLang(req.query), req.ip),
      removal ? asRead : undefined,
    );
  });

  app.delete<{ Querystring: Query }>("/api/basket", async (req) => {
    const session = await currentSession(deps, req);
    // the contract gives DELETE no currency parameter: a bad one must not stop the clearing
    let cur = service.currency(undefined);
    try {
      cur = service.currency(str(req.query, "currency_code"));
    } catch {
      /* keep AED */
    }
    // without a session there is nothing to clear, and nothing is written
    if (session === undefined) return service.get(await readSession(deps, req), cur, softLang(req.query));
    return service.clear(session, cur, softLang(req.query));
  });
}
