/**
 * The CDN rules (lib/cdn-rule-files.ts), the static server that evaluates them
 * (scripts/serve.ts) and the nginx configuration made from them, over a small fake public/
 * folder: files, trailing-slash redirects, client-only order routes, the localized 404,
 * hidden build artefacts, caching and security headers.
 */
import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { after, before, describe, it } from "node:test";
import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { listRuleFiles, readCdnRules, writeCdnRules } from "../../lib/cdn-rule-files";
import { nginxConfig, writeNginxConfig } from "../../ops/lib/nginx-config";
import { precompress } from "../../ops/lib/precompress";
import { resolveRequest } from "../../scripts/serve";
import {
  buildCdnRules,
  type CdnRules,
  formatHeaders,
  formatRedirects,
  headersFor,
  IMMUTABLE,
  inlineBlocks,
  normalizePath,
  parseHeaders,
  parseRedirects,
  REVALIDATE,
} from "../../src/core/cdn-rules";
import { CLIENT_ONLY_ROUTES } from "../../src/core/routes";
import { assertEachGives } from "./support/cases";

let root = "";
let rules: CdnRules;
const HASHED = "/app-0123456789abcdef0123.js";
const FILES = [
  "index.html",
  "404.html",
  "404/index.html",
  "ru/404/index.html",
  "ar/404/index.html",
  "events/index.html",
  "order/index.html",
  "order/checkout/index.html",
  "order/pay/index.html",
  "order/bill/index.html",
  "en/order/bill/index.html",
  "ru/order/index.html",
  "ru/order/pay/index.html",
  "ru/order/bill/index.html",
  "ar/order/index.html",
  "ar/order/pay/index.html",
  "ar/order/bill/index.html",
  HASHED.slice(1),
  `${HASHED.slice(1)}.map`,
  "styles.0123456789abcdef0123.css",
  "webpack.stats.json",
  "chunk-map.json",
  "~partytown/partytown.js",
  "static/abc/photo.png",
  "page-data/index/page-data.json",
  "page-data/app-data.json",
];
const SETTINGS = {
  siteUrl: "http://127.0.0.1:9000",
  catalogueApiUrl: "http://127.0.0.1:4010",
  basketApiUrl: "http://127.0.0.1:4011",
};

before(async () => {
  root = mkdtempSync(join(tmpdir(), "serve-test-"));
  for (const file of FILES) {
    mkdirSync(dirname(join(root, file)), { recursive: true });
    writeFileSync(join(root, file), `${file} ${"x".repeat(400)}`);
  }
  writeFileSync(
    join(root, "index.html"),
    `<html><body><script type="application/ld+json">{"a":1}</script><script>window.x=1;</script><script src="${HASHED}" async></script></body></html>`,
  );
  rules = await writeCdnRules(root, SETTINGS);
});
after(() => rmSync(root, { recursive: true, force: true }));

const served = async (path: string, search = "") => {
  const r = await resolveRequest(root, rules, path, search);
  return { status: r.status, file: r.file?.slice(root.length + 1), location: r.location };
};

