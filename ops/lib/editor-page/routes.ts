/**
 * The editors' page's addresses, under /editor/ on the publisher:
 *
 *   GET  /editor/              the dashboard (signed in) or the sign-in form
 *   POST /editor/login         token -> session cookie; POST /editor/logout ends it
 *   GET  /editor/panel         the dashboard's changing part (editor.js fetches it), 401 when signed out
 *   POST /editor/publish       "Publish now" (force=1: "Publish anyway" after the gate refused a drop),
 *                              then the dashboard with ?requested=<time>: a banner follows that publish
 *   GET  /editor/rollback?release=0005   the confirmation; POST /editor/rollback does it
 *   GET  /editor/editor.css, /editor/editor.js
 *
 * Every POST passes the Origin check and, signed in, the session's CSRF token. Answers are
 * never cached and carry a strict CSP (scripts and styles from the publisher only).
 */
import { readFileSync } from "node:fs";
import type { IncomingMessage, ServerResponse } from "node:http";
import path from "node:path";
import { type EditorView, renderConfirm, renderDashboard, renderLogin, renderMessage, renderPanel } from "./render";
import { clearedSessionCookie, EditorSessions, isHttps, parseCookies, sameOrigin, sessionCookie } from "./session";
import { type EditorLang, pickLanguage, textsFor } from "./texts";

export interface EditorBackend {
  view(): Omit<EditorView, "csrf" | "notice">;
  publishNow(force: boolean): void;
  rollback(release: string): void;
  release(name: string): { name: string; createdAt: string | null } | null;
}

const ASSETS: Record<string, { file: string; type: string }> = {
  "/editor/editor.css": { file: "editor.css", type: "text/css; charset=utf-8" },
  "/editor/editor.js": { file: "editor.js", type: "application/javascript; charset=utf-8" },
};

const SECURITY_HEADERS: Record<string, string> = {
  "content-security-policy":
    "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self'; connect-src 'self'; form-action 'self'; frame-ancestors 'none'; base-uri 'none'",
  "x-frame-options": "DENY",
  "x-content-type-options": "nosniff",
  // same-origin, not no-referrer: with no-referrer a browser sends "Origin: null" on form posts
  "referrer-policy": "same-origin",
  "cache-control": "no-store",
};

const LANG_COOKIE = "editor_lang";

function send(
  res: ServerResponse,
  status: number,
  body: string,
  headers: Record<string, string | string[]> = {},
): void {
  res.writeHead(status, { "content-type": "text/html; charset=utf-8", ...SECURITY_HEADERS, ...headers });
  res.end(body);
}

function redirect(res: ServerResponse, location: string, cookies: string[] = []): void {
  res.writeHead(303, { location, ...SECURITY_HEADERS, ...(cookies.length ? { "set-cookie": cookies } : {}) });
  res.end();
}

export class EditorPage {
  readonly sessions: EditorSessions;
  private readonly assets = new Map<string, string>();

  constructor(
    token: string,
    private readonly backend: EditorBackend,
  ) {
    this.sessions = new EditorSessions(token);
    for (const [address, asset] of Object.entries(ASSETS))
      this.assets.set(address, readFileSync(path.join(__dirname, asset.file), "utf8"));
  }

