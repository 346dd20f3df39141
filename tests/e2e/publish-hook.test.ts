/**
 * Publishing end to end: an editor's change reaches visitors through the publisher's hook,
 * served by the origin from PUBLISH_ROOT/current, with no error while the release switches;
 * rollback, a dead catalogue, a shrunken catalogue, bursts and a wrong token.
 *
 * The origin is Debian's nginx through `npm run origin`, which reloads its rules when
 * `current` moves. Everything here is this file's own: a local server with a fresh database (titles change,
 * faults are switched on, events are deleted: the shared server of the other test files must
 * not see that), a scratch copy of the project to build in (its .cache/ and public/), the
 * publisher and the origin, all on free ports. Short quiet windows keep it fast; the builds
 * themselves are the real incremental ones (about 11 s each for the sample on an idle machine).
 */
import assert from "node:assert/strict";
import { chmodSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { createServer, type Server } from "node:http";
import { tmpdir } from "node:os";
import path from "node:path";
import { after, before, describe, it } from "node:test";
import Database from "better-sqlite3";
import { startProcess, stopAll, waitFor } from "../../lib/processes";
import { signBody } from "../../ops/lib/auth";
import { changeEventTitle, waitForServedTitle } from "../../scripts/lib/editor-change";
import { callHook, type PublisherStatus, publisherStatus, waitUntilSettled } from "../../scripts/lib/publisher-client";
import { copyProject } from "../../scripts/lib/scratch-site";
import { createSiteServer, loadRules } from "../../scripts/serve";
import { IMMUTABLE } from "../../src/core/cdn-rules";
import { closeBrowser, newPage } from "./support/browser";
import { freePort } from "./support/ports";
import { startPublisher, startShopServer } from "./support/shop-server";

const ROOT = path.resolve(__dirname, "../..");
const TOKEN = "publish-test-token-0123456789";
/** a hashed chunk of an older build, put into the first release by the test */
const CARRIED_ASSET = "component---src-templates-retired-tsx-0123456789abcdef0123.js";

/**
 * PUBLISH_TEST_DIR keeps the scratch copy (its .cache/ and public/) between local runs, and
 * PUBLISH_TEST_PORTS="api,publisher,origin" fixes the ports, so that a second run's first
 * publish is incremental (the build starts from scratch when the catalogue or site address
 * changes). By default both are fresh.
 */
const keptDir = process.env.PUBLISH_TEST_DIR;
const fixedPorts = (process.env.PUBLISH_TEST_PORTS ?? "").split(",").filter(Boolean).map(Number);
const scratch = keptDir ? path.resolve(keptDir) : mkdtempSync(path.join(tmpdir(), "publish-e2e-"));
// nginx's workers run unprivileged (as nobody when the test runs as root): they read the releases
chmodSync(scratch, 0o755);
/** a build from scratch on a busy 2-core machine takes many minutes; on an idle one about 40 s */
const BUILD_TIMEOUT_MS = Number(process.env.PUBLISH_TEST_TIMEOUT_MS ?? 1_800_000);
const site = path.join(scratch, "site");
const releases = path.join(scratch, "releases");
const database = path.join(scratch, "catalogue.sqlite");
let apiUrl = "";
let publisherUrl = "";
let originUrl = "";
let originPort = 0;
const notifications: Array<{ event: string; [key: string]: unknown }> = [];
let receiver: Server;

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

function status(): Promise<PublisherStatus> {
  return publisherStatus(publisherUrl);
}

function hook(
  kind: "publish" | "rollback",
  init: { token?: string; query?: string; signed?: boolean } = {},
): Promise<Response> {
  const body = JSON.stringify({ event: "entry.publish", model: "event" });
  const auth = init.signed ? { headers: { "x-signature-256": signBody(TOKEN, body) } } : { token: init.token ?? TOKEN };
  return callHook(publisherUrl, kind, auth, { query: init.query, body });
}

/** Waits until nothing runs or waits and an attempt started after `since` has ended. */
function settled(since: number, timeoutMs = BUILD_TIMEOUT_MS): Promise<PublisherStatus> {
  return waitUntilSettled(publisherUrl, since, timeoutMs);
}

async function page(pathname: string): Promise<{ status: number; text: string }> {
  const res = await fetch(`${originUrl}${pathname}`);
  return { status: res.status, text: await res.text() };
}

/**
 * Waits for a notification: the publisher sends it without waiting once it has recorded the
 * result (a success after the copy to a bucket, if one is set), so under load it may land after
 * the status says so.
 */
async function notified(event: string, release?: string, timeoutMs = 30_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!notifications.some((n) => n.event === event && (release === undefined || n.release === release))) {
    assert.ok(Date.now() < deadline, `no "${event}" notification in ${timeoutMs} ms: ${JSON.stringify(notifications)}`);
    await sleep(50);
  }
}

