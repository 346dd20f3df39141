/**
 * The nginx origin (`npm run origin`'s configuration, Debian's /usr/sbin/nginx) against
 * `npm run serve` on the same build: one table of paths through both must give the same
 * status, redirect target, body and headers; compressed answers when asked; and the site
 * loads in Chromium through nginx without a single Content-Security-Policy violation.
 */
import assert from "node:assert/strict";
import { type ChildProcess, spawn } from "node:child_process";
import { mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { after, before, describe, it } from "node:test";
import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { writeNginxConfig } from "../../ops/lib/nginx-config";
import { precompressFile } from "../../ops/lib/precompress";
import { IMMUTABLE } from "../../src/core/cdn-rules";
import { href, LANGUAGES, localize } from "../../src/core/routes";
import { closeBrowser, newPage, SITE_URL, waitForHydration } from "./support/browser";
import { comparable, firstNumberedIn, get, hashedScriptIn, pathTable as sitePathTable } from "./support/path-table";

const PUBLIC = resolve(__dirname, "..", "..", "public");
const ORIGIN_PORT = Number(process.env.E2E_ORIGIN_PORT ?? 9191);
const ORIGIN_URL = `http://127.0.0.1:${ORIGIN_PORT}`;
const NGINX = process.env.NGINX_BIN ?? "/usr/sbin/nginx";

let nginx: ChildProcess | undefined;
let prefixDir = "";
let nginxLog = "";

async function waitForOrigin(): Promise<void> {
  const deadline = Date.now() + 15_000;
  while (Date.now() < deadline) {
    try {
      await get(ORIGIN_URL, "/");
      return;
    } catch {
      await new Promise((r) => setTimeout(r, 100));
    }
  }
  throw new Error(`nginx did not answer at ${ORIGIN_URL}:\n${nginxLog}`);
}

const firstNumbered = (dir: string) => firstNumberedIn(PUBLIC, dir);
const hashedScript = () => hashedScriptIn(PUBLIC);
const pathTable = () => sitePathTable(PUBLIC);

before(async () => {
  prefixDir = mkdtempSync(join(tmpdir(), "origin-test-"));
  // the precompressed copies a publish writes, for the pages the compression test asks for
  for (const file of ["index.html", hashedScript() ?? "", "page-data/index/page-data.json"])
    await precompressFile(join(PUBLIC, file));
  const written = await writeNginxConfig({ root: PUBLIC, port: ORIGIN_PORT, prefixDir });
  nginx = spawn(NGINX, ["-p", prefixDir, "-c", written.configFile], { stdio: ["ignore", "pipe", "pipe"] });
  nginx.stderr?.on("data", (c: Buffer) => (nginxLog += c.toString()));
  await waitForOrigin();
});

after(async () => {
  await closeBrowser();
  if (nginx && nginx.exitCode === null) {
    const exited = new Promise((r) => nginx?.once("exit", r));
    nginx.kill("SIGQUIT");
    await exited;
  }
  rmSync(prefixDir, { recursive: true, force: true });
});

describe("nginx origin and npm run serve", () => {
  it("answer every path of the table alike: status, target, body and headers", async () => {
    const differences: string[] = [];
    for (const path of pathTable()) {
      const [viaNginx, viaServe] = await Promise.all([get(ORIGIN_URL, path), get(SITE_URL, path)]);
      const a = { status: viaNginx.status, headers: comparable(viaNginx) };
      const b = { status: viaServe.status, headers: comparable(viaServe) };
      try {
        assert.deepEqual(a, b);
        if (viaServe.status !== 301) assert.ok(viaNginx.body.equals(viaServe.body), "same body");
      } catch (error) {
        differences.push(`${path}: ${(error as Error).message}`);
      }
    }
    assert.deepEqual(differences, []);
  });

  it("never redirects off the site and hides build artefacts", async () => {
    const open = await get(ORIGIN_URL, "/.//evil.com/..%2fevents");
    assert.equal(open.status, 301);
    assert.equal(open.headers.location, "/events/");
    for (const path of [
      `/${hashedScript()}.map`,
      "/webpack.stats.json",
      "/chunk-map.json",
      "/_headers",
      "/_redirects",
    ]) {
      assert.equal((await get(ORIGIN_URL, path)).status, 404, path);
    }
  });

  it("put the security headers on pages, assets, redirects and errors", async () => {
    for (const path of ["/", `/${hashedScript()}`, "/events", "/ru/no-such-page/", "/order/pay/1/"]) {
      const answer = await get(ORIGIN_URL, path);
      assert.match(answer.headers["content-security-policy"] ?? "", /frame-ancestors 'none'/, path);
      assert.doesNotMatch(
        /script-src [^;]*/.exec(answer.headers["content-security-policy"] ?? "")?.[0] ?? "",
        /unsafe-inline/,
      );
      assert.equal(answer.headers["x-frame-options"], "DENY", path);
      assert.equal(answer.headers["x-content-type-options"], "nosniff", path);
      assert.equal(answer.headers["referrer-policy"], "strict-origin-when-cross-origin", path);
      assert.ok(answer.headers["permissions-policy"], path);
    }
    assert.equal(
      (await get(ORIGIN_URL, `/${hashedScript()}`)).headers["cache-control"],
      "public, max-age=31536000, immutable",
    );
    assert.equal(
      (await get(ORIGIN_URL, "/~partytown/partytown.js")).headers["cache-control"],
      "public, max-age=0, must-revalidate",
    );
  });

  it("never cache an error page or a path that climbs out of /static/ for a year", async () => {
    for (const path of [
      "/static/%2e%2e/events/",
      "/static/%2E%2E/",
      "/static/..%2fevents/",
      "/static/no-such-chunk-0123456789abcdef0123.js",
      "/static/",
      `/${hashedScript()}/`,
      `/${hashedScript()?.replace(/\.js$/, "")}-gone.js`,
    ]) {
      const answer = await get(ORIGIN_URL, path);
      assert.notEqual(answer.headers["cache-control"], IMMUTABLE, `${path} answered ${answer.status}`);
      assert.equal(answer.headers["cache-control"], "public, max-age=0, must-revalidate", path);
    }
  });

  it("run their workers unprivileged, never as root", () => {
    const master = Number(readFileSync(join(prefixDir, "nginx.pid"), "utf8").trim());
    const workers = readdirSync("/proc")
      .filter((entry) => /^\d+$/.test(entry))
      .filter((pid) => {
        try {
          // "pid (comm) state ppid ...": the parent is the fourth field after the command
          const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
          return Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[1]) === master;
        } catch {
          return false;
        }
      });
    assert.ok(workers.length > 0, "nginx has a worker process");
    for (const pid of workers) {
      const uid = /^Uid:\s+(\d+)/m.exec(readFileSync(`/proc/${pid}/status`, "utf8"))?.[1];
      assert.notEqual(uid, "0", `worker ${pid} runs as root`);
    }
    assert.doesNotMatch(readFileSync(join(prefixDir, "nginx.conf"), "utf8"), /^\s*user\s+root\b/m);
  });

  for (const encoding of ["br", "gzip"] as const) {
    it(`answer with ${encoding} when the browser asks for it`, async () => {
      for (const path of ["/", `/${hashedScript()}`, "/page-data/index/page-data.json", "/events/"]) {
        const plain = await get(ORIGIN_URL, path);
        for (const base of [ORIGIN_URL, SITE_URL]) {
          const packed = await get(base, path, { "accept-encoding": encoding });
          // brotli from precompressed files only; gzip on the fly for the rest
          if (encoding === "br" && path === "/events/") continue;
          assert.equal(packed.headers["content-encoding"], encoding, `${base}${path}`);
          const unpacked = encoding === "br" ? brotliDecompressSync(packed.body) : gunzipSync(packed.body);
          assert.ok(unpacked.equals(plain.body), `${base}${path} decompresses to the file`);
          assert.ok(packed.body.length < plain.body.length);
        }
      }
    });
  }

  it("send a live page without copies gzipped on the fly, and brotli once a publish has written its copies", async () => {
    // a publish is live before it compresses: nginx must cope with either state of a page
    const browser = { "accept-encoding": "gzip, deflate, br" };
    const path = localize(href.places(), "ar");
    const file = join(PUBLIC, path, "index.html");
    for (const ext of [".br", ".gz"]) rmSync(file + ext, { force: true });
    const plain = readFileSync(file);

    const onTheFly = await get(ORIGIN_URL, path, browser);
    assert.equal(onTheFly.status, 200);
    assert.equal(onTheFly.headers["content-encoding"], "gzip", "no copies: gzip on the fly");
    assert.equal(onTheFly.headers["content-length"], undefined, "compressed as it is sent (chunked)");
    assert.ok(gunzipSync(onTheFly.body).equals(plain));
    assert.match(onTheFly.headers.vary ?? "", /Accept-Encoding/i);

    // what the compression step after the switch does, with nginx running (no reload)
    await precompressFile(file);
    const precompressed = await get(ORIGIN_URL, path, browser);
    assert.equal(precompressed.headers["content-encoding"], "br", "with copies: the .br");
    assert.equal(Number(precompressed.headers["content-length"]), readFileSync(`${file}.br`).length);
    assert.ok(brotliDecompressSync(precompressed.body).equals(plain));
    const gzipOnly = await get(ORIGIN_URL, path, { "accept-encoding": "gzip" });
    assert.equal(gzipOnly.headers["content-encoding"], "gzip");
    assert.equal(Number(gzipOnly.headers["content-length"]), readFileSync(`${file}.gz`).length, "the .gz as it is");
  });
});

