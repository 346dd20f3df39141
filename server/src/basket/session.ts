import { randomBytes } from "node:crypto";
import type { FastifyReply, FastifyRequest } from "fastify";

export const SESSION_COOKIE = "session";
const SESSION_RE = /^[A-Za-z0-9_-]{32}$/;
const THIRTY_DAYS_S = 30 * 24 * 3600;

/** The visitor's session id from its HttpOnly cookie, minting and setting one on first contact. */
export function sessionOf(req: FastifyRequest, reply: FastifyReply): string {
  const current = req.cookies[SESSION_COOKIE];
  if (current !== undefined && SESSION_RE.test(current)) return current;
  const id = randomBytes(24).toString("base64url");
  reply.setCookie(SESSION_COOKIE, id, { httpOnly: true, sameSite: "lax", path: "/", maxAge: THIRTY_DAYS_S });
  // a second call within the same request must see the same session
  req.cookies[SESSION_COOKIE] = id;
  return id;
}