function started(): number {
  return notifications.filter((n) => n.event === "started").length;
}

/** An editor's change, awaited until the server answers it. */
async function changeTitle(id: number, title: string): Promise<void> {
  changeEventTitle(database, id, title);
  await waitForServedTitle(apiUrl, id, title);
}

async function faults(settings: Record<string, unknown>): Promise<void> {
  const res = await fetch(`${apiUrl}/__faults`, {
    method: "PUT",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(settings),
  });
  assert.equal(res.status, 200);
}

/** nginx through `npm run origin`, serving PUBLISH_ROOT/current (so it starts once a release is live). */
async function startOrigin(): Promise<void> {
  const env = {
    ...process.env,
    PUBLISH_ROOT: releases,
    ORIGIN_PORT: String(originPort),
    ORIGIN_PREFIX: path.join(scratch, "origin"),
  };
  const origin = startProcess("origin", process.execPath, ["--import", "tsx", "ops/origin.ts"], {
    cwd: site,
    env,
    output: "quiet",
  });
  await waitFor(`${originUrl}/`, "the nginx origin", { child: origin.child });
}

before(async () => {
  // a kept scratch copy keeps its build cache; the data, releases and code are always fresh
  for (const stale of [
    releases,
    path.join(scratch, "origin"),
    ...["", "-wal", "-shm"].map((suffix) => database + suffix),
  ])
    rmSync(stale, { recursive: true, force: true });
  copyProject(ROOT, site);

  receiver = createServer((req, res) => {
    let body = "";
    req.on("data", (c: Buffer) => (body += c.toString()));
    req.on("end", () => {
      notifications.push(JSON.parse(body) as { event: string });
      res.writeHead(204).end();
    });
  });
  await new Promise<void>((r) => receiver.listen(0, "127.0.0.1", () => r()));
  const receiverPort = (receiver.address() as { port: number }).port;

  const [apiPort, publisherPort] = fixedPorts.length === 3 ? fixedPorts : [await freePort(), await freePort()];
  originPort = fixedPorts.length === 3 ? (fixedPorts[2] as number) : await freePort();
  originUrl = `http://127.0.0.1:${originPort}`;
  apiUrl = `http://127.0.0.1:${apiPort}`;
  publisherUrl = `http://127.0.0.1:${publisherPort}`;
  await startShopServer("publish-server", site, Number(apiPort), database, { FAULT_CONTROL: "1" });

  await startPublisher(
    "publisher",
    site,
    { token: TOKEN, port: Number(publisherPort), releases, apiUrl, siteUrl: originUrl },
    {
      PUBLISH_QUIET_MS: "400",
      PUBLISH_MAX_WAIT_MS: "3000",
      PUBLISH_NOTIFY_URL: `http://127.0.0.1:${receiverPort}/notify`,
    },
  );
});

after(async () => {
  await closeBrowser();
  await stopAll();
  await new Promise<void>((r) => receiver.close(() => r()));
  if (!keptDir) rmSync(scratch, { recursive: true, force: true });
});

