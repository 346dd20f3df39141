/**
 * Serves the built site (public/) the way the CDN and the nginx origin do, from the same
 * rules: the build's public/_redirects and public/_headers (lib/cdn-rule-files.ts), and
 * the rule model's trailing slash and compression (src/core/cdn-rules.ts). It carries them out:
 *
 * - a file is served as it is; a folder without its trailing slash redirects (301) to it
 *   ("/events" -> "/events/"), with a path that never leaves the site;
 * - client-only order routes (/order/pay/..., the same under /ru, /ar, ...) get their
 *   page's index.html with status 200;
 * - anything else gets the 404 page of the path's language with status 404, and so do
 *   build artefacts that are not for visitors (source maps, webpack stats, the rules files);
 * - headers by the rules of the file that answers as itself (hashed assets immutable for a
 *   year, the rest revalidated; a redirect or an error page never immutable), and the
 *   security headers (CSP, X-Frame-Options, ...) on every answer, redirects and errors too;
 * - precompressed .br/.gz files when the browser accepts them, gzip on the fly otherwise.
 *
 * `npm run serve`; PORT (default 9000), HOST (default 127.0.0.1) and PUBLIC_DIR (default
 * public) from the environment.
 */
import { createReadStream, type Stats } from "node:fs";
import { stat } from "node:fs/promises";
import {
  createServer,
  type IncomingMessage,
  type OutgoingHttpHeaders,
  type Server,
  type ServerResponse,
} from "node:http";
import { extname, join, relative, resolve, sep } from "node:path";
import { fileURLToPath } from "node:url";
import { createGzip } from "node:zlib";
import { readCdnRules } from "../lib/cdn-rule-files";
import {
  type CdnRules,
  CONTENT_TYPES,
  FOLDER_REDIRECT,
  folderLocation,
  headersForAnswer,
  isCompressible,
  isHiddenPath,
  matchRedirect,
  normalizePath,
  ON_THE_FLY_ENCODING,
  PRECOMPRESSED,
} from "../src/core/cdn-rules";
import { helpAsked } from "../src/core/command-help";
import { notFoundFileFor } from "../src/core/routes";
import { readBuildConfig } from "../src/core/site-config";

const USAGE = `usage: npm run serve   the built site with the CDN's rules
settings: PORT (9000), HOST (127.0.0.1), PUBLIC_DIR (public)`;

export interface Resolved {
  status: number;
  /** the file that answers, absolute */
  file?: string;
  location?: string;
}

async function statOrNull(file: string): Promise<Stats | null> {
  try {
    return await stat(file);
  } catch {
    return null;
  }
}

const isFile = async (file: string) => (await statOrNull(file))?.isFile() === true;

/** What answers a request path: a file with its status, a redirect, or an error status. */
export async function resolveRequest(
  root: string,
  rules: CdnRules,
  rawPath: string,
  search: string,
): Promise<Resolved> {
  const sitePath = normalizePath(rawPath);
  if (sitePath === null) return { status: 400 };
  const full = join(root, sitePath);

  const hidden = isHiddenPath(sitePath);
  if (!hidden) {
    const found = await statOrNull(full);
    if (found?.isFile()) return { status: 200, file: full };
    if (found?.isDirectory()) {
      // built from the normalized path: "/.//evil.com/..%2fevents" goes to "/events/", on this site
      if (!sitePath.endsWith("/"))
        return { status: FOLDER_REDIRECT.status, location: folderLocation(sitePath, search) };
      const index = join(full, "index.html");
      if (await isFile(index)) return { status: 200, file: index };
    }
  }

  // a hidden path is an unknown one, even under a client-only route
  const rule = hidden ? undefined : matchRedirect(rules, sitePath, false);
  const target = rule?.to ?? notFoundFileFor(sitePath);
  const status = rule?.status ?? 404;
  const file = join(root, target);
  if (await isFile(file)) return { status, file };
  return { status: 404 };
}

/** The path as sent, before any decoding. */
function requestPath(url: string): string {
  const query = url.indexOf("?");
  return query < 0 ? url : url.slice(0, query);
}

function acceptsEncoding(req: IncomingMessage, encoding: string): boolean {
  const accept = String(req.headers["accept-encoding"] ?? "");
  return accept.split(",").some((part) => {
    const [name, ...params] = part.trim().split(";");
    return name?.trim().toLowerCase() === encoding && !params.some((p) => /^\s*q=0(\.0*)?\s*$/.test(p));
  });
}

export async function loadRules(rootDir: string): Promise<CdnRules> {
  return readCdnRules(rootDir, readBuildConfig(process.env));
}

