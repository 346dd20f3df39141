/**
 * The shop `npm start` serves is the live release: a publish switches it over without a
 * moment of 404 (the build and the release's staging never touch what is served), and a
 * rollback switches it back, so what a local visitor sees follows both.
 *
 * Its own scratch copy of the project with a copy of the built public/; publishes with
 * --skip-build (no build: a change to public/ stands for one) while a visitor keeps asking.
 */
import assert from "node:assert/strict";
import { spawn } from "node:child_process";
import { chmodSync, cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import type { Server } from "node:http";
import { tmpdir } from "node:os";
import path from "node:path";
import { after, before, describe, it } from "node:test";
import { liveSiteDir } from "../../scripts/lib/live-site";
import { copyProject } from "../../scripts/lib/scratch-site";
import { createSiteServer, loadRules } from "../../scripts/serve";

const ROOT = path.resolve(__dirname, "../..");
const scratch = mkdtempSync(path.join(tmpdir(), "publish-live-shop-"));
chmodSync(scratch, 0o755);
const site = path.join(scratch, "site");
const env = { ...process.env, PUBLISH_ROOT: path.join(scratch, "releases") };
const PAGES = ["/", "/ru/", "/ar/", "/events/"];
const MARK = "<!-- publish-live-shop: the second release -->";
let server: Server;
let shop = "";

/** `npm run publish -- <args>` in the scratch copy, in a child process: the shop answers meanwhile. */
function publish(...args: string[]): Promise<void> {
  return new Promise((resolve, reject) => {
    let output = "";
    const child = spawn(process.execPath, ["--import", "tsx", path.join(site, "ops", "publish.ts"), ...args], {
      cwd: site,
      env,
    });
    child.stdout.on("data", (chunk: Buffer) => (output += chunk));
    child.stderr.on("data", (chunk: Buffer) => (output += chunk));
    child.once("exit", (code) =>
      code === 0 ? resolve() : reject(new Error(`publish exited with ${code}:\n${output}`)),
    );
  });
}

/** Asks for the pages over and over while `during` runs; every answer's status. */
async function visitWhile(during: () => Promise<void>): Promise<number[]> {
  const statuses: number[] = [];
  let running = true;
  const visitor = (async () => {
    for (let i = 0; running || i < PAGES.length; i++) {
      const res = await fetch(`${shop}${PAGES[i % PAGES.length]}`);
      await res.arrayBuffer();
      statuses.push(res.status);
    }
  })();
  await new Promise((r) => setTimeout(r, 50));
  await during();
  running = false;
  await visitor;
  return statuses;
}

const home = async () => (await fetch(`${shop}/`)).text();

before(async () => {
  copyProject(ROOT, site);
  cpSync(path.join(ROOT, "public"), path.join(site, "public"), { recursive: true });
  await publish("--skip-build");
  const live = liveSiteDir(env);
  server = createSiteServer(live, await loadRules(live));
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", () => r()));
  shop = `http://127.0.0.1:${(server.address() as { port: number }).port}`;
});

after(async () => {
  await new Promise<void>((r) => server.close(() => r()));
  rmSync(scratch, { recursive: true, force: true });
});

describe("the shop npm start serves", () => {
  it("answers every request with 200 throughout a publish, and then shows the new release", async () => {
    const index = path.join(site, "public", "index.html");
    writeFileSync(index, readFileSync(index, "utf8").replace("</body>", `${MARK}</body>`));
    const statuses = await visitWhile(() => publish("--skip-build"));
    assert.ok(statuses.length > PAGES.length, `${statuses.length} requests`);
    assert.deepEqual(
      statuses.filter((s) => s !== 200),
      [],
    );
    assert.ok((await home()).includes(MARK), "the second release is live");
  });

  it("shows the release before again after a rollback", async () => {
    const statuses = await visitWhile(() => publish("--rollback"));
    assert.deepEqual(
      statuses.filter((s) => s !== 200),
      [],
    );
    assert.ok(!(await home()).includes(MARK), "the first release is live again");
  });
});
