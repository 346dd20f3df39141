/**
 * Publishing only what changed: a hook whose body names the changed event makes the build read
 * just that event (`id_in` on /v1/events, in every language) and merge it into the catalogue
 * snapshot the last build kept; the new title is live and the catalogue saw no other list
 * request. A hook without a body, and one whose snapshot is gone, read everything.
 *
 * Its own local server with a fresh database, behind a small recording proxy (what the
 * catalogue was asked), a scratch copy of the project, the publisher; the live release is
 * served with `npm run serve`'s rules straight from PUBLISH_ROOT/current.
 */
import assert from "node:assert/strict";
import { chmodSync, existsSync, mkdtempSync, rmSync } from "node:fs";
import { createServer, request, type Server } from "node:http";
import { tmpdir } from "node:os";
import path from "node:path";
import { after, before, describe, it } from "node:test";
import { stopAll } from "../../lib/processes";
import { signBody } from "../../ops/lib/auth";
import { changeEventTitle, waitForServedTitle } from "../../scripts/lib/editor-change";
import { callHook, type PublisherStatus, waitUntilSettled } from "../../scripts/lib/publisher-client";
import { copyProject } from "../../scripts/lib/scratch-site";
import { createSiteServer, loadRules } from "../../scripts/serve";
import { freePort } from "./support/ports";
import { startPublisher, startShopServer } from "./support/shop-server";

const ROOT = path.resolve(__dirname, "../..");
const TOKEN = "publish-delta-token-0123456789";
const BUILD_TIMEOUT_MS = Number(process.env.PUBLISH_TEST_TIMEOUT_MS ?? 1_800_000);
const scratch = mkdtempSync(path.join(tmpdir(), "publish-delta-"));
chmodSync(scratch, 0o755);
const site = path.join(scratch, "site");
const releases = path.join(scratch, "releases");
const database = path.join(scratch, "catalogue.sqlite");
/** what the catalogue was asked, through the proxy, as path and query */
const asked: string[] = [];
let apiUrl = "";
let proxyUrl = "";
let publisherUrl = "";
let proxy: Server;

/** Forwards every request to the local server and notes its path and query. */
function startProxy(target: URL): Promise<Server> {
  const server = createServer((req, res) => {
    asked.push(req.url ?? "/");
    const forward = request(
      { host: target.hostname, port: target.port, path: req.url, method: req.method, headers: req.headers },
      (answer) => {
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(res);
      },
    );
    forward.on("error", () => res.writeHead(502).end());
    req.pipe(forward);
  });
  return new Promise((resolve) => server.listen(0, "127.0.0.1", () => resolve(server)));
}

/** Calls the hook with `body` (signed, as a CMS does) and waits until the publish has ended. */
async function publish(body: string): Promise<{ status: PublisherStatus; asked: string[] }> {
  const from = asked.length;
  const since = Date.now();
  const res = await callHook(
    publisherUrl,
    "publish",
    { headers: { "x-signature-256": signBody(TOKEN, body) } },
    { body },
  );
  assert.equal(res.status, 202);
  const status = await waitUntilSettled(publisherUrl, since, BUILD_TIMEOUT_MS);
  assert.equal(status.lastAttempt?.result, "succeeded", JSON.stringify(status.lastAttempt));
  return { status, asked: asked.slice(from) };
}

/** The live release's page, as `npm run serve` answers it from PUBLISH_ROOT/current. */
async function livePage(pathname: string): Promise<string> {
  const current = path.join(releases, "current");
  const serve = createSiteServer(current, await loadRules(current));
  await new Promise<void>((r) => serve.listen(0, "127.0.0.1", () => r()));
  try {
    const res = await fetch(`http://127.0.0.1:${(serve.address() as { port: number }).port}${pathname}`);
    assert.equal(res.status, 200, pathname);
    return await res.text();
  } finally {
    await new Promise<void>((r) => serve.close(() => r()));
  }
}

async function changeTitle(id: number, title: string): Promise<void> {
  changeEventTitle(database, id, title);
  await waitForServedTitle(apiUrl, id, title);
}

const lists = (urls: string[]) => urls.filter((u) => /^\/v1\/(events|places|persons|news)\?/.test(u));

before(async () => {
  copyProject(ROOT, site);
  const [apiPort, publisherPort] = [await freePort(), await freePort()];
  apiUrl = `http://127.0.0.1:${apiPort}`;
  publisherUrl = `http://127.0.0.1:${publisherPort}`;
  await startShopServer("delta-server", site, apiPort, database);
  proxy = await startProxy(new URL(apiUrl));
  proxyUrl = `http://127.0.0.1:${(proxy.address() as { port: number }).port}`;
  await startPublisher(
    "delta-publisher",
    site,
    { token: TOKEN, port: publisherPort, releases, apiUrl: proxyUrl, siteUrl: "http://127.0.0.1:9" },
    { PUBLISH_QUIET_MS: "300" },
  );
});

after(async () => {
  await stopAll();
  await new Promise<void>((r) => proxy.close(() => r()));
  rmSync(scratch, { recursive: true, force: true });
});

describe("publishing only the records a hook names", () => {
  it("reads the whole catalogue for the first publish, body or not, and keeps it beside the build cache", async () => {
    const { status, asked: first } = await publish(JSON.stringify({ changes: [{ kind: "event", id: 3 }] }));
    assert.equal(status.lastAttempt?.changes, null, "what came before the publisher started is unknown");
    assert.ok(lists(first).some((u) => u.startsWith("/v1/places?")));
    assert.ok(existsSync(path.join(site, ".catalogue-snapshot.json")));
  });

  it("reads only the named event, in every language, and its new title is live", async () => {
    await changeTitle(3, "Delta publish: a new title");
    const { status, asked: read } = await publish(
      JSON.stringify({ event: "entry.update", model: "event", entry: { id: 3, title: "ignored" } }),
    );
    assert.deepEqual(status.lastAttempt?.changes, [{ kind: "event", id: 3 }]);
    const listRequests = lists(read);
    assert.equal(listRequests.length, 3, listRequests.join("\n"));
    for (const url of listRequests) {
      assert.match(url, /^\/v1\/events\?/, "no other list is read");
      assert.match(url, /[?&]id_in=3(&|$)/);
    }
    assert.deepEqual(listRequests.map((u) => new URL(u, "http://x").searchParams.get("lang")).sort(), [
      "ar",
      "en",
      "ru",
    ]);
    assert.match(await livePage("/events/3/"), /Delta publish: a new title/);
  });

  it("reads everything for a hook without a body", async () => {
    await changeTitle(3, "Delta publish: without a body");
    const { status, asked: read } = await publish("");
    assert.equal(status.lastAttempt?.changes, null);
    assert.ok(lists(read).some((u) => u.startsWith("/v1/events?") && !/id_in=/.test(u)));
    assert.ok(lists(read).some((u) => u.startsWith("/v1/persons?")));
    assert.match(await livePage("/events/3/"), /Delta publish: without a body/);
  });

  it("reads everything when the kept snapshot is gone, and still publishes the change", async () => {
    rmSync(path.join(site, ".catalogue-snapshot.json"));
    await changeTitle(3, "Delta publish: no snapshot");
    const { asked: read } = await publish(JSON.stringify({ changes: [{ kind: "event", id: 3 }] }));
    assert.ok(
      lists(read).some((u) => u.startsWith("/v1/events?") && !/id_in=/.test(u)),
      "the whole list was read",
    );
    assert.match(await livePage("/events/3/"), /Delta publish: no snapshot/);
    assert.ok(existsSync(path.join(site, ".catalogue-snapshot.json")), "and kept again for the next");
  });
});
