/**
 * `npm run deploy` to a local directory and to an rsync/ssh target: the order of the writes
 * (hashed assets, page data, other files, HTML, rules), the grace period before stale files go,
 * and the hashed assets of kept releases that never go. The CLI runs for real, against release
 * directories made here. The rsync target is real rsync over a stand-in for ssh that runs the
 * remote side on this machine (support/local-ssh.sh), so "host:/path" is a local folder.
 */
import assert from "node:assert/strict";
import { spawn, spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, rmSync, utimesSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { after, describe, it } from "node:test";
import { decideStale, PHASES, parseDuration, phaseOf, planPhases } from "../../ops/lib/deploy-plan";
import { liveRelease } from "../../ops/lib/releases";
import { finishRelease, writeFiles } from "./support/release-fixture";

const ROOT = path.resolve(__dirname, "../..");
const LOCAL_SSH = path.join(__dirname, "support", "local-ssh.sh");
const scratch = mkdtempSync(path.join(tmpdir(), "deploy-unit-"));
after(() => rmSync(scratch, { recursive: true, force: true }));

function runDeploy(releases: string, env: NodeJS.ProcessEnv, args: string[]) {
  return spawnSync(process.execPath, ["--import", "tsx", path.join(ROOT, "ops/deploy.ts"), ...args], {
    cwd: ROOT,
    env: { ...process.env, PUBLISH_ROOT: releases, ...env },
    encoding: "utf8",
  });
}

describe("the deploy plan", () => {
  it("puts every file in its phase", () => {
    const phases: Record<string, string[]> = {
      "hashed assets": ["app-0123456789abcdef.js", "app-0123456789abcdef.js.br", "static/1a2b/poster.png"],
      "page data": ["page-data/app-data.json", "page-data/events/1/page-data.json.gz"],
      "other files": ["ics/event-1-en.ics", "sw.js"],
      HTML: ["ru/events/1/index.html"],
      rules: ["_headers", "nginx.conf", "nginx/site-headers.conf"],
    };
    for (const [phase, files] of Object.entries(phases))
      for (const file of files) assert.equal(phaseOf(file), phase, file);
    assert.deepEqual(
      planPhases(["index.html", "_redirects", "page-data/app-data.json", "app-0123456789abcdef.js"]).map(
        (p) => p.files,
      ),
      [["app-0123456789abcdef.js"], ["page-data/app-data.json"], [], ["index.html"], ["_redirects"]],
    );
  });

  it("keeps stale files through the grace period and never the protected ones", () => {
    const first = decideStale(
      { files: { "a.html": null, "app-0123456789abcdef.js": null } },
      ["b.html"],
      new Set(["app-0123456789abcdef.js"]),
      1000,
      500,
    );
    assert.deepEqual(first.remove, []);
    assert.deepEqual(first.keep, ["a.html"]);
    const second = decideStale(first.state, ["b.html"], new Set(["app-0123456789abcdef.js"]), 1400, 500);
    assert.deepEqual(second.remove, []);
    const third = decideStale(second.state, ["b.html"], new Set(["app-0123456789abcdef.js"]), 1500, 500);
    assert.deepEqual(third.remove, ["a.html"]);
    assert.equal(third.state.files["app-0123456789abcdef.js"], null);
    // a file that comes back is no longer stale
    assert.equal(decideStale(first.state, ["a.html", "b.html"], new Set(), 9999, 500).state.files["a.html"], null);
    assert.equal(parseDuration("2h"), 7_200_000);
    assert.equal(parseDuration("30"), 30_000);
    assert.throws(() => parseDuration("soon"), /not a duration/);
  });
});

describe("npm run deploy, before it writes", () => {
  it("has rsync for an rsync target (CI installs it)", () => {
    const rsync = spawnSync("rsync", ["--version"], { encoding: "utf8" });
    assert.equal(
      rsync.status,
      0,
      `rsync is not installed (${rsync.error?.message ?? rsync.stderr}): apt-get install rsync`,
    );
  });

  it("refuses to run without a target or a release", () => {
    const result = runDeploy(path.join(scratch, "none"), {}, []);
    assert.equal(result.status, 1);
    assert.match(result.stdout, /--to <directory/);
  });
});

describe("while a live release's compression still runs (the publish holds its lock)", () => {
  it("a rollback waits for it; while a publish is still building, one is refused", async () => {
    const releases = path.join(scratch, "lock-rollback");
    for (const name of ["0001", "0002"]) {
      writeFiles(path.join(releases, name), { "index.html": `<h1>${name}</h1>` });
      finishRelease(releases, name);
    }
    const rollback = () =>
      spawn(process.execPath, ["--import", "tsx", path.join(ROOT, "ops/publish.ts"), "--rollback"], {
        cwd: ROOT,
        env: { ...process.env, PUBLISH_ROOT: releases },
      });
    const collect = (child: ReturnType<typeof rollback>) => {
      const result = { out: "", exited: new Promise<number | null>((resolve) => child.once("exit", resolve)) };
      child.stdout.on("data", (chunk: Buffer) => (result.out += chunk.toString()));
      return result;
    };
    writeFileSync(path.join(releases, ".lock"), `${process.pid}\n`);
    const refused = collect(rollback());
    assert.equal(await refused.exited, 1);
    assert.match(refused.out, /another publish \(process \d+\) is running/);

    writeFileSync(path.join(releases, ".lock"), `${process.pid}\ncompressing 0002\n`);
    const waiting = collect(rollback());
    const deadline = Date.now() + 20_000;
    while (!waiting.out.includes("waiting") && Date.now() < deadline) await new Promise((r) => setTimeout(r, 100));
    assert.match(waiting.out, /waiting for the publish of 0002 to finish compressing/);
    assert.equal(liveRelease(releases), "0002", "not rolled back meanwhile");
    rmSync(path.join(releases, ".lock"));
    assert.equal(await waiting.exited, 0, waiting.out);
    assert.equal(liveRelease(releases), "0001");
  });

  it("npm run deploy of that release waits for its copies, then uploads them too", async () => {
    const releases = path.join(scratch, "compressing");
    const target = path.join(scratch, "compressing-cdn");
    writeFiles(path.join(releases, "0001"), { "index.html": "<h1>Live</h1>" });
    finishRelease(releases, "0001");
    // a live publish (this process) holds the lock and is compressing the live release
    writeFileSync(path.join(releases, ".lock"), `${process.pid}\ncompressing 0001\n`);
    const child = spawn(process.execPath, ["--import", "tsx", path.join(ROOT, "ops/deploy.ts"), "--to", target], {
      cwd: ROOT,
      env: { ...process.env, PUBLISH_ROOT: releases },
    });
    let out = "";
    child.stdout.on("data", (chunk: Buffer) => (out += chunk.toString()));
    const exited = new Promise<number | null>((resolve) => child.once("exit", resolve));
    const deadline = Date.now() + 20_000;
    while (!out.includes("waiting") && Date.now() < deadline) await new Promise((r) => setTimeout(r, 100));
    assert.match(out, /waiting for the publish to finish compressing release 0001/);
    assert.equal(existsSync(path.join(target, "index.html")), false, "nothing is uploaded meanwhile");
    writeFiles(path.join(releases, "0001"), { "index.html.br": "br", "index.html.gz": "gz" });
    rmSync(path.join(releases, ".lock"));
    assert.equal(await exited, 0, out);
    assert.equal(readFileSync(path.join(target, "index.html.br"), "utf8"), "br");
    assert.equal(readFileSync(path.join(target, "index.html.gz"), "utf8"), "gz");
  });
});

interface TargetKind {
  name: string;
  /** the --to argument for a local folder */
  spec(dir: string): string;
  env: NodeJS.ProcessEnv;
}

const TARGETS: TargetKind[] = [
  { name: "a directory", spec: (dir) => dir, env: {} },
  // a colon before any slash makes it an rsync target; the host name is dropped by local-ssh
  { name: "an rsync target over ssh", spec: (dir) => `origin.example:${dir}`, env: { RSYNC_RSH: LOCAL_SSH } },
];

for (const kind of TARGETS) {
  describe(`npm run deploy to ${kind.name}`, () => {
    const base = mkdtempSync(path.join(scratch, "target-"));
    const releases = path.join(base, "releases");
    const target = path.join(base, "cdn");

    /**
     * A release whose files carry a time of their own, 10 s after the release before: rsync's
     * quick check takes a file of the same size and the same whole second as unchanged, and
     * two releases written by this test within one second (on a fast machine) share both.
     * Real releases are built minutes apart.
     */
    function release(name: string, files: Record<string, string>): void {
      writeFiles(path.join(releases, name), files);
      const time = Math.floor(Date.now() / 1000) - 3600 + Number(name) * 10;
      for (const file of Object.keys(files)) utimesSync(path.join(releases, name, file), time, time);
      finishRelease(releases, name);
    }

    function deploy(grace: string): string[] {
      const result = runDeploy(releases, { ...kind.env, DEPLOY_GRACE: grace }, [
        "--to",
        kind.spec(target),
        "--verbose",
      ]);
      assert.equal(result.status, 0, result.stdout + result.stderr);
      return result.stdout.split("\n").filter(Boolean);
    }

    const read = (file: string) => readFileSync(path.join(target, file), "utf8");

    it("writes hashed assets first, then page data, other files, HTML and rules last", () => {
      release("0001", {
        "index.html": "<h1>one</h1>",
        "events/1/index.html": "<h1>event 1</h1>",
        "events/1/index.html.gz": "gz",
        "page-data/app-data.json": '{"webpackCompilationHash":"1"}',
        "page-data/events/1/page-data.json": "{}",
        "app-aaaaaaaaaaaaaaaa.js": "one",
        "static/0a1b2c/poster.png": "png",
        "sitemap.xml": "<urlset/>",
        _headers: "/*\n",
      });
      const lines = deploy("1s");
      const wrote = lines.filter((l) => l.startsWith("deploy: wrote ")).map((l) => l.slice("deploy: wrote ".length));
      const rank = (file: string) => PHASES.indexOf(phaseOf(file));
      const ranks = wrote.map(rank);
      assert.deepEqual(
        ranks,
        [...ranks].sort((a, b) => a - b),
        `written out of order: ${wrote.join(", ")}`,
      );
      assert.ok(wrote.indexOf("app-aaaaaaaaaaaaaaaa.js") < wrote.indexOf("index.html"));
      assert.equal(wrote.at(-1), "release.json");
      assert.equal(read("events/1/index.html"), "<h1>event 1</h1>");
      assert.equal(read("static/0a1b2c/poster.png"), "png");
      // nothing changed: nothing is written again
      assert.equal(deploy("1s").filter((l) => l.startsWith("deploy: wrote ")).length, 0);
    });

    it("removes a file the new release lacks only after the grace period, and keeps a kept release's hashed assets", async () => {
      release("0002", {
        "index.html": "<h1>two</h1>",
        "page-data/app-data.json": '{"webpackCompilationHash":"2"}',
        "app-bbbbbbbbbbbbbbbb.js": "two",
        "sitemap.xml": "<urlset/>",
        _headers: "/*\n",
      });
      const lines = deploy("1s");
      assert.ok(
        lines.some((l) => /0 stale files removed, 3 stale files kept/.test(l)),
        lines.join("\n"),
      );
      assert.equal(read("index.html"), "<h1>two</h1>");
      assert.ok(existsSync(path.join(target, "events/1/index.html")), "still there during the grace period");
      await new Promise((r) => setTimeout(r, 1100));
      const later = deploy("1s");
      assert.ok(later.includes("deploy: removed events/1/index.html"), later.join("\n"));
      assert.ok(!existsSync(path.join(target, "events/1")), "emptied directories go too");
      assert.ok(!existsSync(path.join(target, "page-data/events")));
      assert.ok(
        existsSync(path.join(target, "app-aaaaaaaaaaaaaaaa.js")),
        "release 0001 is kept, so are its hashed assets",
      );
      assert.ok(existsSync(path.join(target, "static/0a1b2c/poster.png")));

      // once 0001 is no longer kept, its assets become stale and go after their own grace period
      rmSync(path.join(releases, "0001"), { recursive: true });
      deploy("1s");
      assert.ok(existsSync(path.join(target, "app-aaaaaaaaaaaaaaaa.js")));
      await new Promise((r) => setTimeout(r, 1100));
      deploy("1s");
      assert.ok(!existsSync(path.join(target, "app-aaaaaaaaaaaaaaaa.js")));
      assert.equal(read("app-bbbbbbbbbbbbbbbb.js"), "two");
    });
  });
}
