/**
 * Editors' sign-in for the publisher's page: the publishing token once, then a session
 * cookie (random 256-bit id, HttpOnly, SameSite=Strict, Path=/editor, Secure behind https),
 * kept in memory for 8 hours (a restart of the publisher signs everyone out).
 *
 * Every POST is checked twice against cross-site requests: its Origin (or, without one,
 * Sec-Fetch-Site) must be this site, and a session's POST carries the session's own CSRF
 * token in a form field, compared in constant time. Failed sign-ins are limited per client
 * address (10 a minute).
 */
import { createHash, randomBytes, timingSafeEqual } from "node:crypto";
import type { IncomingMessage } from "node:http";

export const SESSION_COOKIE = "editor_session";
export const SESSION_MS = 8 * 60 * 60 * 1000;
const FAILED_LOGINS_PER_MINUTE = 10;

export interface EditorSession {
  id: string;
  csrf: string;
  expiresAt: number;
}

export function sameSecret(given: string, expected: string): boolean {
  const a = createHash("sha256").update(given).digest();
  const b = createHash("sha256").update(expected).digest();
  return timingSafeEqual(a, b);
}

export function parseCookies(header: string | undefined): Record<string, string> {
  const cookies: Record<string, string> = {};
  for (const part of (header ?? "").split(";")) {
    const eq = part.indexOf("=");
    if (eq < 0) continue;
    const name = part.slice(0, eq).trim();
    if (!name || name in cookies) continue;
    try {
      cookies[name] = decodeURIComponent(part.slice(eq + 1).trim());
    } catch {
      /* an undecodable value is no value */
    }
  }
  return cookies;
}

/** Whether the request came over https (directly or through the reverse proxy in front). */
export function isHttps(req: IncomingMessage): boolean {
  return (
    process.env.PUBLISHER_COOKIE_SECURE === "1" ||
    String(req.headers["x-forwarded-proto"] ?? "")
      .split(",")[0]
      ?.trim() === "https"
  );
}

/**
 * A POST from a page of this site: the Origin names this host, or (a browser that sends
 * none) Sec-Fetch-Site says same-origin. A request with neither is no browser's cross-site
 * form post (browsers send Origin on every POST), so it passes to the token check.
 */
export function sameOrigin(req: IncomingMessage): boolean {
  const origin = req.headers.origin;
  const host = req.headers["x-forwarded-host"] ?? req.headers.host;
  if (typeof origin === "string" && origin !== "null") {
    try {
      return new URL(origin).host === String(host);
    } catch {
      return false;
    }
  }
  if (origin === "null") return false;
  const site = req.headers["sec-fetch-site"];
  return site === undefined || site === "same-origin" || site === "none";
}

export class EditorSessions {
  private readonly sessions = new Map<string, EditorSession>();
  private readonly failures = new Map<string, number[]>();

  constructor(
    private readonly token: string,
    private readonly now: () => number = Date.now,
  ) {}

  /** The session for the token, or why not: wrong token, or too many failures from this address. */
  signIn(given: string, client: string): EditorSession | "wrong" | "too many" {
    const now = this.now();
    const recent = (this.failures.get(client) ?? []).filter((at) => now - at < 60_000);
    if (recent.length >= FAILED_LOGINS_PER_MINUTE) return "too many";
    if (!given || !sameSecret(given, this.token)) {
      recent.push(now);
      this.failures.set(client, recent);
      return "wrong";
    }
    this.failures.delete(client);
    this.sweep(now);
    const session: EditorSession = {
      id: randomBytes(32).toString("base64url"),
      csrf: randomBytes(32).toString("base64url"),
      expiresAt: now + SESSION_MS,
    };
    this.sessions.set(session.id, session);
    return session;
  }

  /** The live session named by the request's cookie. */
  find(req: IncomingMessage): EditorSession | null {
    const id = parseCookies(req.headers.cookie)[SESSION_COOKIE];
    if (!id) return null;
    const session = this.sessions.get(id);
    if (!session) return null;
    if (session.expiresAt <= this.now()) {
      this.sessions.delete(id);
      return null;
    }
    return session;
  }

  signOut(session: EditorSession): void {
    this.sessions.delete(session.id);
  }

  /** The form's CSRF token is the session's own. */
  validCsrf(session: EditorSession, given: unknown): boolean {
    return typeof given === "string" && given.length > 0 && sameSecret(given, session.csrf);
  }

  private sweep(now: number): void {
    for (const [id, session] of this.sessions) if (session.expiresAt <= now) this.sessions.delete(id);
    for (const [client, times] of this.failures)
      if (times.every((at) => now - at >= 60_000)) this.failures.delete(client);
  }
}

export function sessionCookie(session: EditorSession, secure: boolean): string {
  return `${SESSION_COOKIE}=${session.id}; Path=/editor; HttpOnly; SameSite=Strict; Max-Age=${SESSION_MS / 1000}${secure ? "; Secure" : ""}`;
}

export function clearedSessionCookie(secure: boolean): string {
  return `${SESSION_COOKIE}=; Path=/editor; HttpOnly; SameSite=Strict; Max-Age=0${secure ? "; Secure" : ""}`;
}