  /** Handles the request when it is the page's; false for any other address. */
  async handle(
    req: IncomingMessage,
    res: ServerResponse,
    url: URL,
    readBody: () => Promise<Buffer | null>,
  ): Promise<boolean> {
    const pathname = url.pathname;
    if (pathname !== "/editor" && !pathname.startsWith("/editor/")) return false;
    const cookies = parseCookies(req.headers.cookie);
    const asked = url.searchParams.get("lang");
    const lang = pickLanguage(asked, cookies[LANG_COOKIE], req.headers["accept-language"] as string | undefined);
    const langCookie =
      asked === lang ? [`${LANG_COOKIE}=${lang}; Path=/editor; SameSite=Strict; Max-Age=31536000`] : [];
    const t = textsFor(lang);
    const session = this.sessions.find(req);
    const secure = isHttps(req);

    if (pathname === "/editor") {
      redirect(res, "/editor/");
      return true;
    }
    const asset = ASSETS[pathname];
    if (asset && (req.method === "GET" || req.method === "HEAD")) {
      res.writeHead(200, { "content-type": asset.type, ...SECURITY_HEADERS, "cache-control": "no-cache" });
      res.end(this.assets.get(pathname));
      return true;
    }

    if (req.method === "GET" || req.method === "HEAD") {
      if (pathname === "/editor/") {
        if (!session) {
          send(
            res,
            200,
            renderLogin(lang, url.searchParams.has("signedout") ? { notice: String(t("login.signedOut")) } : {}),
            {
              "set-cookie": langCookie,
            },
          );
          return true;
        }
        const notice = url.searchParams.get("done") === "rollback" ? t("queue.rollbackRequested") : undefined;
        send(
          res,
          200,
          renderDashboard(lang, { ...this.backend.view(), csrf: session.csrf, notice, requestedAt: requestedAt(url) }),
          { "set-cookie": langCookie },
        );
        return true;
      }
      if (pathname === "/editor/panel") {
        if (!session) {
          send(res, 401, "", { "content-type": "text/plain; charset=utf-8" });
          return true;
        }
        send(
          res,
          200,
          renderPanel(lang, { ...this.backend.view(), csrf: session.csrf, requestedAt: requestedAt(url) }),
        );
        return true;
      }
      if (pathname === "/editor/rollback") {
        if (!session) {
          redirect(res, "/editor/");
          return true;
        }
        const requested = url.searchParams.get("release") ?? "";
        if (!/^\d{4,}$/.test(requested)) {
          send(res, 400, renderMessage(lang, t("error.badRelease")));
          return true;
        }
        send(res, 200, renderConfirm(lang, this.backend.release(requested), requested, session.csrf));
        return true;
      }
      send(res, 404, renderMessage(lang, escapeText(`${pathname}`)));
      return true;
    }

    if (req.method !== "POST") {
      send(res, 405, renderMessage(lang, "405"), { allow: "GET, POST" });
      return true;
    }
    const body = await readBody();
    const form = new URLSearchParams(body ? body.toString("utf8") : "");
    const formLang = pickLanguage(form.get("lang"), cookies[LANG_COOKIE], undefined);
    if (!sameOrigin(req)) {
      send(res, 403, renderMessage(lang, t("error.csrf")));
      return true;
    }
    if (pathname === "/editor/login") {
      const client = req.socket.remoteAddress ?? "?";
      const result = this.sessions.signIn(form.get("token") ?? "", client);
      if (result === "wrong" || result === "too many") {
        const tt = textsFor(formLang);
        send(
          res,
          result === "wrong" ? 401 : 429,
          renderLogin(formLang, { error: String(tt(result === "wrong" ? "login.wrong" : "login.tooMany")) }),
        );
        return true;
      }
      redirect(res, `/editor/?lang=${formLang}`, [sessionCookie(result, secure)]);
      return true;
    }
    if (!session) {
      send(res, 401, renderLogin(lang));
      return true;
    }
    if (!this.sessions.validCsrf(session, form.get("csrf"))) {
      send(res, 403, renderMessage(lang, t("error.csrf")));
      return true;
    }
    if (pathname === "/editor/logout") {
      this.sessions.signOut(session);
      redirect(res, "/editor/?signedout=1", [clearedSessionCookie(secure)]);
      return true;
    }
    if (pathname === "/editor/publish") {
      this.backend.publishNow(form.get("force") === "1");
      // the page then shows what becomes of this request (requested, building, ..., live)
      redirect(res, `/editor/?requested=${Date.now()}`);
      return true;
    }
    if (pathname === "/editor/rollback") {
      const release = form.get("release") ?? "";
      if (!/^\d{4,}$/.test(release) || !this.backend.release(release)) {
        send(res, 400, renderMessage(lang, t("error.badRelease")));
        return true;
      }
      this.backend.rollback(release);
      redirect(res, "/editor/?done=rollback");
      return true;
    }
    send(res, 404, renderMessage(lang, escapeText(pathname)));
    return true;
  }
}

/** When this editor asked for a publish (?requested=<epoch ms>, set by the redirect after it). */
function requestedAt(url: URL): number | null {
  const value = url.searchParams.get("requested");
  return value && /^[0-9]{1,15}$/.test(value) ? Number(value) : null;
}

function escapeText(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

export type { EditorLang };
