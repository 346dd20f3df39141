/**
 * The rules a static host applies to the built site, as data: which paths are rewritten
 * (client-only order pages, the 404 page of each language), which are hidden, and which
 * headers every answer carries (caching by kind of file, security headers).
 *
 * One model, three targets: the build writes it as Netlify-style `_redirects` and
 * `_headers` into public/, `npm run serve` evaluates it (reading those two files back), and
 * `npm run origin` turns it into an nginx configuration. The comparison tests run one table
 * of paths through all three. The rules no file carries (a folder's trailing slash, which
 * files are sent compressed and how) are written here too, and both servers carry them out.
 *
 * Header rules follow the Netlify semantics: every rule whose path matches applies, and the
 * rules are made so that no two matching rules set the same header. A path no rule gives a
 * Cache-Control gets the host's own default, which is the revalidating one (HTML,
 * page-data, app-data, unhashed scripts: a deploy is seen at once).
 */
import {
  CLIENT_ONLY_ROUTES,
  DEFAULT_LANGUAGE,
  LANGUAGE_INFO,
  LANGUAGES,
  localize,
  notFoundFile,
  notFoundFileFor,
  ROUTES,
} from "./routes";

/**
 * The request path as the origin sees it: percent-decoded, "." and ".." resolved, repeated
 * slashes merged (as nginx does). null for a path that cannot be decoded or climbs above
 * the root: a 400, never a file outside the site, and never a redirect built from it. The CDN
 * worker (ops/lib/cdn-worker.ts) embeds this function's source: it reads nothing outside itself
 * and is plain JavaScript once its types are stripped.
 */
export function normalizePath(rawPath: string): string | null {
  let decoded: string;
  try {
    decoded = decodeURIComponent(rawPath);
  } catch {
    return null;
  }
  if (!decoded.startsWith("/") || /[\0\r\n]/.test(decoded)) return null;
  const segments: string[] = [];
  const parts = decoded.split("/").slice(1);
  for (const part of parts) {
    if (part === "..") {
      if (segments.length === 0) return null;
      segments.pop();
    } else if (part !== "." && part !== "") segments.push(part);
  }
  const last = parts.at(-1);
  const trailing = segments.length > 0 && (last === "" || last === "." || last === "..");
  return `/${segments.join("/")}${trailing ? "/" : ""}`;
}

/** Hashed assets: the name changes with the content, so browsers and CDNs keep them a year. */
export const IMMUTABLE = "public, max-age=31536000, immutable";
/** Everything else: kept, but checked (ETag) before each use. Gatsby's caching guide. */
export const REVALIDATE = "public, max-age=0, must-revalidate";

