import type { FastifyInstance, FastifyReply } from "fastify";
import { currentSession, writeSession } from "../basket/session";
import type { AppDeps } from "../deps";
import { badRequest } from "../lib/errors";
import { admissionCookie, type WaitingState } from "./onsale-service";

interface Params {
  event_id: string;
}

function eventIdOf(params: Params): number {
  const id = Number(params.event_id);
  if (!Number.isSafeInteger(id) || id < 1) throw badRequest("event_id must be a positive integer");
  return id;
}

/** The waiting room (contracts/basket.openapi.yaml, /api/onsale/{event_id}). */
export async function onsaleRoutes(app: FastifyInstance, deps: AppDeps): Promise<void> {
  const { onsale } = deps;

  /** The answer, with the admission cookie once the session's turn has come, and when to ask again. */
  function answer(reply: FastifyReply, state: WaitingState, sessionId: string | undefined): WaitingState {
    if (state.status === "admitted" && sessionId && state.admission_expires_at) {
      const expiresAt = Date.parse(state.admission_expires_at);
      reply.setCookie(admissionCookie(state.event_id), onsale.admission(state.event_id, sessionId, expiresAt), {
        httpOnly: true,
        sameSite: "lax",
        secure: deps.config.cookieSecure,
        path: "/",
        expires: new Date(expiresAt),
      });
    }
    // private: the answer is this session's; the browser may reuse it until the next poll is due
    reply.header("cache-control", `private, max-age=${state.poll_after_seconds}`);
    return state;
  }

  app.get<{ Params: Params }>("/api/onsale/:event_id", async (req, reply) => {
    const eventId = eventIdOf(req.params);
    const session = await currentSession(deps, req);
    // every event page asks: an event without a waiting room is an empty answer, not an error
    if (!(await onsale.exists(eventId))) return reply.code(204).header("cache-control", "private, max-age=60").send();
    return answer(reply, await onsale.state(eventId, session), session);
  });

  app.post<{ Params: Params; Body: { captcha: string } }>("/api/onsale/:event_id", async (req, reply) => {
    const eventId = eventIdOf(req.params);
    const known = await currentSession(deps, req);
    if (known !== undefined) {
      // a place already held is kept, and no captcha is spent on asking again
      const state = await onsale.state(eventId, known);
      if (state.status !== "not_joined" && state.status !== "expired") return answer(reply, state, known);
    } else await onsale.state(eventId, undefined); // 404 for an event without a waiting room, before any session is made
    const solution = await deps.captcha.verify(req.body.captcha);
    let sessionId = "";
    const state = await writeSession(deps, req, reply, async (session) => {
      sessionId = session;
      await deps.db.withTransaction(() => deps.captcha.spend(solution, session));
      return onsale.join(eventId, session);
    });
    return answer(reply, state, sessionId);
  });
}