describe("static server routing", () => {
  it("serves pages and files as they are", async () => {
    assert.deepEqual(await served("/"), { status: 200, file: "index.html", location: undefined });
    assert.deepEqual(await served("/events/"), { status: 200, file: "events/index.html", location: undefined });
    assert.deepEqual(await served("/order/checkout/"), {
      status: 200,
      file: "order/checkout/index.html",
      location: undefined,
    });
  });

  it("redirects to the trailing-slash form, keeping the query", async () => {
    assert.deepEqual(await served("/events", "?a=1"), { status: 301, file: undefined, location: "/events/?a=1" });
  });

  it("never redirects off the site", async () => {
    assert.deepEqual(await served("/.//evil.com/..%2fevents"), { status: 301, file: undefined, location: "/events/" });
    assert.equal((await served("//evil.com/%2e%2e/events")).location, "/events/");
    assert.equal(normalizePath("/a//b/./c/../d/"), "/a/b/d/");
    assert.equal(normalizePath("/../etc/passwd"), null, "no climbing above the root");
    assert.equal(normalizePath("/%ZZ"), null);
  });

  it("answers client-only order paths with their page", async () => {
    assert.equal((await served("/order/pay/123/")).file, "order/pay/index.html");
    assert.equal((await served("/order/bill/9")).file, "order/bill/index.html");
    assert.equal((await served("/en/order/bill/9/")).file, "en/order/bill/index.html");
    assert.equal((await served("/order/anything/else/")).file, "order/index.html");
    assert.equal((await served("/ru/order/pay/5/")).file, "ru/order/pay/index.html");
    assert.equal((await served("/ar/order/bill/5/")).file, "ar/order/bill/index.html");
    for (const path of ["/order/pay/123/", "/ru/order/x/"]) assert.equal((await served(path)).status, 200);
  });

  it("answers unknown paths with the 404 page of their language", async () => {
    assert.deepEqual(await served("/nothing/"), { status: 404, file: "404.html", location: undefined });
    assert.deepEqual(await served("/ru/nothing"), { status: 404, file: "ru/404/index.html", location: undefined });
    assert.deepEqual(await served("/ar/a/b/c/"), { status: 404, file: "ar/404/index.html", location: undefined });
    assert.deepEqual(
      await served("/russia/"),
      { status: 404, file: "404.html", location: undefined },
      "only a real language prefix counts",
    );
  });

  it("hides source maps, webpack stats, the chunk map and the rules files", async () => {
    for (const path of [
      `${HASHED}.map`,
      "/webpack.stats.json",
      "/chunk-map.json",
      "/_headers",
      "/_redirects",
      "/order/pay/x.js.map",
    ]) {
      assert.deepEqual(await served(path), { status: 404, file: "404.html", location: undefined }, path);
    }
  });

  it("refuses to leave the public folder", async () => {
    assert.equal((await served("/../etc/passwd")).status, 400);
    assert.equal((await served("/%2e%2e/%2e%2e/etc/passwd")).status, 400);
  });
});

describe("CDN rules", () => {
  it("are generated from the route module", () => {
    for (const route of CLIENT_ONLY_ROUTES) {
      assert.ok(
        rules.redirects.some(
          (r) => r.from === `${route.path}*` && r.to === `${route.path}index.html` && r.status === 200,
        ),
        route.path,
      );
    }
    // longest first, so /ru/order/pay/ wins over /ru/order/
    const order = rules.redirects.filter((r) => r.status === 200).map((r) => r.from.length);
    assert.deepEqual(
      order,
      [...order].sort((a, b) => b - a),
    );
    assert.deepEqual(
      rules.redirects.filter((r) => r.status === 404 && !r.force).map((r) => [r.from, r.to]),
      [
        ["/ru/*", "/ru/404/index.html"],
        ["/ar/*", "/ar/404/index.html"],
        ["/*", "/404.html"],
      ],
    );
  });

  it("make only hashed assets immutable and revalidate the rest", () => {
    const cache = (path: string) => headersFor(rules, path)["cache-control"];
    assert.equal(cache(HASHED), IMMUTABLE);
    assert.equal(cache("/styles.0123456789abcdef0123.css"), IMMUTABLE);
    assert.equal(cache("/static/abc/photo.png"), IMMUTABLE);
    assertEachGives(
      [
        "/",
        "/events/",
        "/order/pay/1/",
        "/page-data/index/page-data.json",
        "/page-data/app-data.json",
        "/~partytown/partytown.js",
        "/app-missing.js",
        "/nothing/",
      ],
      cache,
      REVALIDATE,
    );
  });

  it("put the security headers on every path, HSTS only over https", () => {
    for (const path of ["/", HASHED, "/nothing", "/.//evil.com/"]) {
      const headers = headersFor(rules, path);
      assert.equal(headers["x-frame-options"], "DENY");
      assert.equal(headers["x-content-type-options"], "nosniff");
      assert.equal(headers["referrer-policy"], "strict-origin-when-cross-origin");
      assert.ok(headers["permissions-policy"]);
      assert.equal(headers["strict-transport-security"], undefined);
      const csp = headers["content-security-policy"] ?? "";
      assert.match(csp, /frame-ancestors 'none'/);
      assert.match(csp, /connect-src 'self' http:\/\/127\.0\.0\.1:4010 http:\/\/127\.0\.0\.1:4011(;|$)/);
      const scriptSrc = /script-src ([^;]*)/.exec(csp)?.[1] ?? "";
      assert.doesNotMatch(scriptSrc, /unsafe-inline|unsafe-eval/);
      // the inline script of index.html, by hash; not the JSON-LD block
      assert.deepEqual(scriptSrc.split(" ").filter((s) => s.startsWith("'sha256-")).length, 1);
    }
    const https = buildCdnRules(
      { ...SETTINGS, siteUrl: "https://tickets.example" },
      { hashedAssets: [], hiddenFiles: [] },
    );
    assert.equal(headersFor(https, "/")["strict-transport-security"], "max-age=31536000; includeSubDomains");
  });

  it("read back from _redirects and _headers as they were written", async () => {
    assert.deepEqual(parseRedirects(formatRedirects(rules)), rules.redirects);
    assert.deepEqual(parseHeaders(formatHeaders(rules)), rules.headers);
    assert.deepEqual(await readCdnRules(root, SETTINGS), rules);
    const listed = await listRuleFiles(root);
    assert.deepEqual(listed.hashedAssets.sort(), [HASHED, "/styles.0123456789abcdef0123.css"]);
    assert.deepEqual(listed.hiddenFiles.sort(), [`${HASHED}.map`, "/chunk-map.json", "/webpack.stats.json"]);
  });

  it("find the inline scripts and styles that need a hash", () => {
    const found = inlineBlocks(
      '<script>a()</script><script type="application/ld+json">{}</script><script src="/x.js"></script><script id="x" type="module">b()</script><style>p{}</style>',
    );
    assert.deepEqual(found, { scripts: ["a()", "b()"], styles: ["p{}"] });
  });
});

