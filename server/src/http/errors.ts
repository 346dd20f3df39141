import type { Socket } from "node:net";
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import fp from "fastify-plugin";
import { HttpError } from "../lib/errors";
import { assertWellFormed } from "../lib/validate";

const utf8 = new TextDecoder("utf-8", { fatal: true });

/** The deepest nesting of arrays and objects a JSON body may have; deeper is refused before it is parsed. */
export const MAX_JSON_DEPTH = 32;

/**
 * Whether JSON text nests arrays and objects deeper than `max`, read without parsing it (strings
 * skipped), so that a body like 8,000 "[" never reaches a recursive walk.
 */
export function nestsDeeperThan(text: string, max: number): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 0x5c)
        i++; // backslash: skip the escaped character
      else if (c === 0x22) inString = false;
    } else if (c === 0x22) inString = true;
    else if (c === 0x5b || c === 0x7b) {
      if (++depth > max) return true;
    } else if (c === 0x5d || c === 0x7d) depth--;
  }
  return false;
}

/** SQLite could not grow the database file: the disk (or the database's size limit) is full. */
const isStorageFull = (err: unknown): boolean =>
  typeof err === "object" && err !== null && (err as { code?: unknown }).code === "SQLITE_FULL";

/** The charset parameter of a Content-Type, lower-cased, or undefined. */
function charsetOf(contentType: string | undefined): string | undefined {
  const m = /;\s*charset\s*=\s*"?([^";\s]+)"?/i.exec(contentType ?? "");
  return m?.[1]?.toLowerCase();
}

/**
 * JSON bodies and every error the HTTP layer raises answered as {detail, code}: bodies are
 * UTF-8 JSON (another charset, bytes that are not UTF-8, or strings with lone surrogates are
 * a 400), any other content type is a 400 that says what to send.
 */
async function errorsPlugin(app: FastifyInstance, opts: { bodyLimit: number }): Promise<void> {
  // an empty body is "no body" for GET and DELETE (some clients send the header anyway), and malformed JSON elsewhere
  app.removeContentTypeParser("application/json");
  // Fastify reads text/plain by default; every body here is JSON (the acquirer's page adds its form parser itself)
  app.removeContentTypeParser("text/plain");
  app.addContentTypeParser("application/json", { parseAs: "buffer" }, (req, body, done) => {
    const charset = charsetOf(req.headers["content-type"]);
    if (charset !== undefined && charset !== "utf-8" && charset !== "utf8") {
      return done(
        new HttpError(
          400,
          `the body must be JSON in UTF-8; charset=${charset.slice(0, 40)} is not accepted`,
          "unsupported_media_type",
        ),
        undefined,
      );
    }
    let text: string;
    try {
      text = utf8.decode(body as Buffer);
    } catch {
      return done(new HttpError(400, "the body is not valid UTF-8", "invalid_text"), undefined);
    }
    if (text.trim() === "") {
      if (req.method === "GET" || req.method === "DELETE") return done(null, undefined);
      return done(new HttpError(400, "the body is empty; expected JSON", "invalid_json"), undefined);
    }
    if (nestsDeeperThan(text, MAX_JSON_DEPTH)) {
      return done(
        new HttpError(400, `the body nests arrays or objects deeper than ${MAX_JSON_DEPTH} levels`, "invalid_json"),
        undefined,
      );
    }
    let value: unknown;
    try {
      value = JSON.parse(text);
    } catch (err) {
      return done(
        new HttpError(400, `the body is not valid JSON: ${(err as Error).message}`, "invalid_json"),
        undefined,
      );
    }
    try {
      assertWellFormed(value);
    } catch (err) {
      return done(err as HttpError, undefined);
    }
    done(null, value);
  });

  app.setErrorHandler((err: FastifyError | HttpError, req, reply) => {
    if (err instanceof HttpError) {
      reply.headers(err.headers);
      return reply.code(err.statusCode).send({ detail: err.detail, code: err.code ?? "bad_request" });
    }
    if (isStorageFull(err)) {
      // nothing was changed (the transaction rolled back); reads still work
      req.log.error(err);
      return reply.code(503).header("Retry-After", "60").send({
        detail: "the server's storage is full, so nothing could be saved; nothing was changed. Please try again later",
        code: "storage_full",
      });
    }
    const code = (err as FastifyError).code;
    const status = (err as FastifyError).statusCode ?? 500;
    if (code === "FST_ERR_CTP_BODY_TOO_LARGE") {
      // the route's own limit when it has one (the acquirer's form), else the server's
      const limit = req.routeOptions?.bodyLimit ?? opts.bodyLimit;
      const size = limit % 1024 === 0 ? `${limit / 1024} KiB` : `${limit} bytes`;
      return reply.code(413).send({ detail: `the body is larger than ${size}`, code: "body_too_large" });
    }
    if (
      code === "FST_ERR_CTP_INVALID_JSON_BODY" ||
      code === "FST_ERR_CTP_EMPTY_JSON_BODY" ||
      err instanceof SyntaxError
    ) {
      return reply.code(400).send({ detail: `the body is not valid JSON: ${err.message}`, code: "invalid_json" });
    }
    if (code === "FST_ERR_CTP_INVALID_CONTENT_LENGTH") {
      return reply.code(400).send({ detail: "Content-Length does not match the body", code: "bad_request" });
    }
    if (code === "FST_ERR_CTP_INVALID_MEDIA_TYPE" || code === "FST_ERR_CTP_INVALID_TYPE") {
      const type = String(req.headers["content-type"] ?? "none").slice(0, 60);
      return reply.code(400).send({
        detail: `the body must be JSON sent with Content-Type: application/json (got ${type})`,
        code: "unsupported_media_type",
      });
    }
    if (status >= 400 && status < 500) return reply.code(status).send({ detail: err.message, code: "bad_request" });
    req.log.error(err);
    return reply.code(500).send({ detail: "internal server error", code: "internal" });
  });

  // Node's own answer to a request without Host has no body: HTTP/1.1 requires one, and says so here
  app.addHook("onRequest", async (req) => {
    if (req.raw.httpVersion === "1.1" && req.headers.host === undefined) {
      throw new HttpError(400, "the request has no Host header, which HTTP/1.1 requires", "bad_request");
    }
  });

  app.setNotFoundHandler((req, reply) => {
    reply
      .code(404)
      .send({ detail: `no such path: ${req.method} ${req.url.split("?")[0]!.slice(0, 200)}`, code: "not_found" });
  });
}