describe("the site through nginx in Chromium", () => {
  it("loads and navigates with no Content-Security-Policy violation", async () => {
    const eventId = firstNumbered("events") ?? "1";
    const tp = await newPage();
    try {
      await tp.page.addInitScript(() => {
        const seen: string[] = [];
        (window as unknown as { __cspViolations: string[] }).__cspViolations = seen;
        document.addEventListener("securitypolicyviolation", (e) =>
          seen.push(`${e.violatedDirective} ${e.blockedURI} ${e.sourceFile}:${e.lineNumber}`),
        );
      });
      const visited: string[] = [];
      for (const lang of LANGUAGES) {
        for (const path of [href.home(), href.event(eventId), href.cart(), href.orderPay(1), "/no-such-page/"]) {
          const url = `${ORIGIN_URL}${localize(path, lang)}`;
          await tp.page.goto(url, { waitUntil: "load" });
          await waitForHydration(tp.page);
          const violations = await tp.page.evaluate(
            () => (window as unknown as { __cspViolations: string[] }).__cspViolations,
          );
          assert.deepEqual(violations, [], url);
          visited.push(url);
        }
      }
      // client-side navigation loads chunks and page-data through nginx too
      await tp.page.goto(`${ORIGIN_URL}/`, { waitUntil: "load" });
      await waitForHydration(tp.page);
      await tp.page.click(`a[href="${href.events()}"]`);
      await tp.page.waitForURL(`${ORIGIN_URL}${href.events()}`);
      const violations = await tp.page.evaluate(
        () => (window as unknown as { __cspViolations: string[] }).__cspViolations,
      );
      assert.deepEqual(violations, []);
      assert.deepEqual(
        tp.errors.filter((e) => /Content Security Policy|Refused to/i.test(e)),
        [],
      );
      assert.equal(visited.length, LANGUAGES.length * 5);
    } finally {
      await tp.close();
    }
  });
});
