import { randomBytes } from "node:crypto";
import type { FastifyReply, FastifyRequest } from "fastify";
import type { ServerConfig } from "../config";
import { conflict } from "../lib/errors";
import type { SessionsRepository } from "./sessions-repository";

export const SESSION_COOKIE = "session";
const SESSION_RE = /^[A-Za-z0-9_-]{32}$/;
const THIRTY_DAYS_S = 30 * 24 * 3600;
/** How long a replaced id is recognised (requests sent before the new cookie arrived). */
const ROTATION_GRACE_MS = 2 * 60_000;

/**
 * The session id each request has already found live (or issued): asked again in the same request (the route,
 * then the hook that adds the promo code to its answer), the answer costs no round trip to the database.
 */
const liveIn = new WeakMap<FastifyRequest, { id: string; promoCodeId: number | null }>();

async function isLive(deps: SessionDeps, req: FastifyRequest, id: string): Promise<"valid" | "rotated" | "unknown"> {
  if (liveIn.get(req)?.id === id) return "valid";
  const found = await deps.sessions.state(id, deps.now());
  if (found.state === "valid") liveIn.set(req, { id, promoCodeId: found.promoCodeId });
  return found.state;
}

/**
 * The promo code the request's session carried when the request first found it live (read with the session
 * itself, so the code on a basket's answer costs no round trip of its own); undefined when this request has not
 * read `sessionId`. The basket's routes never change the code: the code's own routes read it afresh.
 */
export function promoCodeAsFound(req: FastifyRequest, sessionId: string): number | null | undefined {
  const live = liveIn.get(req);
  return live?.id === sessionId ? live.promoCodeId : undefined;
}

export interface SessionDeps {
  sessions: SessionsRepository;
  config: ServerConfig;
  now: () => number;
}

async function issue(
  deps: SessionDeps,
  req: FastifyRequest,
  reply: FastifyReply,
  id = randomBytes(24).toString("base64url"),
): Promise<string> {
  const now = deps.now();
  await deps.sessions.insert(id, now, now + THIRTY_DAYS_S * 1000);
  reply.setCookie(SESSION_COOKIE, id, {
    httpOnly: true,
    sameSite: "lax",
    secure: deps.config.cookieSecure,
    path: "/",
    maxAge: THIRTY_DAYS_S,
  });
  // a second call within the same request must see the same session
  req.cookies[SESSION_COOKIE] = id;
  // a new session carries no promo code
  liveIn.set(req, { id, promoCodeId: null });
  return id;
}

/**
 * The visitor's session id from its HttpOnly cookie, when it names a live session this server
 * issued; undefined otherwise (no cookie, planted, made up, expired, or replaced by an order).
 * Reads nothing but the sessions table (once a request) and writes nothing.
 */
export async function currentSession(deps: SessionDeps, req: FastifyRequest): Promise<string | undefined> {
  const current = req.cookies[SESSION_COOKIE];
  if (current === undefined || !SESSION_RE.test(current)) return undefined;
  return (await isLive(deps, req, current)) === "valid" ? current : undefined;
}

/** An id that names no session: for a visitor without one, stored nowhere and never set as a cookie. */
function passingId(req: FastifyRequest): string {
  const passing = randomBytes(24).toString("base64url");
  req.cookies[SESSION_COOKIE] = passing;
  return passing;
}

/**
 * For a request that only reads: the visitor's session, or for a visitor without one an id that
 * names nothing (an empty basket, no orders). Nothing is stored and no cookie is set, so a
 * stranger's requests that change nothing leave nothing behind.
 */
export async function readSession(deps: SessionDeps, req: FastifyRequest): Promise<string> {
  return (await currentSession(deps, req)) ?? passingId(req);
}

/** A request sent with an id an order replaced a moment ago, before the order's answer brought the new cookie. */
const sessionReplaced = () =>
  conflict(
    "this page's session was replaced when an order was made a moment ago; reload the page and try again",
    "session_replaced",
  );