export const httpErrors = fp(errorsPlugin, { name: "http-errors", fastify: "5.x" });

/** Errors Fastify's router raises before any route (a URL it cannot decode). */
export function frameworkErrors(err: FastifyError, _req: FastifyRequest, reply: FastifyReply): void {
  reply.code(400).send({ detail: `the request address cannot be read: ${err.message}`, code: "bad_request" });
}

/**
 * Errors Node's HTTP parser raises before Fastify sees a request (a request line or headers
 * too large, a malformed request): answered with the same {detail, code} body and the
 * connection closed.
 */
export function clientErrorHandler(err: Error & { code?: string; rawPacket?: unknown }, socket: Socket): void {
  if (!socket.writable) {
    socket.destroy();
    return;
  }
  let status = 400;
  let body = { detail: "the request is malformed", code: "bad_request" };
  if (err.code === "HPE_HEADER_OVERFLOW") {
    // the parser stops at the size limit: if the request line never ended, the address was too long
    const raw = Buffer.isBuffer(err.rawPacket) ? err.rawPacket.toString("latin1") : "";
    const line = raw.indexOf("\r\n");
    if (line === -1 || line > 8 * 1024) {
      status = 414;
      body = { detail: "the request address is too long", code: "uri_too_long" };
    } else {
      status = 431;
      body = { detail: "the request headers are too large", code: "headers_too_large" };
    }
  } else if (err.code === "ERR_HTTP_REQUEST_TIMEOUT") {
    status = 408;
    body = { detail: "the request took too long to arrive", code: "request_timeout" };
  }
  const text = JSON.stringify(body);
  const reason = {
    400: "Bad Request",
    408: "Request Timeout",
    414: "URI Too Long",
    431: "Request Header Fields Too Large",
  }[status];
  socket.end(
    `HTTP/1.1 ${status} ${reason}\r\nContent-Type: application/json; charset=utf-8\r\nContent-Length: ${Buffer.byteLength(text)}\r\nConnection: close\r\n\r\n${text}`,
  );
}