describe("nginx configuration", () => {
  it("has a location per client-only route and the headers with `always` in every block", () => {
    const { main, headers } = nginxConfig({
      root,
      port: 9999,
      prefixDir: join(root, "..", "nginx-x"),
      rules,
      brotli: false,
      workerUser: null,
    });
    for (const route of CLIENT_ONLY_ROUTES)
      assert.match(main, new RegExp(`location "${route.path}" \\{[^}]*error_page 403 404 = ${route.path}index.html;`));
    const blocks = main.split(/location [^{]+\{/).slice(1);
    for (const block of blocks) assert.match(block, /include [^;]*site-headers\.conf;/);
    for (const line of headers.split("\n").filter((l) => l.startsWith("add_header"))) assert.match(line, / always;$/);
    assert.match(headers, /add_header Content-Security-Policy "default-src 'self'; script-src 'self' 'sha256-/);
    assert.match(main, /"\/app-0123456789abcdef0123\.js" "public, max-age=31536000, immutable";/);
    assert.match(main, /daemon off;/);
    assert.doesNotMatch(main, /^user /m);
  });

  it("is accepted by nginx", { skip: !existsSync("/usr/sbin/nginx") && "no /usr/sbin/nginx" }, async () => {
    const prefixDir = mkdtempSync(join(tmpdir(), "nginx-test-"));
    try {
      const written = await writeNginxConfig({ root, port: 9999, prefixDir, rules });
      const result = spawnSync("/usr/sbin/nginx", ["-t", "-p", prefixDir, "-c", written.configFile], {
        encoding: "utf8",
      });
      assert.equal(result.status, 0, result.stderr);
    } finally {
      rmSync(prefixDir, { recursive: true, force: true });
    }
  });
});

describe("precompression", () => {
  it("writes .br and .gz beside text files, not beside hidden ones", async () => {
    const result = await precompress(root);
    assert.ok(result.written > 5);
    const original = readFileSync(join(root, "events/index.html"));
    assert.deepEqual(brotliDecompressSync(readFileSync(join(root, "events/index.html.br"))), original);
    assert.deepEqual(gunzipSync(readFileSync(join(root, "events/index.html.gz"))), original);
    assert.equal(existsSync(join(root, "static/abc/photo.png.gz")), false, "images are not compressed");
    assert.equal(existsSync(join(root, `${HASHED.slice(1)}.map.gz`)), false);
    assert.equal((await precompress(root)).written, 0, "nothing to redo when nothing changed");
  });
});