/**
 * For a request that writes: runs `write` under the visitor's session. A visitor without one
 * gets a new session only when `write` succeeded, so a refused change creates nothing. A request
 * with an id an order replaced a moment ago (sent before the order's answer brought the new
 * cookie) is refused (409 session_replaced): written under a made-up id, its change would hold
 * tickets nobody can see, and a new cookie would overwrite the one that keeps the order.
 */
export async function writeSession<T>(
  deps: SessionDeps,
  req: FastifyRequest,
  reply: FastifyReply,
  write: (sessionId: string) => Promise<T> | T,
): Promise<T> {
  const current = req.cookies[SESSION_COOKIE];
  if (current !== undefined && SESSION_RE.test(current)) {
    const state = await isLive(deps, req, current);
    if (state === "valid") return write(current);
    if (state === "rotated") throw sessionReplaced();
  }
  return inNewSession(deps, req, reply, write);
}

/** Runs `write` under a new session id, stored (and its cookie set) only when the write succeeded. */
async function inNewSession<T>(
  deps: SessionDeps,
  req: FastifyRequest,
  reply: FastifyReply,
  write: (sessionId: string) => Promise<T> | T,
): Promise<T> {
  const id = randomBytes(24).toString("base64url");
  req.cookies[SESSION_COOKIE] = id;
  const result = await write(id);
  // the write may have replaced the session itself (rotation): then the new one is already set
  if (req.cookies[SESSION_COOKIE] === id) await issue(deps, req, reply, id);
  return result;
}

/** What a write that checked the session itself found: not live, and the write changed nothing. */
export class SessionNotLive extends Error {
  constructor(readonly state: "rotated" | "unknown") {
    super(`the session is ${state}`);
  }
}

/**
 * The session a write runs under before the request knows it is live. The write confirms it: itself, in the
 * statement that writes (then `foundLive`), or by `confirm` before it writes anything else. Either throws
 * SessionNotLive when it is not, having changed nothing.
 */
export interface SessionToCheck {
  readonly id: string;
  /** whether this request already knows the session is live (a new one, or one it has read) */
  readonly live: boolean;
  confirm(): Promise<void>;
  foundLive(promoCodeId: number | null): void;
}

function toCheck(deps: SessionDeps, req: FastifyRequest, id: string): SessionToCheck {
  return {
    id,
    get live() {
      return liveIn.get(req)?.id === id;
    },
    async confirm() {
      const state = await isLive(deps, req, id);
      if (state !== "valid") throw new SessionNotLive(state);
    },
    foundLive(promoCodeId) {
      liveIn.set(req, { id, promoCodeId });
    },
  };
}

/**
 * `writeSession` for a write that checks the session itself, saving the read before it: as `writeSession`, a
 * session replaced a moment ago is refused (409 session_replaced) and one that is unknown is replaced by a new
 * one when the write succeeds. `withoutSession`, when given, answers instead for a visitor without a live
 * session (a removal from a basket nobody has).
 */
export async function writeCheckingSession<T>(
  deps: SessionDeps,
  req: FastifyRequest,
  reply: FastifyReply,
  write: (session: SessionToCheck) => Promise<T>,
  withoutSession?: () => Promise<T>,
): Promise<T> {
  const current = req.cookies[SESSION_COOKIE];
  if (current !== undefined && SESSION_RE.test(current)) {
    try {
      return await write(toCheck(deps, req, current));
    } catch (err) {
      if (!(err instanceof SessionNotLive)) throw err;
      if (withoutSession) return withoutSession();
      if (err.state === "rotated") throw sessionReplaced();
    }
  } else if (withoutSession) return withoutSession();
  // a new session is live by making: nothing to check
  return inNewSession(deps, req, reply, (id) =>
    write({ id, live: true, confirm: async () => {}, foundLive: () => {} }),
  );
}

/**
 * A new session id in place of `old`, keeping its orders (an order was just made): whoever
 * knew the old id before the purchase cannot follow the buyer past it.
 */
export async function rotateSession(
  deps: SessionDeps,
  old: string,
  req: FastifyRequest,
  reply: FastifyReply,
): Promise<string> {
  const id = await issue(deps, req, reply);
  const now = deps.now();
  await deps.sessions.move(old, id, now, now + ROTATION_GRACE_MS);
  return id;
}
