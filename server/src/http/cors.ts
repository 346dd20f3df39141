import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import fp from "fastify-plugin";
import { siteOriginCheck } from "../config";

const STATE_CHANGING = new Set(["POST", "PUT", "PATCH", "DELETE"]);

/**
 * The path as the router will see it: percent-decoded (so /%61pi is /api), without the query
 * and with runs of slashes collapsed. A path that cannot be decoded is returned raw; the router
 * refuses it anyway.
 */
export function normalisedPath(url: string): string {
  const raw = url.split("?", 1)[0]!.split("#", 1)[0]!;
  let path = raw;
  try {
    path = decodeURIComponent(raw);
  } catch {
    /* left raw */
  }
  return path.replace(/\/{2,}/g, "/");
}

const isApiPath = (path: string): boolean => path === "/api" || path.startsWith("/api/");

export interface CorsOptions {
  /** the site origins allowed to call /api/* with credentials */
  siteOrigins: string[];
  /** paths that check their callers themselves (the acquirer's page posts to its own origin) */
  exempt: (path: string) => boolean;
}

/**
 * CORS, and the rule against cross-site requests: a state-changing request whose Origin
 * header names a site other than the configured ones is refused (403 origin_not_allowed)
 * on every path, however it is spelt, before anything else runs. No Origin header means a
 * client that is not a browser, and is not refused for that.
 */
async function corsPlugin(app: FastifyInstance, opts: CorsOptions): Promise<void> {
  const isSiteOrigin = siteOriginCheck(opts.siteOrigins);

  const refuse = (reply: FastifyReply, origin: string | undefined) =>
    reply.code(403).send({
      detail: `origin ${origin ?? "(none)"} is not allowed to change anything here`,
      code: "origin_not_allowed",
    });

  app.addHook("onRequest", async (req: FastifyRequest, reply: FastifyReply) => {
    const origin = req.headers.origin;
    const path = normalisedPath(req.url);
    const siteOrigin = origin !== undefined && isSiteOrigin(origin);
    if (STATE_CHANGING.has(req.method) && origin !== undefined && !siteOrigin && !opts.exempt(path))
      return refuse(reply, origin);

    if (isApiPath(path)) {
      reply.header("Vary", "Origin");
      if (siteOrigin) {
        reply.header("Access-Control-Allow-Origin", origin);
        reply.header("Access-Control-Allow-Credentials", "true");
        reply.header("Access-Control-Expose-Headers", "Retry-After");
      }
      if (req.method === "OPTIONS") {
        if (!siteOrigin) return refuse(reply, origin);
        reply.header("Access-Control-Allow-Methods", "GET, POST, DELETE, OPTIONS");
        reply.header("Access-Control-Allow-Headers", req.headers["access-control-request-headers"] ?? "Content-Type");
        reply.header("Access-Control-Max-Age", "600");
        return reply.code(204).send();
      }
      return;
    }
    if (path.startsWith("/sandbox-acquirer/")) return;
    reply.header("Access-Control-Allow-Origin", "*");
    reply.header("Access-Control-Expose-Headers", "Retry-After");
    if (req.method === "OPTIONS") {
      reply.header(
        "Access-Control-Allow-Methods",
        path.startsWith("/__faults") ? "GET, PUT, OPTIONS" : "GET, HEAD, OPTIONS",
      );
      reply.header("Access-Control-Allow-Headers", req.headers["access-control-request-headers"] ?? "Content-Type");
      reply.header("Access-Control-Max-Age", "86400");
      return reply.code(204).send();
    }
  });
}

export const cors = fp(corsPlugin, { name: "cors-and-origin-rule", fastify: "5.x" });
