/**
 * Serves the built site (public/) the way the production CDN should:
 *
 * - content types, and caching: hashed JS/CSS and /static/ are immutable for a year;
 *   HTML, page-data and app-data are revalidated on every visit (no-cache + ETag), so a
 *   deploy is seen at once;
 * - "/events" redirects (301) to "/events/" (the site uses trailing slashes everywhere);
 * - client-only routes: any /order/pay/..., /order/bill/..., /order/... (and the same under
 *   /ru and /ar, plus /en/order/bill/...) get that page's index.html with status 200;
 * - anything else gets the 404 page in the path's language with status 404
 *   (/ru/anything -> public/ru/404/index.html).
 *
 * `npm run serve`; PORT (default 9000) and HOST (default 127.0.0.1) from the environment.
 * The same rules for a CDN are written down in static/_redirects and the README.
 */
import { createReadStream, type Stats } from "node:fs";
import { stat } from "node:fs/promises";
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import { extname, join, normalize, resolve, sep } from "node:path";
import { fileURLToPath } from "node:url";

const CONTENT_TYPES: Record<string, string> = {
  ".html": "text/html; charset=utf-8",
  ".js": "application/javascript; charset=utf-8",
  ".mjs": "application/javascript; charset=utf-8",
  ".css": "text/css; charset=utf-8",
  ".json": "application/json; charset=utf-8",
  ".map": "application/json; charset=utf-8",
  ".webmanifest": "application/manifest+json",
  ".xml": "application/xml; charset=utf-8",
  ".txt": "text/plain; charset=utf-8",
  ".ics": "text/calendar; charset=utf-8",
  ".svg": "image/svg+xml",
  ".png": "image/png",
  ".jpg": "image/jpeg",
  ".jpeg": "image/jpeg",
  ".gif": "image/gif",
  ".webp": "image/webp",
  ".avif": "image/avif",
  ".ico": "image/x-icon",
  ".woff": "font/woff",
  ".woff2": "font/woff2",
};

const LANGUAGE_PREFIXES = ["/ru", "/ar"];

/** Client-only roots, longest first: a path under one of them is answered by its index.html. */
export const CLIENT_ONLY_ROOTS: string[] = (() => {
  const roots: string[] = [];
  for (const prefix of ["", ...LANGUAGE_PREFIXES]) {
    roots.push(`${prefix}/order/bill/`, `${prefix}/order/pay/`, `${prefix}/order/`);
  }
  roots.push("/en/order/bill/");
  return roots.sort((a, b) => b.length - a.length);
})();

const IMMUTABLE = "public, max-age=31536000, immutable";
const REVALIDATE = "no-cache";

/** Cache-Control for a file of public/, by its site path. */
export function cacheControlFor(sitePath: string): string {
  if (sitePath.startsWith("/static/")) return IMMUTABLE;
  if (sitePath.startsWith("/page-data/") || sitePath.endsWith(".html")) return REVALIDATE;
  // Webpack output at the root carries a content hash (app-1a2b3c.js, styles.4d5e.css);
  // sw.js and friends would not, so only hashed names are immutable.
  if (/^\/[^/]+[-.][0-9a-f]{8,}\.(js|css|mjs)(\.map)?$/.test(sitePath)) return IMMUTABLE;
  if (/\.(js|css|mjs)$/.test(sitePath)) return REVALIDATE;
  return "public, max-age=3600";
}

/** The 404 page of the path's language. */
export function notFoundFileFor(sitePath: string): string {
  const prefix = LANGUAGE_PREFIXES.find((p) => sitePath === p || sitePath.startsWith(`${p}/`));
  return prefix ? `${prefix}/404/index.html` : "/404.html";
}

async function statOrNull(file: string): Promise<Stats | null> {
  try {
    return await stat(file);
  } catch {
    return null;
  }
}

interface Resolved {
  status: number;
  file?: string;
  sitePath?: string;
  location?: string;
}

