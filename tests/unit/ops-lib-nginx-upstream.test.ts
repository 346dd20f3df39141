/**
 * The load balancer's nginx configuration (ops/lib/nginx-upstream.ts): its upstream of
 * instances, and, run by Debian's nginx in front of stand-in instances, the rule that matters
 * most: a request goes to another instance after a refused connection (POSTs too: none was
 * sent), a GET also after a 503, but a POST that an instance received is never sent twice.
 */
import assert from "node:assert/strict";
import { type ChildProcess, spawn, spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { createServer, type Server } from "node:http";
import { tmpdir } from "node:os";
import path from "node:path";
import { after, before, describe, it } from "node:test";
import { freePort } from "../../lib/free-port";
import { balancerConfig, UPSTREAM_NAME, writeBalancerConfig } from "../../ops/lib/nginx-upstream";

const NGINX = process.env.NGINX_BIN ?? "/usr/sbin/nginx";
const base = { host: "127.0.0.1", port: 4000, prefixDir: "/srv/balancer", workerUser: null };
const three = [4001, 4002, 4003].map((port) => ({ host: "127.0.0.1", port }));

describe("the balancer's nginx configuration", () => {
  it("puts every instance in one least_conn upstream with passive health checks", () => {
    const conf = balancerConfig({ ...base, instances: three, maxFails: 3, failTimeoutS: 5 });
    const upstream = /upstream (\w+) \{([^}]*)\}/.exec(conf);
    assert.equal(upstream?.[1], UPSTREAM_NAME);
    assert.deepEqual(
      upstream?.[2]
        ?.split("\n")
        .map((line) => line.trim())
        .filter(Boolean),
      [
        "least_conn;",
        "server 127.0.0.1:4001 max_fails=3 fail_timeout=5s;",
        "server 127.0.0.1:4002 max_fails=3 fail_timeout=5s;",
        "server 127.0.0.1:4003 max_fails=3 fail_timeout=5s;",
      ],
    );
    assert.match(conf, /^\s*listen 127\.0\.0\.1:4000;$/m);
    assert.match(conf, new RegExp(`proxy_pass http://${UPSTREAM_NAME};`));
    assert.match(conf, /proxy_set_header X-Forwarded-For \$proxy_add_x_forwarded_for;/);
  });

  it("passes a request on only where that cannot do a thing twice", () => {
    const conf = balancerConfig({ ...base, instances: three });
    const retry = /^\s*proxy_next_upstream (.*);$/m.exec(conf)?.[1]?.split(" ");
    assert.deepEqual(retry, ["error", "timeout", "http_502", "http_503", "http_504"]);
    assert.doesNotMatch(conf, /non_idempotent/);
    assert.match(conf, /proxy_next_upstream_tries 3;/, "each instance at most once");
    assert.doesNotMatch(conf, /^\s*keepalive \d+;/m, "no kept-alive connections to the instances");
  });

  it("keeps nginx's files in its prefix folder and its workers off root", () => {
    const conf = balancerConfig({ ...base, instances: three });
    assert.match(conf, /^daemon off;$/m);
    assert.match(conf, /^pid \/srv\/balancer\/nginx\.pid;$/m);
    assert.match(conf, /proxy_temp_path \/srv\/balancer\/temp\/proxy;/);
    assert.doesNotMatch(conf, /^user /m);
    assert.match(
      balancerConfig({ ...base, instances: three, workerUser: "nobody nogroup" }),
      /^user nobody nogroup;$/m,
    );
    assert.throws(() => balancerConfig({ ...base, instances: three, workerUser: "root" }), /never run as root/);
  });

  it("refuses a balancer of nothing, twice the same instance, or one on its own port", () => {
    assert.throws(() => balancerConfig({ ...base, instances: [] }), /at least one instance/);
    assert.throws(() => balancerConfig({ ...base, instances: [three[0]!, three[0]!] }), /listed twice/);
    assert.throws(
      () => balancerConfig({ ...base, instances: [{ host: "127.0.0.1", port: 4000 }] }),
      /where the balancer listens/,
    );
    assert.throws(() => balancerConfig({ ...base, instances: [{ host: "127.0.0.1", port: 70000 }] }), /port number/);
  });
});