describe("publishing through the hook", () => {
  it("refuses a wrong or missing token and starts nothing", async () => {
    assert.equal((await hook("publish", { token: "wrong-token" })).status, 401);
    const missing = await fetch(`${publisherUrl}/hooks/publish`, { method: "POST" });
    assert.equal(missing.status, 401);
    assert.match(((await missing.json()) as { detail: string }).detail, /token/);
    assert.equal((await hook("rollback", { token: "" })).status, 401);
    await sleep(800);
    const s = await status();
    assert.equal(s.state, "idle");
    assert.equal(s.lastAttempt, null);
    assert.equal(s.pending, null);
    assert.equal(started(), 0);
    assert.equal((await fetch(`${publisherUrl}/hooks/status`, { method: "POST" })).status, 405);
    assert.equal((await fetch(`${publisherUrl}/hooks/nothing`)).status, 404);
  });

  it("publishes the first release on a signed call", async () => {
    const since = Date.now();
    const res = await hook("publish", { signed: true });
    assert.equal(res.status, 202);
    const s = await settled(since);
    assert.equal(s.lastAttempt?.result, "succeeded", JSON.stringify(s.lastAttempt));
    assert.equal(s.live?.release, "0001");
    assert.ok((s.live?.pages ?? 0) > 300);
    assert.ok(existsSync(path.join(releases, "0001", "index.html.br")), "text files are precompressed");
    assert.ok(
      existsSync(path.join(releases, "0001", "nginx", "nginx.conf")),
      "the release carries its nginx configuration",
    );
    const steps = s.lastAttempt?.steps ?? {};
    for (const step of ["build", "stage", "verify", "switch", "compress"] as const)
      assert.ok(typeof steps[step] === "number", `the status times the ${step} step: ${JSON.stringify(steps)}`);
    // live at the switch, compressed after it within the same job
    const liveAt = Date.parse(s.lastAttempt?.liveAt ?? "");
    assert.ok(liveAt <= Date.parse(s.lastAttempt?.endedAt ?? ""), JSON.stringify(s.lastAttempt));
    assert.equal(s.lastAttempt?.warning, null);
    const manifest = JSON.parse(readFileSync(path.join(releases, "0001", "release.json"), "utf8"));
    assert.ok(manifest.compression?.written > 0 && manifest.compression.error === null, JSON.stringify(manifest));
    assert.ok(Date.parse(manifest.createdAt) <= liveAt, "the release's time is its switch's, not its compression's");
    assert.ok((steps.build ?? 0) > 1, "most of a publish is its build");
    // a chunk only an earlier build had: the next release carries it for pages still open
    writeFileSync(path.join(releases, "0001", CARRIED_ASSET), "/* an earlier build's chunk */\n");
    await startOrigin();
    const home = await page("/");
    assert.equal(home.status, 200);
    assert.equal((await page("/ru/events/3/")).status, 200);
  });

  it("coalesces a burst of five calls into one build, serves the new title, and switches with no failed request", async () => {
    const before = (await page("/events/3/")).text;
    await changeTitle(3, "Publishing test: new title");
    const buildsBefore = started();
    const since = Date.now();
    for (let i = 0; i < 5; i++) {
      assert.equal((await hook("publish")).status, 202);
      await sleep(50);
    }
    assert.equal((await status()).pending?.requests, 5);

    const failures: string[] = [];
    let requests = 0;
    let polling = true;
    const poller = (async () => {
      const paths = ["/", "/events/3/", "/ru/events/3/", "/page-data/app-data.json", "/events/"];
      while (polling) {
        const pathname = paths[requests % paths.length] as string;
        requests++;
        try {
          const res = await fetch(`${originUrl}${pathname}`);
          await res.arrayBuffer();
          if (res.status !== 200) failures.push(`${pathname}: ${res.status}`);
        } catch (error) {
          failures.push(`${pathname}: ${(error as Error).message}`);
        }
        await sleep(3);
      }
    })();
    const s = await settled(since);
    polling = false;
    await poller;

    assert.equal(s.lastAttempt?.result, "succeeded", JSON.stringify(s.lastAttempt));
    assert.equal(started() - buildsBefore, 1, "five calls, one build");
    assert.equal(s.live?.release, "0002");
    assert.ok(requests > 50, `the poller made only ${requests} requests`);
    assert.deepEqual(failures, [], "no visitor request failed while the release switched");
    const after = (await page("/events/3/")).text;
    assert.match(after, /Publishing test: new title/);
    assert.doesNotMatch(before, /Publishing test: new title/);
    await notified("succeeded", "0002");
  });

  it("serves the earlier releases' carried chunks with the year-long cache, through nginx and npm run serve", async () => {
    assert.ok(existsSync(path.join(releases, "0002", CARRIED_ASSET)), "release 0002 carries the chunk");
    const own = readdirSync(path.join(releases, "0002")).find((name) => /^app-[0-9a-f]{16,}\.js$/.test(name));
    assert.ok(own, "the release has its own app chunk");
    const serve = createSiteServer(path.join(releases, "current"), await loadRules(path.join(releases, "current")));
    await new Promise<void>((r) => serve.listen(0, "127.0.0.1", () => r()));
    const serveUrl = `http://127.0.0.1:${(serve.address() as { port: number }).port}`;
    try {
      for (const asset of [CARRIED_ASSET, own]) {
        // nginx rewrites its rules from the new release within a second of the switch
        const deadline = Date.now() + 10_000;
        let viaNginx = await fetch(`${originUrl}/${asset}`);
        while (viaNginx.headers.get("cache-control") !== IMMUTABLE && Date.now() < deadline) {
          await sleep(250);
          viaNginx = await fetch(`${originUrl}/${asset}`);
        }
        const viaServe = await fetch(`${serveUrl}/${asset}`);
        for (const [name, res] of [
          ["nginx", viaNginx],
          ["npm run serve", viaServe],
        ] as const) {
          assert.equal(res.status, 200, `${name} /${asset}`);
          assert.equal(res.headers.get("cache-control"), IMMUTABLE, `${name} /${asset}`);
        }
      }
    } finally {
      await new Promise<void>((r) => serve.close(() => r()));
    }
  });

  it("rolls back to the previous release in one call", async () => {
    const since = Date.now();
    assert.equal((await hook("rollback")).status, 202);
    const s = await settled(since, 60_000);
    assert.equal(s.lastAttempt?.kind, "rollback");
    assert.equal(s.lastAttempt?.result, "succeeded");
    assert.equal(s.live?.release, "0001");
    assert.doesNotMatch((await page("/events/3/")).text, /Publishing test: new title/);
    await notified("rolled back", "0001");
    assert.equal((await hook("rollback", { query: "?release=0002" })).status, 202);
    assert.equal((await settled(Date.now() - 100, 60_000)).live?.release, "0002");
    assert.match((await page("/events/3/")).text, /Publishing test: new title/);
    assert.equal((await hook("rollback", { query: "?release=../etc" })).status, 400);
  });

  it("gives exactly one more build for calls during a build", async () => {
    await changeTitle(3, "Publishing test: during a build");
    const buildsBefore = started();
    const since = Date.now();
    assert.equal((await hook("publish")).status, 202);
    const deadline = Date.now() + 60_000;
    while ((await status()).state !== "building" && Date.now() < deadline) await sleep(100);
    assert.equal((await status()).state, "building");
    await hook("publish");
    await hook("publish");
    const waiting = await status();
    assert.equal(waiting.pending?.requests, 2);
    // the waiting build starts when the first ends; the publisher is idle only after both
    const s = await settled(since);
    await sleep(1000);
    assert.equal(started() - buildsBefore, 2, "one build, then exactly one more");
    assert.equal(s.lastAttempt?.result, "succeeded");
    assert.match((await page("/events/3/")).text, /Publishing test: during a build/);
  });

  it("keeps the old site when the catalogue is dead, with the error in the status", async () => {
    const live = (await status()).live?.release;
    await faults({ dead: true, scope: "catalogue" });
    try {
      const since = Date.now();
      await hook("publish");
      const s = await settled(since);
      assert.equal(s.lastAttempt?.result, "failed");
      assert.match(s.lastAttempt?.error ?? "", /build failed/);
      assert.equal(s.live?.release, live, "current was not touched");
      assert.equal((await page("/events/3/")).status, 200);
      await notified("failed");
    } finally {
      await faults({ dead: false });
    }
  });

  it("refuses a release whose catalogue lost half its events", async () => {
    const live = (await status()).live?.release;
    const db = new Database(database);
    db.pragma("foreign_keys = OFF");
    const ids = (db.prepare("SELECT id FROM events ORDER BY id").all() as Array<{ id: number }>)
      .map((r) => r.id)
      .filter((id) => id % 2 === 0);
    const remove = db.transaction(() => {
      for (const table of ["event_categories", "event_persons", "event_labels", "tickets", "event_sessions"]) {
        db.prepare(`DELETE FROM ${table} WHERE event_id IN (${ids.join(",")})`).run();
      }
      db.prepare(`DELETE FROM events WHERE id IN (${ids.join(",")})`).run();
    });
    remove();
    db.close();
    await sleep(1500);
    const since = Date.now();
    await hook("publish");
    const s = await settled(since);
    assert.equal(s.lastAttempt?.result, "failed");
    assert.match(s.lastAttempt?.error ?? "", /verification refused .*event pages would drop/);
    assert.equal(s.live?.release, live);
    assert.equal((await page(`/events/${ids[0]}/`)).status, 200, "the live site still has the events");
    // the refused release left nothing behind
    const log = readFileSync(path.join(releases, "current", "release.json"), "utf8");
    assert.match(log, new RegExp(`"name": "${live}"`));
  });
});

