import type { FastifyInstance } from "fastify";
import { readSession, writeSession } from "../basket/session";
import type { AppDeps } from "../deps";
import { type Query, softLang } from "../http/query";
import { badRequest } from "../lib/errors";
import type { WaitlistJoinBody, WaitlistService } from "./waitlist-service";

type TokenBody = { token: string };

/** The waiting list (contracts/basket.openapi.yaml, /api/waitlist*); the rules live in the service. */
export async function waitlistRoutes(app: FastifyInstance, deps: AppDeps, service: WaitlistService): Promise<void> {
  // the answers name a visitor's place and carry nothing a shared cache should keep
  app.addHook("onSend", async (_req, reply) => {
    reply.header("Cache-Control", "no-store");
  });

  app.get<{ Params: { id: string } }>("/api/waitlist/tickets/:id", async (req) => {
    const id = Number(req.params.id);
    if (!Number.isSafeInteger(id) || id < 1) throw badRequest("the ticket id must be a positive integer");
    return service.status(id);
  });

  // bodies have been checked against the contract (server/src/http/contract-validation.ts)
  app.post<{ Querystring: Query; Body: WaitlistJoinBody }>("/api/waitlist", async (req, reply) => {
    // the captcha was fetched with the visitor's session: without one it cannot be spent, and nothing is written
    const session = await readSession(deps, req);
    const entry = await service.join(req.body, softLang(req.query), session, req.ip);
    service.kick();
    return reply.code(201).send(entry);
  });

  app.post<{ Querystring: Query; Body: TokenBody }>("/api/waitlist/entry", async (req) =>
    service.show(req.body.token, softLang(req.query)),
  );

  app.post<{ Querystring: Query; Body: TokenBody }>("/api/waitlist/leave", async (req) => {
    const entry = await service.leave(req.body.token, softLang(req.query));
    service.kick();
    return entry;
  });

  app.post<{ Querystring: Query; Body: TokenBody }>("/api/waitlist/claim", async (req, reply) =>
    writeSession(deps, req, reply, (session) => service.claim(req.body.token, softLang(req.query), session, req.ip)),
  );
}
