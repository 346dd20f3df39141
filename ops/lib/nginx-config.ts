/**
 * The nginx configuration of the origin server, generated from the site's CDN rules (the
 * `_redirects` and `_headers` the build wrote, lib/cdn-rule-files.ts, and the rule
 * model's trailing slash and compression, src/core/cdn-rules.ts), so nginx, the CDN and
 * `npm run serve` answer every path alike:
 *
 * - files as they are, a folder without its slash redirected (relative Location, from
 *   nginx's normalized path: no open redirect), a folder's index.html;
 * - client-only order routes answered by their page with 200 (`error_page ... =` in a
 *   location per route), unknown paths by the 404 page of their language with 404;
 * - hidden build artefacts (source maps, stats, rules) answered as unknown paths;
 * - headers: the same values as the rules, evaluated by `map`s on the path of the file that
 *   answers (nginx's normalized $uri, after the index file and error pages) and only for an
 *   answer of that file (200, 206, 304): "/static/%2e%2e/about/" is the about page and a 404
 *   under /static/ is the 404 page, neither cached for a year. Every location includes one
 *   file of `add_header ... always` lines, because nginx drops the outer level's add_header
 *   in any block that has its own;
 * - precompressed .br (when the module is installed) and .gz files, gzip on the fly
 *   otherwise.
 *
 * It runs unprivileged-style: no daemon, pid file, logs and temp paths under its own prefix
 * folder, a port above 1024. Started as root, its workers still run unprivileged
 * (`user nobody nogroup;`): the served folder must then be readable by others.
 */
import { existsSync, readFileSync } from "node:fs";
import { chmod, mkdir, writeFile } from "node:fs/promises";
import path from "node:path";
import { readCdnRules, type SiteSettings } from "../../lib/cdn-rule-files";
import {
  type CdnRules,
  COMPRESSIBLE_EXTENSIONS,
  CONTENT_TYPES,
  FOLDER_REDIRECT,
  HIDDEN_PATH_PATTERNS,
  MIN_COMPRESS_BYTES,
  ON_THE_FLY_ENCODING,
  PRECOMPRESSED,
  REVALIDATE,
} from "../../src/core/cdn-rules";

export const BROTLI_STATIC_MODULE = "/usr/lib/nginx/modules/ngx_http_brotli_static_module.so";

// nginx redirects a folder asked for without its slash by itself, always with a 301: the
// rule model's status must be that one (this line stops compiling when the model changes it)
const NGINX_FOLDER_REDIRECT: 301 = FOLDER_REDIRECT.status;

/** The nginx directive that sends each precompressed copy of the model (gzip_static for .gz, brotli_static for .br). */
const STATIC_DIRECTIVE: Readonly<Record<(typeof PRECOMPRESSED)[number]["encoding"], string>> = {
  br: "brotli_static",
  gzip: "gzip_static",
};

export interface NginxOptions {
  /** the folder served (a release, or public/) */
  root: string;
  port: number;
  /** listen address (default 127.0.0.1) */
  host?: string;
  /** nginx's -p folder: the configuration, pid file, logs and temp folders go here */
  prefixDir: string;
  /** the rules; read from root's _redirects and _headers when not given */
  rules?: CdnRules;
  /** for a folder without rules files: the settings the rules are worked out with */
  settings?: SiteSettings;
  /** load the brotli_static module (default: when it is installed) */
  brotli?: boolean;
  /**
   * the `user` line for the workers when nginx is started as root (default: when this process
   * runs as root): an unprivileged user and group, never root
   */
  workerUser?: string | null;
  /** log every request to <prefixDir>/logs/access.log (default off) */
  accessLog?: boolean;
}

/** A string as an nginx double-quoted token. */
function quote(value: string): string {
  return `"${value.replace(/\\/g, "\\\\").replace(/"/g, '\\"')}"`;
}

function escapeRegex(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}

/** A rules path pattern as an nginx map key: exact string, or a prefix regex. */
function mapKey(pattern: string): string {
  return pattern.endsWith("*") ? quote(`~^${escapeRegex(pattern.slice(0, -1))}`) : quote(pattern);
}

const mimeType = (contentType: string) => contentType.split(";")[0]!.trim();

function typesBlock(): string {
  const byType = new Map<string, string[]>();
  for (const [extension, contentType] of Object.entries(CONTENT_TYPES)) {
    const type = mimeType(contentType);
    byType.set(type, [...(byType.get(type) ?? []), extension.slice(1)]);
  }
  return [...byType].map(([type, extensions]) => `    ${type} ${extensions.join(" ")};`).join("\n");
}

function charsetTypes(): string {
  const types = new Set(
    Object.values(CONTENT_TYPES)
      .filter((t) => /charset=utf-8/i.test(t))
      .map(mimeType),
  );
  types.delete("text/html"); // nginx always includes it
  return [...types].join(" ");
}

function gzipTypes(): string {
  const types = new Set(
    COMPRESSIBLE_EXTENSIONS.map((e) => CONTENT_TYPES[e])
      .filter((t): t is string => t !== undefined)
      .map(mimeType),
  );
  types.delete("text/html"); // always compressed
  return [...types].join(" ");
}