/** A stand-in instance: counts what it receives, answers every request with `status`. */
interface StandIn {
  port: number;
  received: string[];
  server: Server;
}

async function standIn(status: number): Promise<StandIn> {
  const port = await freePort();
  const received: string[] = [];
  const server = createServer((req, res) => {
    received.push(req.method ?? "?");
    req.resume();
    req.on("end", () => res.writeHead(status, { "content-type": "text/plain" }).end(String(port)));
  });
  await new Promise<void>((resolve) => server.listen(port, "127.0.0.1", resolve));
  return { port, received, server };
}

const nginxMissing = existsSync(NGINX) ? false : `${NGINX} is not installed (apt-get install -y nginx)`;

describe("Debian's nginx on that configuration", { skip: nginxMissing }, () => {
  let failing: StandIn;
  let healthy: StandIn;
  let refusedPort: number;
  const balancers: ChildProcess[] = [];
  const folders: string[] = [];

  before(async () => {
    [failing, healthy] = await Promise.all([standIn(503), standIn(200)]);
    refusedPort = await freePort(); // nothing listens there
  });
  after(async () => {
    for (const nginx of balancers) nginx.kill("SIGTERM");
    await Promise.all(
      balancers.map((nginx) => (nginx.exitCode === null ? new Promise((r) => nginx.once("exit", r)) : undefined)),
    );
    for (const folder of folders) rmSync(folder, { recursive: true, force: true });
    failing.server.close();
    healthy.server.close();
  });

  /** nginx in front of the given ports (failures never leave an instance out: each request shows the rule) */
  async function balancer(ports: number[]): Promise<string> {
    const prefixDir = mkdtempSync(path.join(tmpdir(), "balancer-test-"));
    folders.push(prefixDir);
    const port = await freePort();
    const instances = ports.map((p) => ({ host: "127.0.0.1", port: p }));
    const configFile = await writeBalancerConfig({ host: "127.0.0.1", port, instances, prefixDir, maxFails: 0 });
    const check = spawnSync(NGINX, ["-t", "-q", "-p", prefixDir, "-c", configFile], { encoding: "utf8" });
    assert.equal(check.status, 0, `nginx -t: ${check.stderr}\n${readFileSync(configFile, "utf8")}`);
    const nginx = spawn(NGINX, ["-p", prefixDir, "-c", configFile], { stdio: ["ignore", "ignore", "pipe"] });
    balancers.push(nginx);
    const url = `http://127.0.0.1:${port}`;
    for (const deadline = Date.now() + 10_000; ; ) {
      try {
        await fetch(url);
        return url;
      } catch (error) {
        if (Date.now() > deadline) throw error;
        await new Promise((r) => setTimeout(r, 50));
      }
    }
  }

  const send = async (url: string, method: string, times: number) => {
    const statuses: number[] = [];
    for (let i = 0; i < times; i++)
      statuses.push((await fetch(url, { method, body: method === "POST" ? "{}" : undefined })).status);
    return statuses;
  };

  it("sends a POST on after a refused connection: no instance received it", async () => {
    const url = await balancer([refusedPort, healthy.port]);
    const before = healthy.received.length;
    assert.deepEqual(await send(url, "POST", 4), [200, 200, 200, 200]);
    assert.equal(healthy.received.length - before, 4);
  });

  it("sends a GET on after a 503, but never a POST that an instance received", async () => {
    const url = await balancer([failing.port, healthy.port]);
    failing.received.length = 0;
    healthy.received.length = 0;
    assert.deepEqual(await send(url, "GET", 6), [200, 200, 200, 200, 200, 200]);
    assert.ok(failing.received.length > 0, "the failing instance had its turns");
    assert.equal(healthy.received.length, 6);

    failing.received.length = 0;
    healthy.received.length = 0;
    const statuses = await send(url, "POST", 6);
    const posts = failing.received.length + healthy.received.length;
    assert.equal(posts, 6, "each POST reached exactly one instance");
    assert.ok(failing.received.length > 0, "the failing instance had its turns");
    assert.equal(statuses.filter((s) => s === 503).length, failing.received.length, "its 503s reach the buyer");
  });
});