export function createSiteServer(rootDir: string, rules: CdnRules): Server {
  const root = resolve(rootDir);
  return createServer((req: IncomingMessage, res: ServerResponse) => {
    void handle(root, rules, req, res).catch((error: unknown) => {
      console.error(error);
      if (!res.headersSent) {
        res.writeHead(500, { ...headersForAnswer(rules, null), "content-type": "text/plain; charset=utf-8" });
        res.end("Internal Server Error");
      } else res.destroy();
    });
  });
}

async function handle(root: string, rules: CdnRules, req: IncomingMessage, res: ServerResponse): Promise<void> {
  const rawUrl = req.url ?? "/";
  const rawPath = requestPath(rawUrl);
  let base: OutgoingHttpHeaders = headersForAnswer(rules, null);
  const plain = (status: number, body: string, extra: OutgoingHttpHeaders = {}) => {
    res.writeHead(status, { ...base, "content-type": "text/plain; charset=utf-8", ...extra });
    res.end(body);
  };
  if (req.method !== "GET" && req.method !== "HEAD") {
    plain(405, "Method Not Allowed", { allow: "GET, HEAD" });
    return;
  }
  const search = rawUrl.length > rawPath.length ? rawUrl.slice(rawPath.length) : "";
  const resolved = await resolveRequest(root, rules, rawPath, search);
  const servedPath = resolved.file ? `/${relative(root, resolved.file).split(sep).join("/")}` : null;
  // the rules of the file that answers as itself (as nginx matches them on its $uri)
  if (resolved.status === 200 && servedPath) base = headersForAnswer(rules, servedPath);
  if (resolved.location) {
    res.writeHead(resolved.status, { ...base, location: resolved.location, "content-type": "text/html" });
    res.end();
    return;
  }
  if (!resolved.file || !servedPath) {
    plain(resolved.status, resolved.status === 404 ? "Not Found" : "Bad Request");
    return;
  }

  const extension = extname(resolved.file).toLowerCase();
  const compressible = isCompressible(servedPath, (await statOrNull(resolved.file))?.size ?? 0);
  let file = resolved.file;
  let encoding: string | null = null;
  if (compressible) {
    for (const copy of PRECOMPRESSED) {
      if (acceptsEncoding(req, copy.encoding) && (await isFile(`${resolved.file}${copy.suffix}`))) {
        file = `${resolved.file}${copy.suffix}`;
        encoding = copy.encoding;
        break;
      }
    }
    if (!encoding && acceptsEncoding(req, ON_THE_FLY_ENCODING)) encoding = ON_THE_FLY_ENCODING;
  }
  const onTheFly = encoding !== null && file === resolved.file;

  const info = await stat(file);
  const etag = `"${Math.floor(info.mtimeMs / 1000).toString(16)}-${info.size.toString(16)}"`;
  const headers: OutgoingHttpHeaders = {
    ...base,
    "content-type": CONTENT_TYPES[extension] ?? "application/octet-stream",
    "last-modified": info.mtime.toUTCString(),
    ...(onTheFly ? {} : { etag }),
    ...(compressible ? { vary: "Accept-Encoding" } : {}),
    ...(encoding ? { "content-encoding": encoding } : {}),
  };
  if (resolved.status === 200 && !onTheFly && req.headers["if-none-match"] === etag) {
    res.writeHead(304, headers);
    res.end();
    return;
  }
  if (!onTheFly) headers["content-length"] = String(info.size);
  res.writeHead(resolved.status, headers);
  if (req.method === "HEAD") {
    res.end();
    return;
  }
  const stream = createReadStream(file).on("error", () => res.destroy());
  if (onTheFly) stream.pipe(createGzip()).pipe(res);
  else stream.pipe(res);
}

const isMain = process.argv[1] !== undefined && resolve(process.argv[1]) === fileURLToPath(import.meta.url);
if (isMain) {
  if (helpAsked(process.argv.slice(2))) {
    process.stdout.write(`${USAGE}\n`);
    process.exit(0);
  }
  const port = Number(process.env.PORT ?? 9000);
  const host = process.env.HOST ?? "127.0.0.1";
  const rootDir = resolve(process.env.PUBLIC_DIR ?? "public");
  void loadRules(rootDir).then((rules) => {
    const server = createSiteServer(rootDir, rules);
    server.listen(port, host, () => {
      console.log(
        `Serving ${rootDir} at http://${host}:${port}/ (${rules.redirects.length} rewrites, ${rules.headers.length} header rules)`,
      );
    });
    const stop = () => server.close(() => process.exit(0));
    process.on("SIGINT", stop);
    process.on("SIGTERM", stop);
  });
}