/** Lower-case header name -> the nginx variable that holds its value per request. */
const headerVariable = (name: string) => `$site_header_${name.toLowerCase().replace(/[^a-z0-9]/g, "_")}`;

interface HeaderPlan {
  maps: string[];
  addHeaders: string[];
}

/**
 * The header rules as nginx sees them: a header that only the "/*" rule sets is a constant;
 * any other is a `map` from the request path over the rules that set it.
 */
function planHeaders(rules: CdnRules): HeaderPlan {
  const names = new Map<string, string>(); // lower -> as written
  for (const rule of rules.headers)
    for (const [name] of rule.headers) if (!names.has(name.toLowerCase())) names.set(name.toLowerCase(), name);
  if (!names.has("cache-control")) names.set("cache-control", "Cache-Control");
  const maps: string[] = [];
  const addHeaders: string[] = [];
  for (const [lower, name] of names) {
    const setters = rules.headers.filter((r) => r.headers.some(([n]) => n.toLowerCase() === lower));
    const headerValueOf = (rule: (typeof setters)[number]) =>
      rule.headers
        .filter(([n]) => n.toLowerCase() === lower)
        .map(([, v]) => v)
        .join(", ");
    const everywhere = setters.find((r) => r.path === "/*");
    const others = setters.filter((r) => r !== everywhere);
    const fallback = everywhere ? headerValueOf(everywhere) : lower === "cache-control" ? REVALIDATE : "";
    if (others.length === 0) {
      addHeaders.push(`add_header ${name} ${quote(fallback)} always;`);
      continue;
    }
    const variable = headerVariable(lower);
    const entries = others.map(
      (rule) =>
        `    ${mapKey(rule.path)} ${quote(everywhere ? `${fallback}, ${headerValueOf(rule)}` : headerValueOf(rule))};`,
    );
    maps.push(`  map $site_request_path ${variable} {\n    default ${quote(fallback)};\n${entries.join("\n")}\n  }`);
    addHeaders.push(`add_header ${name} ${variable} always;`);
  }
  return { maps, addHeaders };
}

/**
 * The unprivileged user and group nginx's workers switch to when it is started as root:
 * nobody, in Debian's nogroup (or a group named nobody elsewhere).
 */
export function unprivilegedUser(groupFile = "/etc/group"): string {
  let groups = "";
  try {
    groups = readFileSync(groupFile, "utf8");
  } catch {
    /* no group file: the conventional name */
  }
  const group = /^nogroup:/m.test(groups) || !/^nobody:/m.test(groups) ? "nogroup" : "nobody";
  return `nobody ${group}`;
}

const startedAsRoot = () => process.getuid?.() === 0;

/**
 * The `user` line's value for nginx's workers: the one asked for, or, when this process runs as
 * root, an unprivileged user (undefined: by this process); never root.
 */
export function workerUserFor(asked: string | null | undefined): string | null {
  const workerUser = asked === undefined ? (startedAsRoot() ? unprivilegedUser() : null) : asked;
  if (workerUser !== null && /^\s*root\b/.test(workerUser)) throw new Error("nginx's workers never run as root");
  return workerUser;
}

const TEMP_FOLDERS = ["client_body", "proxy", "fastcgi", "uwsgi", "scgi"] as const;

/** nginx's temp paths, inside its prefix folder rather than root's places. */
export function tempPathLines(prefix: string, indent = "  "): string {
  return TEMP_FOLDERS.map((temp) => `${indent}${temp}_temp_path ${path.join(prefix, "temp", temp)};`).join("\n");
}

/**
 * Makes the folders an nginx configuration from this module needs in its prefix folder (logs,
 * temp paths). With a `user` line, the workers (another user) must be able to reach their
 * temp folders, which nginx's master, started as root, hands to that user.
 */
export async function preparePrefix(prefixDir: string, main: string): Promise<void> {
  await mkdir(path.join(prefixDir, "logs"), { recursive: true });
  for (const temp of TEMP_FOLDERS) await mkdir(path.join(prefixDir, "temp", temp), { recursive: true });
  if (/^user /m.test(main)) {
    await chmod(prefixDir, 0o755);
    await chmod(path.join(prefixDir, "temp"), 0o755);
  }
}

export interface NginxFiles {
  /** nginx.conf */
  main: string;
  /** the add_header lines every block includes */
  headers: string;
}

