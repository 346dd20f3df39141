/**
 * The one table of request paths that every way of serving the site must answer alike: nginx
 * and `npm run serve` (tests/e2e/origin-nginx.test.ts, on the build) and the CDN worker in front
 * of a bucket (tests/unit/ops-lib-cdn-worker.test.ts, on a small release). Pages, folders without
 * their slash (language roots among them), client-only order routes, unknown paths in each
 * language, build artefacts, paths that try to leave the site or /static/.
 */
import { readdirSync } from "node:fs";
import { request } from "node:http";
import { join } from "node:path";
import { CLIENT_ONLY_ROUTES, href, LANGUAGE_INFO, LANGUAGES, localize } from "../../../src/core/routes";

export const firstNumberedIn = (root: string, dir: string) =>
  readdirSync(join(root, dir)).find((name) => /^\d+$/.test(name));
export const hashedScriptIn = (root: string) => readdirSync(root).find((name) => /^app-[0-9a-f]{16,}\.js$/.test(name));

export function pathTable(root: string): string[] {
  const eventId = firstNumberedIn(root, "events") ?? "1";
  const script = `/${hashedScriptIn(root)}`;
  const paths = new Set<string>([
    script,
    `${script}.map`,
    "/~partytown/partytown.js",
    "/page-data/index/page-data.json",
    "/page-data/app-data.json",
    "/webpack.stats.json",
    "/chunk-map.json",
    "/_headers",
    "/_redirects",
    "/favicon.svg",
    "/sitemap.xml",
    href.ics(Number(eventId), "ru"),
    "/events",
    "/events?x=1",
    "/.//evil.com/..%2fevents",
    "//evil.com/",
    "/static/",
    "/page-data",
    "/static/%2e%2e/events/",
    "/static/..%2fevents/",
    "/static/no-such-chunk-0123456789abcdef0123.js",
    `${script.replace(/\.js$/, "")}-gone.js`,
  ]);
  for (const lang of LANGUAGES) {
    // the language root without its slash: "/ru" -> "/ru/"
    if (LANGUAGE_INFO[lang].prefix) paths.add(LANGUAGE_INFO[lang].prefix);
    for (const page of [
      href.home(),
      href.events(),
      href.event(eventId),
      href.places(),
      href.cart(),
      href.orderCheckout(),
      "/no-such-page/",
      "/no/such/page",
    ]) {
      paths.add(localize(page, lang));
    }
    paths.add(localize(`/page-data${href.event(eventId)}page-data.json`, "en"));
  }
  for (const route of CLIENT_ONLY_ROUTES) {
    paths.add(route.path);
    paths.add(`${route.path}1234/`);
    paths.add(`${route.path}abc`);
  }
  return [...paths];
}

export interface Answer {
  status: number;
  headers: Record<string, string>;
  body: Buffer;
}

/** A GET of a raw path: fetch() would normalize "/.//evil.com/..%2f" before sending it. */
export function get(base: string, path: string, headers: Record<string, string> = {}): Promise<Answer> {
  return new Promise((resolvePromise, reject) => {
    const url = new URL(base);
    const req = request({ host: url.hostname, port: url.port, path, headers, method: "GET" }, (res) => {
      const chunks: Buffer[] = [];
      res.on("data", (c: Buffer) => chunks.push(c));
      res.on("end", () => {
        const flat: Record<string, string> = {};
        for (const [k, v] of Object.entries(res.headers))
          if (v !== undefined) flat[k] = Array.isArray(v) ? v.join(", ") : v;
        resolvePromise({ status: res.statusCode ?? 0, headers: flat, body: Buffer.concat(chunks) });
      });
    });
    req.on("error", reject);
    req.end();
  });
}

/** Headers that describe the connection or the file's copy, not the answer. */
const TRANSPORT = new Set([
  "date",
  "server",
  "connection",
  "keep-alive",
  "etag",
  "last-modified",
  "content-length",
  "accept-ranges",
  "transfer-encoding",
]);

/** What two servers must agree on: the status aside, every header but the transport ones. */
export function comparable(answer: Answer): Record<string, string> {
  return Object.fromEntries(
    Object.entries(answer.headers)
      .filter(([name]) => !TRANSPORT.has(name))
      .sort(([a], [b]) => a.localeCompare(b)),
  );
}
