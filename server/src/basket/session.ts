import { randomBytes } from "node:crypto";
import type { FastifyReply, FastifyRequest } from "fastify";
import type { ServerConfig } from "../config";
import type { SessionsRepository } from "../db/repositories/sessions-repository";

export const SESSION_COOKIE = "session";
const SESSION_RE = /^[A-Za-z0-9_-]{32}$/;
const THIRTY_DAYS_S = 30 * 24 * 3600;
/** How long a replaced id is recognised (requests sent before the new cookie arrived). */
const ROTATION_GRACE_MS = 2 * 60_000;

export interface SessionDeps {
  sessions: SessionsRepository;
  config: ServerConfig;
  now: () => number;
}

function issue(deps: SessionDeps, req: FastifyRequest, reply: FastifyReply): string {
  const id = randomBytes(24).toString("base64url");
  const now = deps.now();
  deps.sessions.insert(id, now, now + THIRTY_DAYS_S * 1000);
  reply.setCookie(SESSION_COOKIE, id, {
    httpOnly: true,
    sameSite: "lax",
    secure: deps.config.cookieSecure,
    path: "/",
    maxAge: THIRTY_DAYS_S,
  });
  // a second call within the same request must see the same session
  req.cookies[SESSION_COOKIE] = id;
  return id;
}

/**
 * The visitor's session id from its HttpOnly cookie. Only ids this server issued count: a
 * cookie naming any other (planted by someone else, or expired) gets a new session, so
 * nobody can choose another visitor's session id for them.
 */
export function sessionOf(deps: SessionDeps, req: FastifyRequest, reply: FastifyReply): string {
  const current = req.cookies[SESSION_COOKIE];
  if (current !== undefined && SESSION_RE.test(current)) {
    const state = deps.sessions.state(current, deps.now());
    if (state === "valid") return current;
    if (state === "rotated") {
      // A request that left before the order's answer brought the new cookie: it must not see the
      // old session (it is dead), nor overwrite the new cookie with yet another one. It is answered
      // as a visitor without a session: a fresh id, neither stored nor set.
      const passing = randomBytes(24).toString("base64url");
      req.cookies[SESSION_COOKIE] = passing;
      return passing;
    }
  }
  return issue(deps, req, reply);
}

/**
 * A new session id in place of `old`, keeping its orders (an order was just made): whoever
 * knew the old id before the purchase cannot follow the buyer past it.
 */
export function rotateSession(deps: SessionDeps, old: string, req: FastifyRequest, reply: FastifyReply): string {
  const id = issue(deps, req, reply);
  const now = deps.now();
  deps.sessions.move(old, id, now, now + ROTATION_GRACE_MS);
  return id;
}