export function nginxConfig(options: NginxOptions & { rules: CdnRules }): NginxFiles {
  const { rules } = options;
  const prefix = path.resolve(options.prefixDir);
  const root = path.resolve(options.root);
  const host = options.host ?? "127.0.0.1";
  const brotli = options.brotli ?? existsSync(BROTLI_STATIC_MODULE);
  const workerUser = workerUserFor(options.workerUser);
  const headersFile = path.join(prefix, "site-headers.conf");
  const include = `include ${headersFile};`;
  const plan = planHeaders(rules);

  const notFound = rules.redirects.filter((r) => r.status === 404 && !r.force);
  const defaultNotFound = notFound.find((r) => r.from === "/*")?.to ?? "/404.html";
  const notFoundMap = notFound
    .filter((r) => r.from !== "/*")
    .map((r) => `    ${mapKey(r.from)} ${quote(r.to)};`)
    .join("\n");

  // one location per client-only route: nginx picks the longest matching prefix, as the rules do
  const clientOnly = rules.redirects
    .filter((r) => r.status === 200 && r.from.endsWith("/*"))
    .map(
      (r) => `    location ${quote(r.from.slice(0, -1))} {
      ${include}
      error_page 403 404 = ${r.to};
    }`,
    )
    .join("\n");

  const hidden = HIDDEN_PATH_PATTERNS.map((p) => `(?:${p})`).join("|");

  const main = `# Generated by ops/lib/nginx-config.ts from the site's _redirects and _headers; do not edit.
# nginx -p ${prefix} -c ${path.join(prefix, "nginx.conf")}
${brotli ? `load_module ${BROTLI_STATIC_MODULE};\n` : ""}${workerUser ? `user ${workerUser};\n` : ""}daemon off;
worker_processes 1;
pid ${path.join(prefix, "nginx.pid")};
error_log stderr warn;

events {
  worker_connections 512;
}

http {
  types {
${typesBlock()}
  }
  default_type application/octet-stream;
  charset utf-8;
  charset_types ${charsetTypes()};

  ${options.accessLog ? `access_log ${path.join(prefix, "logs", "access.log")};` : "access_log off;"}
${tempPathLines(prefix)}

  sendfile on;
  tcp_nopush on;
  server_tokens off;
  keepalive_timeout 30s;

  # precompressed files first (${PRECOMPRESSED.map((c) => c.suffix).join(", ")} beside the file), ${ON_THE_FLY_ENCODING} on the fly for the rest
${PRECOMPRESSED.filter((c) => brotli || c.encoding !== "br")
  .map((c) => `  ${STATIC_DIRECTIVE[c.encoding]} on;\n`)
  .join("")}  gzip on;
  gzip_vary on;
  gzip_comp_level 5;
  gzip_min_length ${MIN_COMPRESS_BYTES};
  gzip_proxied any;
  gzip_types ${gzipTypes()};

  # room for webpack's long hashed file names in the maps
  map_hash_bucket_size 256;
  map_hash_max_size 8192;

  # the header rules are matched against the path of the file that answers: nginx's
  # normalized $uri, after the index file and error pages, and only when that file answers
  # as itself (200, 206, 304); any other answer gets the rules of every path ("/*") only
  map $status $site_file_answer {
    200 1;
    206 1;
    304 1;
    default 0;
  }
  map "$site_file_answer$uri" $site_request_path {
    "~^1(?<site_path>/.*)$" $site_path;
    default "";
  }
  # the 404 page of the language of the (normalized) path
  map $uri $site_not_found {
    default ${quote(defaultNotFound)};
${notFoundMap}
  }
${plan.maps.join("\n")}

  server {
    listen ${host}:${options.port};
    server_name _;
    root ${root};
    index index.html;
    autoindex off;
    # "Location: /events/" (a ${NGINX_FOLDER_REDIRECT}), built by nginx from the normalized path
    absolute_redirect ${FOLDER_REDIRECT.relativeLocation ? "off" : "on"};
    merge_slashes on;
    ${include}
    error_page 403 404 =404 $site_not_found;

    location / {
      ${include}
    }
${clientOnly}
    # build artefacts that are not for visitors: answered as unknown paths
    location ~ ${quote(hidden)} {
      ${include}
      return 404;
    }
  }
}
`;
  return {
    main,
    headers: `# Generated with nginx.conf; included in every block that answers.\n${plan.addHeaders.join("\n")}\n`,
  };
}

export interface WrittenNginxConfig {
  /** nginx.conf, to pass as -c */
  configFile: string;
  prefixDir: string;
  rules: CdnRules;
}

/**
 * Writes nginx.conf and its headers file into `prefixDir` and makes the folders nginx needs
 * there. `npm run origin` runs nginx on the result; `npm run publish` writes one per release.
 */
export async function writeNginxConfig(options: NginxOptions): Promise<WrittenNginxConfig> {
  const prefixDir = path.resolve(options.prefixDir);
  const settings = options.settings ?? {
    siteUrl: "http://127.0.0.1",
    catalogueApiUrl: "http://127.0.0.1",
    basketApiUrl: "http://127.0.0.1",
  };
  const rules = options.rules ?? (await readCdnRules(path.resolve(options.root), settings));
  const files = nginxConfig({ ...options, prefixDir, rules });
  await preparePrefix(prefixDir, files.main);
  const configFile = path.join(prefixDir, "nginx.conf");
  await writeFile(path.join(prefixDir, "site-headers.conf"), files.headers, "utf8");
  await writeFile(configFile, files.main, "utf8");
  return { configFile, prefixDir, rules };
}