/** Content types by file extension, for `npm run serve` and the nginx `types` block. */
export const CONTENT_TYPES: Readonly<Record<string, string>> = {
  ".html": "text/html; charset=utf-8",
  ".js": "application/javascript; charset=utf-8",
  ".mjs": "application/javascript; charset=utf-8",
  ".css": "text/css; charset=utf-8",
  ".json": "application/json; charset=utf-8",
  ".webmanifest": "application/manifest+json; charset=utf-8",
  ".xml": "application/xml; charset=utf-8",
  ".txt": "text/plain; charset=utf-8",
  ".ics": "text/calendar; charset=utf-8",
  ".svg": "image/svg+xml; charset=utf-8",
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

/** Extensions worth compressing (precompressed .br/.gz beside them, gzip on the fly otherwise). */
export const COMPRESSIBLE_EXTENSIONS = [
  ".html",
  ".js",
  ".mjs",
  ".css",
  ".json",
  ".webmanifest",
  ".xml",
  ".txt",
  ".ics",
  ".svg",
] as const;

/** Smaller files gain nothing worth a second request's worth of disk and work: sent as they are, without a Vary. */
export const MIN_COMPRESS_BYTES = 256;

/** A file sent compressed (by its site path and size): a text type, big enough, not a hidden artefact. */
export function isCompressible(sitePath: string, bytes = Number.POSITIVE_INFINITY): boolean {
  const dot = sitePath.lastIndexOf(".");
  const extension = dot > sitePath.lastIndexOf("/") ? sitePath.slice(dot).toLowerCase() : "";
  return (
    (COMPRESSIBLE_EXTENSIONS as readonly string[]).includes(extension) &&
    bytes >= MIN_COMPRESS_BYTES &&
    !isHiddenPath(sitePath)
  );
}

/**
 * How a compressible file is sent: the precompressed copy beside it in this order of
 * preference when the browser accepts that encoding (.br, then .gz), otherwise gzip made
 * on the fly for a browser that accepts gzip.
 */
export const PRECOMPRESSED: ReadonlyArray<{ encoding: "br" | "gzip"; suffix: string }> = [
  { encoding: "br", suffix: ".br" },
  { encoding: "gzip", suffix: ".gz" },
];
export const ON_THE_FLY_ENCODING = "gzip";

/**
 * A folder's address ends in "/". Asked for without it ("/events?x=1"), the answer is a
 * permanent redirect to it with the query kept ("/events/?x=1"), its Location a path on this
 * site built from the normalized request path, never another host.
 */
export const FOLDER_REDIRECT = { status: 301, relativeLocation: true } as const;

/** The Location of a folder's redirect to its trailing slash: each segment percent-encoded. */
export function folderLocation(sitePath: string, search: string): string {
  const encoded = sitePath
    .split("/")
    .map((segment) => encodeURIComponent(segment))
    .join("/");
  return `${encoded}/${search}`;
}

/**
 * Webpack output at the root carries a content hash ("app-1a2b3c4d5e6f7a8b9c0d.js",
 * "styles.4d5e6f7a8b9c.css"); files without one (the Partytown scripts under /~partytown/)
 * change in place and must be revalidated.
 */
export const HASHED_ROOT_ASSET = /^\/[^/]+[-.][0-9a-f]{16,}\.(?:js|mjs|css)$/;

export function isHashedAsset(sitePath: string): boolean {
  return sitePath.startsWith("/static/") || HASHED_ROOT_ASSET.test(sitePath);
}

/**
 * Build artefacts that are not for visitors: source maps, webpack's stats and chunk map,
 * the rules files themselves and an nginx configuration written into a release. Regular
 * expressions over the request path, so nginx can use them as they are.
 */
export const HIDDEN_PATH_PATTERNS: readonly string[] = [
  "\\.map$",
  "^/webpack\\.stats\\.json$",
  "^/chunk-map\\.json$",
  "^/_headers$",
  "^/_redirects$",
  "^/nginx(?:/|\\.conf$)",
];
const HIDDEN = HIDDEN_PATH_PATTERNS.map((p) => new RegExp(p));

export function isHiddenPath(sitePath: string): boolean {
  return HIDDEN.some((re) => re.test(sitePath));
}

export interface RedirectRule {
  /** an exact path, or a prefix ending in "*" */
  from: string;
  /** the file that answers */
  to: string;
  status: 200 | 404;
  /** applies even where a file exists at `from` (Netlify's "!") */
  force?: boolean;
}

export interface HeaderRule {
  /** an exact path, or a prefix ending in "*" */
  path: string;
  headers: Array<[name: string, value: string]>;
}

export interface CdnRules {
  redirects: RedirectRule[];
  headers: HeaderRule[];
}

export interface SecurityOptions {
  /** https enables HSTS */
  siteUrl: string;
  catalogueApiUrl: string;
  basketApiUrl: string;
  /** base64 SHA-256 of each inline script the pages carry */
  scriptHashes?: readonly string[];
  /** base64 SHA-256 of each inline <style> element the pages carry */
  styleHashes?: readonly string[];
}

function origin(url: string): string {
  return new URL(url).origin;
}

/**
 * The page policy. Scripts only from the site itself plus the hashed inline scripts Gatsby
 * writes into each page; data only from the site and the two APIs; images also from any
 * https host (catalogue texts embed them) and the catalogue; no framing.
 */
export function contentSecurityPolicy(options: SecurityOptions): string {
  const hashes = (list: readonly string[] | undefined) => [...new Set(list ?? [])].sort().map((h) => `'sha256-${h}'`);
  const apis = [...new Set([origin(options.catalogueApiUrl), origin(options.basketApiUrl)])];
  const directives: Array<[string, string[]]> = [
    ["default-src", ["'self'"]],
    ["script-src", ["'self'", ...hashes(options.scriptHashes)]],
    ["style-src", ["'self'", ...hashes(options.styleHashes)]],
    // React's style props (skeletons, Gatsby's route announcer): attributes only, no <style>
    ["style-src-attr", ["'unsafe-inline'"]],
    ["img-src", ["'self'", "data:", "https:", ...apis.filter((a) => a.startsWith("http:"))]],
    ["font-src", ["'self'"]],
    ["connect-src", ["'self'", ...apis]],
    ["manifest-src", ["'self'"]],
    ["worker-src", ["'self'"]],
    ["object-src", ["'none'"]],
    ["base-uri", ["'self'"]],
    ["form-action", ["'self'"]],
    ["frame-ancestors", ["'none'"]],
  ];
  return directives.map(([name, values]) => `${name} ${values.join(" ")}`).join("; ");
}

/** What the scanner pages add to the site-wide Permissions-Policy. */
export const SCANNER_PERMISSIONS = "camera=(self)";

/** The headers every answer carries, whatever its status. */
export function securityHeaders(options: SecurityOptions): Array<[string, string]> {
  const headers: Array<[string, string]> = [
    ["Content-Security-Policy", contentSecurityPolicy(options)],
    ["X-Frame-Options", "DENY"],
    ["X-Content-Type-Options", "nosniff"],
    ["Referrer-Policy", "strict-origin-when-cross-origin"],
    [
      "Permissions-Policy",
      "accelerometer=(), camera=(), geolocation=(), gyroscope=(), magnetometer=(), microphone=(), payment=(), usb=(), interest-cohort=()",
    ],
    ["Cross-Origin-Opener-Policy", "same-origin"],
  ];
  // only over https: a browser that got it over http would ignore it, and a test site
  // on http must not pin itself to https
  if (new URL(options.siteUrl).protocol === "https:")
    headers.push(["Strict-Transport-Security", "max-age=31536000; includeSubDomains"]);
  return headers;
}

/**
 * Rewrites, first match wins: hidden files (forced), the client-only order pages, then the
 * 404 page of the path's language. Non-forced rules apply only where no file answers.
 */
export function redirectRules(hiddenFiles: readonly string[] = []): RedirectRule[] {
  const rules: RedirectRule[] = hiddenFiles.map((file) => ({
    from: file,
    to: notFoundFileFor(file),
    status: 404,
    force: true,
  }));
  for (const route of CLIENT_ONLY_ROUTES)
    rules.push({ from: `${route.path}*`, to: `${route.path}index.html`, status: 200 });
  for (const lang of LANGUAGES.filter((l) => l !== DEFAULT_LANGUAGE)) {
    rules.push({ from: `${LANGUAGE_INFO[lang].prefix}/*`, to: notFoundFile(lang), status: 404 });
  }
  rules.push({ from: "/*", to: notFoundFile(DEFAULT_LANGUAGE), status: 404 });
  return rules;
}

export function headerRules(security: SecurityOptions, hashedAssets: readonly string[]): HeaderRule[] {
  const rules: HeaderRule[] = [
    { path: "/*", headers: securityHeaders(security) },
    // the door scanner reads QR codes with the camera: its pages alone may ask for it. The
    // value is appended to the site-wide one, and in a Permissions-Policy (a structured
    // dictionary) the last camera= wins, so "camera=()" still holds everywhere else
    ...LANGUAGES.map(
      (lang): HeaderRule => ({
        path: `${localize(ROUTES.scan.path, lang)}*`,
        headers: [["Permissions-Policy", SCANNER_PERMISSIONS]],
      }),
    ),
    { path: "/page-data/*", headers: [["Cache-Control", REVALIDATE]] },
    { path: "/static/*", headers: [["Cache-Control", IMMUTABLE]] },
  ];
  for (const asset of [...hashedAssets].sort()) {
    if (!asset.startsWith("/static/")) rules.push({ path: asset, headers: [["Cache-Control", IMMUTABLE]] });
  }
  return rules;
}

export function buildCdnRules(
  security: SecurityOptions,
  files: { hashedAssets: readonly string[]; hiddenFiles: readonly string[] },
): CdnRules {
  return { redirects: redirectRules(files.hiddenFiles), headers: headerRules(security, files.hashedAssets) };
}

/**
 * The header rules with a year-long cache added for each of `assets` (site paths of hashed
 * files) that no rule gives a Cache-Control: the hashed JS and CSS of earlier releases that a
 * release carries, which its own build did not list. Without it they would get the host's
 * revalidating default, and a visitor on an older page would ask for them again and again.
 */
export function withImmutableAssets(headers: readonly HeaderRule[], assets: readonly string[]): HeaderRule[] {
  const cached = (asset: string) =>
    headers.some(
      (rule) => pathMatches(rule.path, asset) && rule.headers.some(([name]) => name.toLowerCase() === "cache-control"),
    );
  const added = [...new Set(assets)]
    .filter((asset) => isHashedAsset(asset) && !cached(asset))
    .sort()
    .map((asset): HeaderRule => ({ path: asset, headers: [["Cache-Control", IMMUTABLE]] }));
  return [...headers, ...added];
}

// --- matching -------------------------------------------------------------------------

export function pathMatches(pattern: string, sitePath: string): boolean {
  return pattern.endsWith("*") ? sitePath.startsWith(pattern.slice(0, -1)) : sitePath === pattern;
}

/** The rewrite for a path: `fileExists` says whether a file answers it already. */
export function matchRedirect(rules: CdnRules, sitePath: string, fileExists: boolean): RedirectRule | undefined {
  return rules.redirects.find((rule) => (rule.force || !fileExists) && pathMatches(rule.from, sitePath));
}

/**
 * The headers for a request path (lower-case names): every matching rule, values of a
 * header set twice joined as the host would, then the default Cache-Control.
 */
export function headersFor(rules: CdnRules, sitePath: string): Record<string, string> {
  const result: Record<string, string> = {};
  for (const rule of rules.headers) {
    if (!pathMatches(rule.path, sitePath)) continue;
    for (const [name, value] of rule.headers) {
      const key = name.toLowerCase();
      result[key] = result[key] === undefined ? value : `${result[key]}, ${value}`;
    }
  }
  result["cache-control"] ??= REVALIDATE;
  return result;
}

/**
 * The headers of one answer. The rules apply to the site path of the file that answers as
 * itself (`servedPath`: "/events/index.html" for "/events/", "/about/index.html" for
 * "/static/%2e%2e/about/"); any other answer (a redirect, an error page, a 400) gets only the
 * rules of every path ("/*"), so an error is never cached for a year. nginx does the same
 * (ops/lib/nginx-config.ts).
 */
export function headersForAnswer(rules: CdnRules, servedPath: string | null): Record<string, string> {
  if (servedPath !== null) return headersFor(rules, servedPath);
  return headersFor({ ...rules, headers: rules.headers.filter((rule) => rule.path === "/*") }, "/");
}

// --- the two files --------------------------------------------------------------------

const RULES_NOTE = "# Generated by the build from src/core/routes.ts and lib/cdn-rule-files.ts; do not edit.";

export function formatRedirects(rules: CdnRules): string {
  const width = Math.max(...rules.redirects.map((r) => r.from.length)) + 2;
  const lines = rules.redirects.map((r) => `${r.from.padEnd(width)}${r.to}  ${r.status}${r.force ? "!" : ""}`);
  return `${RULES_NOTE}\n${lines.join("\n")}\n`;
}

export function formatHeaders(rules: Pick<CdnRules, "headers">): string {
  const blocks = rules.headers.map((rule) => [rule.path, ...rule.headers.map(([n, v]) => `  ${n}: ${v}`)].join("\n"));
  return `${RULES_NOTE}\n# Paths without a Cache-Control rule get the host's default: ${REVALIDATE}\n${blocks.join("\n")}\n`;
}

function contentLines(text: string): string[] {
  return text.split("\n").filter((line) => line.trim() !== "" && !line.trimStart().startsWith("#"));
}

export function parseRedirects(text: string): RedirectRule[] {
  return contentLines(text).map((line) => {
    const [from, to, code] = line.trim().split(/\s+/);
    const status = Number(code?.replace("!", ""));
    if (!from || !to || (status !== 200 && status !== 404)) throw new Error(`_redirects: cannot read "${line}"`);
    return { from, to, status, ...(code?.endsWith("!") ? { force: true } : {}) };
  });
}

export function parseHeaders(text: string): HeaderRule[] {
  const rules: HeaderRule[] = [];
  for (const line of contentLines(text)) {
    if (!/^\s/.test(line)) {
      rules.push({ path: line.trim(), headers: [] });
      continue;
    }
    const rule = rules.at(-1);
    const colon = line.indexOf(":");
    if (!rule || colon < 0) throw new Error(`_headers: cannot read "${line}"`);
    rule.headers.push([line.slice(0, colon).trim(), line.slice(colon + 1).trim()]);
  }
  return rules;
}

// --- from and to a built site ---------------------------------------------------------

/** The text of each inline <script> (not JSON data blocks, not src=) and <style> in some HTML. */
export function inlineBlocks(html: string): { scripts: string[]; styles: string[] } {
  const scripts: string[] = [];
  const styles: string[] = [];
  for (const m of html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi)) {
    const attrs = m[1] ?? "";
    if (/\bsrc\s*=/i.test(attrs)) continue;
    const type = /\btype\s*=\s*"([^"]*)"/i.exec(attrs)?.[1]?.toLowerCase();
    if (type && type !== "text/javascript" && type !== "module" && type !== "application/javascript") continue;
    scripts.push(m[2] ?? "");
  }
  for (const m of html.matchAll(/<style\b[^>]*>([\s\S]*?)<\/style>/gi)) styles.push(m[1] ?? "");
  return { scripts, styles };
}