describe("the editors' page", () => {
  const PHONE = { width: 390, height: 844 };
  const NEW_TITLE = "Editors' page: a new title";

  it("gives a wrong token nothing", async () => {
    const tp = await newPage({ viewport: PHONE, allowErrors: [/401/] });
    try {
      await tp.page.goto(`${publisherUrl}/editor/`);
      await tp.page.fill("#token", "not-the-token-at-all");
      await tp.page.click("button[type=submit]");
      await tp.page.waitForSelector("[role=alert]");
      assert.match((await tp.page.textContent("[role=alert]")) ?? "", /not right/);
      assert.equal(await tp.page.locator("#panel").count(), 0, "no dashboard without the token");
      assert.deepEqual(await tp.context.cookies(), []);
      const panel = await fetch(`${publisherUrl}/editor/panel`);
      assert.equal(panel.status, 401);
      assert.equal(await panel.text(), "");
      // a cross-site form post is refused before the token is even looked at
      const forged = await fetch(`${publisherUrl}/editor/login`, {
        method: "POST",
        headers: { origin: "http://evil.example", "content-type": "application/x-www-form-urlencoded" },
        body: `token=${TOKEN}`,
      });
      assert.equal(forged.status, 403);
      assert.equal(forged.headers.get("set-cookie"), null);
    } finally {
      await tp.close();
    }
  });

  it("lets an editor sign in, see failures explained, publish, watch the steps, roll back and sign out, on a phone", async () => {
    const tp = await newPage({ viewport: PHONE });
    const violations: string[] = [];
    tp.page.on("console", (msg) => {
      if (/Content Security Policy|Refused to/i.test(msg.text())) violations.push(msg.text());
    });
    try {
      await tp.page.goto(`${publisherUrl}/editor/?lang=en`);
      await tp.page.fill("#token", TOKEN);
      await tp.page.click("button[type=submit]");
      await tp.page.waitForSelector("#panel");
      const cookie = (await tp.context.cookies()).find((c) => c.name === "editor_session");
      assert.ok(cookie, "a session cookie");
      assert.equal(cookie?.httpOnly, true);
      assert.equal(cookie?.sameSite, "Strict");

      // the live release, and the two failures of the tests before, in an editor's words
      const before = (await status()).live?.release as string;
      assert.equal(await tp.page.getAttribute(".live .release", "data-release"), before);
      const drop = tp.page.locator(".failure-drop").first();
      assert.match(
        (await drop.locator(".what").textContent()) ?? "",
        /The check stopped this publish: event pages would drop from \d+ to \d+ \(\d+ % fewer\)/,
      );
      assert.match((await drop.locator(".todo").textContent()) ?? "", /removed on purpose/);
      assert.ok((await tp.page.locator(".attempt-failed").count()) >= 2, "the dead catalogue's failure is listed too");
      assert.match((await tp.page.locator(".attempt-failed .todo").last().textContent()) ?? "", /\w/);

      // the events were removed on purpose: publish anyway, with a new title, and watch it go
      await changeTitle(3, NEW_TITLE);
      await drop.locator("button").click();
      await tp.page.waitForURL(/requested=\d+/);
      const steps = new Set<string>();
      const banners = new Set<string>();
      const values: number[] = [];
      const deadline = Date.now() + BUILD_TIMEOUT_MS;
      let live = before;
      while (live === before && Date.now() < deadline) {
        const step = await tp.page.getAttribute(".running", "data-step").catch(() => null);
        if (step) steps.add(step);
        const banner = await tp.page.getAttribute(".banner", "data-state").catch(() => null);
        if (banner) banners.add(banner);
        const value = await tp.page.getAttribute(".running progress", "value").catch(() => null);
        if (value !== null) values.push(Number(value));
        live = (await tp.page.getAttribute(".live .release", "data-release").catch(() => before)) ?? before;
        await sleep(300);
      }
      assert.notEqual(live, before, "the page shows the new release by itself");
      assert.ok(steps.size >= 2, `the page showed the steps as they came: ${[...steps].join(", ")}`);
      // the banner follows the editor's publish, not "requested" all along
      assert.ok(
        banners.has("building") || banners.has("verifying"),
        `the banner followed the publish: ${[...banners].join(", ")}`,
      );
      await tp.page.waitForSelector('.banner[data-state="live"]', { timeout: 10_000 });
      assert.ok(
        values.some((v, i) => i > 0 && v > (values[i - 1] ?? 0)),
        `the progress bar moved: ${values.join(" ")}`,
      );
      assert.match((await page("/events/3/")).text, /Editors&#x27; page: a new title|Editors' page: a new title/);
      // what changed: the changed event page is linked on the live site
      const changed = tp.page.locator(`.change-changed a[href^="${originUrl}/"]`);
      assert.ok((await changed.count()) >= 1, "changed pages are linked on the live site");
      assert.match((await tp.page.locator(".change-removed h4").textContent()) ?? "", /pages removed/);

      // roll back to the release before, with a confirmation
      await tp.page.click(`li[data-release="${before}"] a.rollback`);
      await tp.page.waitForSelector("button.danger");
      assert.match((await tp.page.textContent("h1")) ?? "", new RegExp(`Roll back to release ${before}\\?`));
      await tp.page.click("button.danger");
      await tp.page.waitForURL(/done=rollback/);
      const rollbackDeadline = Date.now() + 60_000;
      while (
        (await tp.page.getAttribute(".live .release", "data-release").catch(() => null)) !== before &&
        Date.now() < rollbackDeadline
      )
        await sleep(300);
      assert.equal(await tp.page.getAttribute(".live .release", "data-release"), before);
      assert.equal((await status()).live?.release, before);
      assert.doesNotMatch((await page("/events/3/")).text, /a new title/);

      // the same page in Arabic, right to left
      await tp.page.goto(`${publisherUrl}/editor/?lang=ar`);
      assert.equal(await tp.page.getAttribute("html", "dir"), "rtl");
      assert.match((await tp.page.textContent("h1")) ?? "", /النشر/);
      const width = await tp.page.evaluate(() => document.documentElement.scrollWidth);
      assert.ok(width <= PHONE.width, `no sideways scrolling on a phone (${width} px)`);

      // sign out: the session is gone, even for a copy of its cookie
      const sessionCookie = (await tp.context.cookies()).find((c) => c.name === "editor_session")?.value ?? "";
      await tp.page.click(".logout button");
      await tp.page.waitForURL(/signedout/);
      assert.equal(await tp.page.locator("#token").count(), 1);
      const replay = await fetch(`${publisherUrl}/editor/panel`, {
        headers: { cookie: `editor_session=${sessionCookie}` },
      });
      assert.equal(replay.status, 401);
      assert.deepEqual(violations, []);
      assert.deepEqual(
        tp.errors.filter((e) => !/401|404|favicon/.test(e)),
        [],
      );
    } finally {
      await tp.close();
    }
  });
});
