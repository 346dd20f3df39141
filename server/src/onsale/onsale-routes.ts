import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { currentSession, SESSION_COOKIE, writeSession } from "../basket/session";
import type { AppDeps } from "../deps";
import { badRequest } from "../lib/errors";
import { joinTurns } from "./join-turns";
import { admissionCookie, placeCookie, type WaitingState } from "./onsale-service";

// longer than any queue lasts; a place that outlives it is read from the database again
const PLACE_KEPT_MS = 24 * 3600_000;

// enough to keep the database busy between turns; few enough that a poll waits for little
const JOINS_AT_ONCE = 4;

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
  const inTurn = joinTurns(JOINS_AT_ONCE);

  const cookie = (expires: Date) =>
    ({ httpOnly: true, sameSite: "lax", secure: deps.config.cookieSecure, path: "/", expires }) as const;

  /**
   * The answer, with the signed place while waiting (so the next polls need no database read), the
   * admission cookie once the session's turn has come, and when to ask again.
   */
  async function answer(
    req: FastifyRequest,
    reply: FastifyReply,
    state: WaitingState,
    sessionId: string | undefined,
  ): Promise<WaitingState> {
    if (state.status === "admitted" && sessionId && state.admission_expires_at) {
      const expiresAt = Date.parse(state.admission_expires_at);
      reply.setCookie(
        admissionCookie(state.event_id),
        onsale.admission(state.event_id, sessionId, expiresAt),
        cookie(new Date(expiresAt)),
      );
    }
    const place = sessionId ? await onsale.place(state, sessionId) : undefined;
    if (place && req.cookies[placeCookie(state.event_id)] !== place)
      reply.setCookie(placeCookie(state.event_id), place, cookie(new Date(deps.now() + PLACE_KEPT_MS)));
    // private: the answer is this session's; the browser may reuse it until the next poll is due
    reply.header("cache-control", `private, max-age=${state.poll_after_seconds}`);
    return state;
  }

  app.get<{ Params: Params }>("/api/onsale/:event_id", async (req, reply) => {
    const eventId = eventIdOf(req.params);
    // the place and the session it is signed for, both from cookies: no database read while waiting
    const signedPlace = req.cookies[placeCookie(eventId)];
    const claimed = req.cookies[SESSION_COOKIE];
    if (signedPlace && claimed) {
      const state = await onsale.fromPlace(eventId, claimed, signedPlace);
      if (state) return answer(req, reply, state, claimed);
    }
    const session = await currentSession(deps, req);
    // every event page asks: an event without a waiting room is an empty answer, not an error
    if (!(await onsale.exists(eventId))) return reply.code(204).header("cache-control", "private, max-age=60").send();
    return answer(req, reply, await onsale.state(eventId, session), session);
  });

  app.post<{ Params: Params; Body: { captcha: string } }>("/api/onsale/:event_id", (req, reply) =>
    inTurn(() => join(req, reply)),
  );

  async function join(req: FastifyRequest<{ Params: Params; Body: { captcha: string } }>, reply: FastifyReply) {
    const eventId = eventIdOf(req.params);
    const known = await currentSession(deps, req);
    if (known !== undefined) {
      // a place already held is kept, and no captcha is spent on asking again
      const state = await onsale.state(eventId, known);
      if (state.status !== "not_joined" && state.status !== "expired") return answer(req, reply, state, known);
    } else await onsale.state(eventId, undefined); // 404 for an event without a waiting room, before any session is made
    const solution = await deps.captcha.verify(req.body.captcha);
    let sessionId = "";
    const state = await writeSession(deps, req, reply, async (session) => {
      sessionId = session;
      // one commit for both: the captcha is spent only with the place it bought
      return deps.db.withTransaction(async () => {
        await deps.captcha.spend(solution, session);
        return onsale.join(eventId, session);
      });
    });
    return answer(req, reply, state, sessionId);
  }
}