export async function resolveRequest(root: string, rawPath: string, search: string): Promise<Resolved> {
  let sitePath: string;
  try {
    sitePath = decodeURIComponent(rawPath);
  } catch {
    return { status: 400 };
  }
  if (sitePath.includes("\0")) return { status: 400 };
  const full = normalize(join(root, sitePath));
  if (full !== root && !full.startsWith(root + sep)) return { status: 403 };

  const found = await statOrNull(full);
  if (found?.isFile()) return { status: 200, file: full, sitePath };
  if (found?.isDirectory()) {
    if (!sitePath.endsWith("/")) {
      if (await statOrNull(join(full, "index.html"))) return { status: 301, location: `${rawPath}/${search}` };
    } else {
      const index = join(full, "index.html");
      if ((await statOrNull(index))?.isFile()) return { status: 200, file: index, sitePath: `${sitePath}index.html` };
    }
  }

  const withSlash = sitePath.endsWith("/") ? sitePath : `${sitePath}/`;
  // Longest root first; a root without its page (say, no /ru/order/bill/) falls back to
  // the next one (/ru/order/), the language's catch-all.
  for (const clientRoot of CLIENT_ONLY_ROOTS.filter((r) => withSlash.startsWith(r))) {
    const index = join(root, clientRoot, "index.html");
    if ((await statOrNull(index))?.isFile()) return { status: 200, file: index, sitePath: `${clientRoot}index.html` };
  }

  const notFound = notFoundFileFor(sitePath);
  const candidates = [notFound, "/404/index.html", "/404.html"];
  for (const candidate of candidates) {
    const file = join(root, candidate);
    if ((await statOrNull(file))?.isFile()) return { status: 404, file, sitePath: candidate };
  }
  return { status: 404 };
}

function send(res: ServerResponse, status: number, body: string, headers: Record<string, string> = {}): void {
  res.writeHead(status, { "content-type": "text/plain; charset=utf-8", ...headers });
  res.end(body);
}

export function createSiteServer(rootDir: string): Server {
  const root = resolve(rootDir);
  return createServer((req: IncomingMessage, res: ServerResponse) => {
    void handle(root, req, res).catch((error: unknown) => {
      console.error(error);
      if (!res.headersSent) send(res, 500, "Internal Server Error");
      else res.destroy();
    });
  });
}

async function handle(root: string, req: IncomingMessage, res: ServerResponse): Promise<void> {
  if (req.method !== "GET" && req.method !== "HEAD") {
    send(res, 405, "Method Not Allowed", { allow: "GET, HEAD" });
    return;
  }
  const url = new URL(req.url ?? "/", "http://localhost");
  const resolved = await resolveRequest(root, url.pathname, url.search);
  if (resolved.status === 301 && resolved.location) {
    res.writeHead(301, { location: resolved.location, "cache-control": "public, max-age=3600" });
    res.end();
    return;
  }
  if (!resolved.file || !resolved.sitePath) {
    send(res, resolved.status, resolved.status === 404 ? "Not Found" : "Bad Request");
    return;
  }
  const info = await stat(resolved.file);
  const etag = `W/"${info.size.toString(16)}-${Math.floor(info.mtimeMs).toString(16)}"`;
  const headers: Record<string, string> = {
    "content-type": CONTENT_TYPES[extname(resolved.file).toLowerCase()] ?? "application/octet-stream",
    "cache-control": resolved.status === 404 ? "no-cache" : cacheControlFor(resolved.sitePath),
    "x-content-type-options": "nosniff",
    etag,
    "last-modified": info.mtime.toUTCString(),
  };
  if (resolved.status === 200 && req.headers["if-none-match"] === etag) {
    res.writeHead(304, headers);
    res.end();
    return;
  }
  headers["content-length"] = String(info.size);
  res.writeHead(resolved.status, headers);
  if (req.method === "HEAD") {
    res.end();
    return;
  }
  createReadStream(resolved.file).on("error", () => res.destroy()).pipe(res);
}

const isMain = process.argv[1] !== undefined && resolve(process.argv[1]) === fileURLToPath(import.meta.url);
if (isMain) {
  const port = Number(process.env.PORT ?? 9000);
  const host = process.env.HOST ?? "127.0.0.1";
  const rootDir = resolve(process.env.PUBLIC_DIR ?? "public");
  const server = createSiteServer(rootDir);
  server.listen(port, host, () => {
    console.log(`Serving ${rootDir} at http://${host}:${port}/`);
  });
  const stop = () => server.close(() => process.exit(0));
  process.on("SIGINT", stop);
  process.on("SIGTERM", stop);
}
